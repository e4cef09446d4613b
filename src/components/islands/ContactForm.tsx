/** The contact form (SPEC §2 Contact, §7 call 1). */
import { contactRow, emptyContact } from '../../lib/forms/rows';
import { EMAIL_PATTERN, LIMITS } from '../../lib/forms/limits';
import type { FormsCopy } from '../../lib/schemas';
import { TextField } from '../forms/fields';
import { FormFrame, TextAreaField } from '../forms/form-fields';
import { useFormSubmit } from '../forms/useFormSubmit';

interface Props {
  copy: FormsCopy['contact'];
  common: FormsCopy['common'];
  labelledBy?: string;
}

const L = LIMITS.contact_submissions;
const F = 'contact';

export default function ContactForm({ copy, common, labelledBy }: Props) {
  const form = useFormSubmit({
    name: F,
    empty: emptyContact,
    table: 'contact_submissions',
    toRow: contactRow,
    success: () => copy.success,
    error: copy.error,
  });
  const { values, setField } = form;
  const f = copy.fields;
  return (
    <FormFrame name={F} state={form} labelledBy={labelledBy} submit={{ label: copy.submit, busyLabel: copy.submitting }} honeypotLabel={common.honeypot}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={F} name="firstName" copy={f.firstName} value={values.firstName} onChange={(v) => setField('firstName', v)} required maxLength={L.first_name} autoComplete="given-name" />
        <TextField form={F} name="lastName" copy={f.lastName} value={values.lastName} onChange={(v) => setField('lastName', v)} required maxLength={L.last_name} autoComplete="family-name" />
      </div>
      <TextField form={F} name="email" type="email" copy={f.email} value={values.email} onChange={(v) => setField('email', v)} required maxLength={L.email} pattern={EMAIL_PATTERN} autoComplete="email" />
      <TextField form={F} name="company" copy={f.company} value={values.company} onChange={(v) => setField('company', v)} maxLength={L.company} optionalMark={common.optional} autoComplete="organization" />
      <TextAreaField form={F} name="message" rows={5} copy={f.message} value={values.message} onChange={(v) => setField('message', v)} required maxLength={L.message} />
    </FormFrame>
  );
}
