/**
 * The website's forms, one definition each (table, fields, columns, limits,
 * patterns), by their one name. The form islands, the row builder, the copy
 * schema, the SQL tests and the team's notification all read these.
 */
import type { FormDefinition, FormName } from './definition';
import { contactForm } from './contact';
import { demoForm } from './demo';
import { careersForm } from './careers';
import { productTeamForm } from './product-team';

export { FORM_NAMES, type FormName } from './definition';

export const FORMS = {
  contact: contactForm,
  demo: demoForm,
  careers: careersForm,
  'product-team': productTeamForm,
} as const satisfies Record<FormName, FormDefinition>;
