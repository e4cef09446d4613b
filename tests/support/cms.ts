/** Reading a generated CMS field in the CMS configuration tests (tests/unit/cms/). */
import type { CmsField } from '../../src/lib/cms/fields';

/** The field of `fields` named `name`; throws when there is none. */
export const byName = (fields: CmsField[], name: string) => {
  const field = fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

/** Whether the CMS accepts `value` in a field by its pattern. */
export const accepts = (field: CmsField, value: string) => new RegExp(field.pattern![0]).test(value);
