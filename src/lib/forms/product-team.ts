/**
 * The product-team application on /product-teams: the careers row, with the
 * expertise column made of the chosen product and domain ("<product> - <domain>").
 * Products and their domains come from content/lists/recruitment-products.yaml.
 */
import { careersForm } from './careers';
import { defineForm, type FieldDefinition } from './definition';

type CareersName = (typeof careersForm.fields)[number]['name'];
/** A careers field, typed by its own name so this form's values do not include the careers-only ones. */
const field = <K extends CareersName>(name: K) => careersForm.fields.find((f) => f.name === name)! as FieldDefinition<K>;
const choice = (name: 'product' | 'domain'): FieldDefinition<'product' | 'domain'> => ({ name, input: 'select', required: true });

/** The expertise column holds both choices; together they must fit its bound. */
const EXPERTISE_SEPARATOR = ' - ';

export const productTeamForm = defineForm({
  id: 'product-team',
  table: 'job_applications',
  fields: [
    field('name'),
    field('email'),
    choice('product'),
    choice('domain'),
    field('experience'),
    field('portfolio'),
    field('coverLetter'),
  ],
  layout: [['name', 'email'], ['product', 'domain'], 'experience', 'portfolio', 'coverLetter'],
  derive: (values) => ({ expertise: `${values.product.trim()}${EXPERTISE_SEPARATOR}${values.domain.trim()}` }),
});
