/** The demo request form on /advertising (SPEC §2, §7 call 2): a demo or a contact request, tagged in the message. */
import { demoRow, emptyDemo } from '../../lib/forms/rows';
import { DEMO_MESSAGE_MAX, EMAIL_PATTERN, LIMITS, type RequestType } from '../../lib/forms/limits';
import type { FormsCopy } from '../../lib/schemas';
import { TextField } from '../forms/fields';
import { FormFrame, TextAreaField } from '../forms/form-fields';
import { useFormSubmit } from '../forms/useFormSubmit';

interface Props {
  copy: FormsCopy['demo'];
  common: FormsCopy['common'];
  labelledBy?: string;
}

const L = LIMITS.contact_submissions;
const F = 'demo';
const TYPES: RequestType[] = ['demo', 'contact'];

export default function DemoForm({ copy, common, labelledBy }: Props) {
  const form = useFormSubmit({
    name: F,
    empty: emptyDemo,
    table: 'contact_submissions',
    toRow: demoRow,
    success: (values) => ({ title: copy.success.title, text: values.requestType === 'contact' ? copy.success.contact : copy.success.demo }),
    error: copy.error,
  });
  const { values, setField } = form;
  const f = copy.fields;
  return (
    <FormFrame name={F} state={form} labelledBy={labelledBy} submit={{ label: copy.submit, busyLabel: copy.submitting }} honeypotLabel={common.honeypot}>
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="field-label">{f.requestType.label}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {TYPES.map((type) => (
            <label
              key={type}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-ink-200 px-4 py-2 text-sm font-medium text-ink-900 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="requestType"
                value={type}
                checked={values.requestType === type}
                onChange={() => setField('requestType', type)}
                className="accent-brand-700"
              />
              {copy.requestTypes[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={F} name="firstName" copy={f.firstName} value={values.firstName} onChange={(v) => setField('firstName', v)} required maxLength={L.first_name} autoComplete="given-name" />
        <TextField form={F} name="lastName" copy={f.lastName} value={values.lastName} onChange={(v) => setField('lastName', v)} required maxLength={L.last_name} autoComplete="family-name" />
      </div>
      <TextField form={F} name="email" type="email" copy={f.email} value={values.email} onChange={(v) => setField('email', v)} required maxLength={L.email} pattern={EMAIL_PATTERN} autoComplete="email" />
      <TextField form={F} name="company" copy={f.company} value={values.company} onChange={(v) => setField('company', v)} maxLength={L.company} optionalMark={common.optional} autoComplete="organization" />
      <TextAreaField form={F} name="message" rows={4} copy={f.message} value={values.message} onChange={(v) => setField('message', v)} maxLength={DEMO_MESSAGE_MAX} optionalMark={common.optional} />
    </FormFrame>
  );
}
