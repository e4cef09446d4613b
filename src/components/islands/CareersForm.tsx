/** The careers application on /join-{slug}#application-form (SPEC §2, §7 call 3). */
import { careersRow, emptyCareers } from '../../lib/forms/rows';
import { EMAIL_PATTERN, LIMITS, URL_PATTERN } from '../../lib/forms/limits';
import type { FormsCopy } from '../../lib/schemas';
import { TextField } from '../forms/fields';
import { FormFrame, SelectField, TextAreaField } from '../forms/form-fields';
import { useFormSubmit } from '../forms/useFormSubmit';

interface Props {
  copy: FormsCopy['careers'];
  common: FormsCopy['common'];
  /** The 13 expertise areas (content/lists/expertise.yaml). */
  expertise: string[];
  labelledBy?: string;
}

const L = LIMITS.job_applications;
const F = 'careers';

export default function CareersForm({ copy, common, expertise, labelledBy }: Props) {
  const form = useFormSubmit({
    name: F,
    empty: emptyCareers,
    table: 'job_applications',
    toRow: careersRow,
    success: () => copy.success,
    error: copy.error,
  });
  const { values, setField } = form;
  const f = copy.fields;
  return (
    <FormFrame name={F} state={form} labelledBy={labelledBy} submit={{ label: copy.submit, busyLabel: copy.submitting }} honeypotLabel={common.honeypot}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={F} name="name" copy={f.name} value={values.name} onChange={(v) => setField('name', v)} required maxLength={L.full_name} autoComplete="name" />
        <TextField form={F} name="email" type="email" copy={f.email} value={values.email} onChange={(v) => setField('email', v)} required maxLength={L.email} pattern={EMAIL_PATTERN} autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField form={F} name="expertise" copy={f.expertise} value={values.expertise} onChange={(v) => setField('expertise', v)} options={expertise} required />
        <TextField form={F} name="experience" copy={f.experience} value={values.experience} onChange={(v) => setField('experience', v)} required maxLength={L.experience} />
      </div>
      <TextField form={F} name="portfolio" type="url" copy={f.portfolio} value={values.portfolio} onChange={(v) => setField('portfolio', v)} maxLength={L.portfolio_url} pattern={URL_PATTERN} optionalMark={common.optional} autoComplete="url" />
      <TextAreaField form={F} name="coverLetter" rows={6} copy={f.coverLetter} value={values.coverLetter} onChange={(v) => setField('coverLetter', v)} required maxLength={L.cover_letter} />
    </FormFrame>
  );
}
