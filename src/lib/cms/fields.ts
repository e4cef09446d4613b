/**
 * One schema field as a field of the CMS (Sveltia CMS, which reads Decap's
 * configuration format), for the configuration ./config.ts generates: its
 * label, its hint (the schema's `.describe()` text and its limits), required
 * or not, length limits as patterns the editor enforces, select options from
 * enums, an upload for a field marked as an image, and the section types of a
 * discriminated union as typed list items. The schemas go through zod's JSON
 * Schema export first, so every zod wrapper (optional, default, pipe …) is
 * already resolved. Sveltia shows a field's `hint` but not the help of a
 * section type: that help is carried to the hint of the list of sections
 * (shown under it, by its Add button).
 */
import { z } from 'astro/zod';
import { PICTURE_TYPES } from '../images/files';

/** The subset of JSON Schema that zod's export produces for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** Set by a schema's `.meta({ cmsWidget })`: an upload rather than typed text (imageFile), a date-time picker (publishAt). */
  cmsWidget?: 'image' | 'datetime';
}

export interface CmsField {
  name: string;
  label: string;
  widget: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'datetime' | 'list' | 'object' | 'markdown' | 'hidden' | 'image';
  required?: boolean;
  hint?: string;
  /** Shown under the label, above the input (a hint is shown below it). */
  comment?: string;
  default?: unknown;
  pattern?: [string, string];
  options?: (string | number)[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  step?: number;
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsType[];
  typeKey?: string;
  summary?: string;
  collapsed?: boolean;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
  modes?: string[];
  /** An image field: only an upload to the media folder, never a URL elsewhere (the build reads the file). */
  choose_url?: boolean;
  /** An image field: the kinds of file the upload dialog offers. */
  accept?: string;
  /** A list that is the whole file (a YAML list at its root, content/redirects.yaml). */
  root?: boolean;
}

/**
 * How a date-time with its zone is stored (Day.js's format): the time the editor picks, in the browser's own zone,
 * written with that zone's offset, 2026-12-01T09:00:00+01:00, and shown again in the zone of whoever opens it.
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ';

export interface CmsType {
  name: string;
  label: string;
  widget: 'object';
  summary?: string;
  fields: CmsField[];
}

/** "applicationCategory" → "Application category". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The JSON Schema of a zod schema as the CMS edits it: the input side, dates marked as such. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === 'date') (ctx.jsonSchema as JsonSchema).format = 'date';
    },
  }) as JsonSchema;
}

const variants = (s: JsonSchema) => s.oneOf ?? s.anyOf;
const isType = (s: JsonSchema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** Limits in words, appended to the hint so an editor sees them before saving. */
function limitsText(s: JsonSchema): string | undefined {
  if (isType(s, 'string')) {
    const { minLength: min, maxLength: max } = s;
    if (min !== undefined && max !== undefined && min > 1) return `${min}–${max} characters.`;
    if (max !== undefined) return `At most ${max} characters.`;
    if (min !== undefined && min > 1) return `At least ${min} characters.`;
  }
  if (isType(s, 'array')) {
    const { minItems: min, maxItems: max } = s;
    if (min !== undefined && min === max) return `Exactly ${min}.`;
    if (min !== undefined && min > 0 && max !== undefined) return `${min}–${max} entries.`;
    if (max !== undefined) return `At most ${max} entries.`;
    if (min !== undefined && min > 0) return `At least ${min}.`;
  }
  return undefined;
}

function hintOf(s: JsonSchema): string | undefined {
  const description = s.description?.trim();
  const bound = s.maxLength ?? s.maxItems;
  // Descriptions often state the limit already ("50–160 characters"); do not say it twice.
  const limits = description && bound !== undefined && description.includes(String(bound)) ? undefined : limitsText(s);
  const hint = [description, limits].filter(Boolean).join(' ');
  return hint || undefined;
}

/**
 * The editor's check of a text field: its length bounds and its own pattern in
 * one regular expression (Decap takes one pattern per field), with a message
 * that states the schema's limit.
 */
function stringPattern(s: JsonSchema): [string, string] | undefined {
  const min = s.minLength ?? 0;
  const max = s.maxLength;
  const length = max !== undefined ? `(?=[\\s\\S]{${min},${max}}$)` : min > 0 ? `(?=[\\s\\S]{${min},}$)` : '';
  const messages: string[] = [];
  if (max !== undefined) messages.push(min > 1 ? `${min}–${max} characters` : `at most ${max} characters`);
  else if (min > 1) messages.push(`at least ${min} characters`);
  let own = s.pattern;
  if (!own && s.format === 'uri') own = '^https?://\\S+$';
  if (own)
    messages.push(
      s.format === 'email' ? 'an e-mail address' : s.format === 'uri' ? 'a web address starting with https://' : `matching ${own}`,
    );
  if (!length && !own) return undefined;
  const message = messages.join(', ');
  return [`^${length}${own ? `(?:${own.replace(/^\^/, '').replace(/\$$/, '')})$` : ''}`, `Must be ${message}.`];
}

function withCommon(name: string, s: JsonSchema, required: boolean, field: Omit<CmsField, 'name' | 'label'>): CmsField {
  const out: CmsField = { name, label: labelOf(name), ...field };
  if (!required) out.required = false;
  const hint = hintOf(s);
  if (hint) out.hint = hint;
  if (s.default !== undefined && !(Array.isArray(s.default) && s.default.length === 0)) out.default = s.default;
  return out;
}

/** One schema property as a CMS field. `required`: the schema demands a value (no default, not optional). */
export function fieldOf(name: string, s: JsonSchema, required: boolean): CmsField {
  const options = variants(s);
  if (options && options.every((o) => o.const !== undefined)) {
    return withCommon(name, s, required, { widget: 'select', options: options.map((o) => o.const as string | number) });
  }
  if (options && options.every((o) => isType(o, 'string') && o.pattern)) {
    // Either of several text forms (e.g. a site path or an image file): one pattern that accepts each.
    const pattern = options.map((o) => `(?:${o.pattern!.replace(/^\^/, '').replace(/\$$/, '')})`).join('|');
    return withCommon(name, s, required, { widget: 'string', pattern: [`^(?:${pattern})$`, 'Not in an accepted form: see the hint.'] });
  }
  if (s.cmsWidget === 'datetime') return withCommon(name, s, required, { widget: 'datetime', format: DATE_TIME_FORMAT });
  if (options)
    throw new Error(`${name}: the CMS generator cannot edit this union (only enums, literal choices, text alternatives and typed lists)`);
  if (s.enum) return withCommon(name, s, required, { widget: 'select', options: s.enum as (string | number)[] });
  if (s.cmsWidget === 'image') {
    const pattern = stringPattern(s);
    return withCommon(name, s, required, { widget: 'image', choose_url: false, accept: PICTURE_TYPES, ...(pattern ? { pattern } : {}) });
  }
  if (s.const !== undefined) return withCommon(name, s, required, { widget: 'hidden', default: s.const });
  if (s.format === 'date') {
    return withCommon(name, s, required, {
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
      picker_utc: true,
    });
  }
  if (isType(s, 'boolean')) return withCommon(name, s, required, { widget: 'boolean' });
  if (isType(s, 'integer') || isType(s, 'number')) {
    const field: Omit<CmsField, 'name' | 'label'> = { widget: 'number', value_type: isType(s, 'integer') ? 'int' : 'float' };
    if (s.minimum !== undefined) field.min = s.minimum;
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) field.max = s.maximum;
    if (!isType(s, 'integer')) field.step = 0.1;
    return withCommon(name, s, required, field);
  }
  if (isType(s, 'array')) return listField(name, s, required);
  if (isType(s, 'object')) {
    // Decap checks the required fields of an optional object even when it is left out;
    // inside one, the build's content check is what insists on them.
    const fields = required ? fieldsOf(s) : fieldsOf(s).map(optional);
    return withCommon(name, s, required, { widget: 'object', collapsed: true, fields });
  }
  if (isType(s, 'string') || s.type === undefined) {
    const widget = (s.maxLength ?? Infinity) > 200 || s.maxLength === undefined ? 'text' : 'string';
    const field: Omit<CmsField, 'name' | 'label'> = { widget: s.pattern || s.format ? 'string' : widget };
    const pattern = isType(s, 'string') ? stringPattern(s) : undefined;
    if (pattern) field.pattern = pattern;
    return withCommon(name, s, required, field);
  }
  throw new Error(`${name}: no CMS widget for JSON Schema type ${JSON.stringify(s.type)}`);
}

/** A field and everything in it no longer demanded by the editor. */
function optional(field: CmsField): CmsField {
  const out: CmsField = { ...field, required: false };
  if (field.fields) out.fields = field.fields.map(optional);
  return out;
}

/** The field a list entry's summary line shows. */
function summaryOf(fields: CmsField[]): string | undefined {
  const names = fields.map((f) => f.name);
  const first = ['title', 'heading', 'label', 'name', 'id', 'question', 'text'].find((n) => names.includes(n));
  return first ? `{{fields.${first}}}` : undefined;
}

function listField(name: string, s: JsonSchema, required: boolean): CmsField {
  const item = s.items ?? {};
  const field: Omit<CmsField, 'name' | 'label'> = { widget: 'list' };
  if (s.minItems !== undefined && s.minItems > 0) field.min = s.minItems;
  if (s.maxItems !== undefined) field.max = s.maxItems;
  const options = variants(item);
  if (options && options.every((o) => isType(o, 'object') && o.properties?.type?.const !== undefined)) {
    // The section types of a discriminated union: one typed item per variant, `type` written by the CMS.
    field.typeKey = 'type';
    field.types = options.map((o) => {
      const fields = fieldsOf(o).filter((f) => f.name !== 'type');
      const type = String(o.properties!.type.const);
      const variant: CmsType = { name: type, label: labelOf(type), widget: 'object', fields };
      const summary = summaryOf(fields);
      if (summary) variant.summary = summary;
      return variant;
    });
    // The CMS shows no help on a type itself: the list says what each type is for.
    const help = options
      .filter((o) => o.description)
      .map((o) => `**${labelOf(String(o.properties!.type.const))}**: ${o.description!.trim()}`)
      .join(' ');
    const out = withCommon(name, s, required, field);
    if (help) out.hint = [out.hint, help].filter(Boolean).join(' ');
    return out;
  } else if (isType(item, 'object')) {
    field.fields = fieldsOf(item);
    const summary = summaryOf(field.fields);
    if (summary) field.summary = summary;
    field.collapsed = true;
  } else {
    field.field = fieldOf(name.replace(/s$/, '') || 'item', item, true);
  }
  return withCommon(name, s, required, field);
}

/** The fields of an object schema, in the schema's order. */
export function fieldsOf(s: JsonSchema): CmsField[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, property]) =>
    fieldOf(name, property, required.has(name) && property.default === undefined),
  );
}
