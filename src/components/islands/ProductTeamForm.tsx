/**
 * The product-team application on /product-teams (SPEC §2, §7 call 4). The
 * domain list follows the chosen product (each recruitment product names the
 * domains it seeks in content/lists/recruitment-products.yaml).
 */
import { emptyProductTeam, productTeamRow } from '../../lib/forms/rows';
import { EMAIL_PATTERN, LIMITS, URL_PATTERN } from '../../lib/forms/limits';
import type { FormsCopy } from '../../lib/schemas';
import { TextField } from '../forms/fields';
import { FormFrame, SelectField, TextAreaField } from '../forms/form-fields';
import { useFormSubmit } from '../forms/useFormSubmit';

export interface RecruitingProduct {
  title: string;
  domains: string[];
}

interface Props {
  copy: FormsCopy['productTeam'];
  common: FormsCopy['common'];
  products: RecruitingProduct[];
  labelledBy?: string;
}

const L = LIMITS.job_applications;
const F = 'product-team';

export default function ProductTeamForm({ copy, common, products, labelledBy }: Props) {
  const form = useFormSubmit({
    name: F,
    empty: emptyProductTeam,
    table: 'job_applications',
    toRow: productTeamRow,
    success: () => copy.success,
    error: copy.error,
  });
  const { values, setField } = form;
  const f = copy.fields;
  const domains = products.find((p) => p.title === values.product)?.domains ?? [];
  const chooseProduct = (product: string) => {
    setField('product', product);
    const next = products.find((p) => p.title === product)?.domains ?? [];
    if (!next.includes(values.domain)) setField('domain', '');
  };
  return (
    <FormFrame name={F} state={form} labelledBy={labelledBy} submit={{ label: copy.submit, busyLabel: copy.submitting }} honeypotLabel={common.honeypot}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={F} name="name" copy={f.name} value={values.name} onChange={(v) => setField('name', v)} required maxLength={L.full_name} autoComplete="name" />
        <TextField form={F} name="email" type="email" copy={f.email} value={values.email} onChange={(v) => setField('email', v)} required maxLength={L.email} pattern={EMAIL_PATTERN} autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField form={F} name="product" copy={f.product} value={values.product} onChange={chooseProduct} options={products.map((p) => p.title)} required />
        <SelectField
          form={F}
          name="domain"
          copy={f.domain}
          value={values.domain}
          onChange={(v) => setField('domain', v)}
          options={domains}
          placeholder={values.product ? f.domain.placeholder : copy.domainFirst}
          required
        />
      </div>
      <TextField form={F} name="experience" copy={f.experience} value={values.experience} onChange={(v) => setField('experience', v)} required maxLength={L.experience} />
      <TextField form={F} name="portfolio" type="url" copy={f.portfolio} value={values.portfolio} onChange={(v) => setField('portfolio', v)} maxLength={L.portfolio_url} pattern={URL_PATTERN} optionalMark={common.optional} autoComplete="url" />
      <TextAreaField form={F} name="coverLetter" rows={6} copy={f.coverLetter} value={values.coverLetter} onChange={(v) => setField('coverLetter', v)} required maxLength={L.cover_letter} />
    </FormFrame>
  );
}
