/**
 * The product-team application on /product-teams (definition:
 * src/lib/forms/product-team.ts). The domain list follows the chosen product:
 * each recruitment product names the domains it seeks
 * (content/lists/recruitment-products.yaml). Before a product is chosen it
 * lists every product's domains under the product's name, so the server HTML
 * can be completed without the script (its first render is this one).
 */
import { productTeamForm } from '../../lib/forms/product-team';
import type { FormsCopy } from '../../lib/content/schemas';
import { SubmissionForm } from '../forms/SubmissionForm';

export interface RecruitingProduct {
  title: string;
  domains: string[];
}

interface Props {
  copy: FormsCopy['product-team'];
  common: FormsCopy['common'];
  products: RecruitingProduct[];
  labelledBy?: string;
}

export default function ProductTeamForm({ copy, common, products, labelledBy }: Props) {
  const domainsOf = (product: string) => products.find((p) => p.title === product)?.domains ?? [];
  return (
    <SubmissionForm
      definition={productTeamForm}
      copy={copy}
      common={common}
      labelledBy={labelledBy}
      choices={(values) => ({
        product: { options: products.map((p) => p.title) },
        domain: values.product
          ? { options: domainsOf(values.product) }
          : { options: [], groups: products.map((p) => ({ label: p.title, options: p.domains })) },
      })}
      alsoChange={(name, value, values) => (name === 'product' && !domainsOf(value).includes(values.domain) ? { domain: '' } : {})}
      success={() => copy.success}
    />
  );
}
