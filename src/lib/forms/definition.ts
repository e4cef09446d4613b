/**
 * A form definition: everything about one website form that is not copy.
 * The island renders its fields from it (src/components/forms/SubmissionForm.tsx),
 * `toRow` maps the visitor's values to the row it inserts, the copy schema
 * (src/lib/content/schemas/forms.ts) requires a label for each field and an error message
 * for each pattern, the SQL tests check every `maxLength` against the
 * column's CHECK constraint (tests/db/forms.test.ts), and the team's message
 * about a new row lists the fields in this order with their labels
 * (src/lib/forms/team-message.ts writes them into the notify-submission
 * function's supabase/functions/_shared/form-definitions.ts).
 *
 * Adding a field: the migration (column + CHECK), the definition, its copy in
 * content/forms.yaml, the regenerated _shared/form-definitions.ts, and the tests that name fields.
 */

/** The tables the forms write to (supabase/schemas/10_form_tables.sql). */
export type TableName = 'contact_submissions' | 'job_applications';

/**
 * Each form's one name: its definition's id, its copy's key in content/forms.yaml,
 * the `form:` of a form section, element ids and draft keys, and the kind the
 * team's notification names (supabase/functions/notify-submission).
 */
export const FORM_NAMES = ['contact', 'demo', 'careers', 'product-team'] as const;
export type FormName = (typeof FORM_NAMES)[number];

export type InputKind = 'text' | 'email' | 'url' | 'textarea' | 'select' | 'radio';

export interface FieldDefinition<N extends string = string> {
  /** The value's key, the input's name and the field's key under `fields` in content/forms.yaml. */
  name: N;
  /** The column the trimmed value goes to; absent when a `compose` entry builds the column from several fields. */
  column?: string;
  input: InputKind;
  required: boolean;
  /** The most characters the visitor may type: the column's CHECK bound, minus anything `compose` adds. */
  maxLength?: number;
  /** A browser pattern (src/lib/forms/patterns.ts, the same rule as the column's CHECK); the field's copy then needs an `invalid` message. Textareas apply it in script. */
  pattern?: string;
  autoComplete?: string;
  /** Visible lines of a textarea. */
  rows?: number;
  /** The values of a radio group (their labels are copy). Select options come from content lists. */
  values?: readonly string[];
}

export type Values<N extends string> = Record<N, string>;

/**
 * A column written from several fields, described as data so that a stored row
 * can be read back into its fields (the team's message does):
 * - `join`: the fields' trimmed values joined by `separator` (product-team: "<product> - <domain>");
 *   no value of the first field may contain the separator;
 * - `tag`: the trimmed `text` field after the tag of the value of the `tagBy` field
 *   (demo: "[DEMO REQUEST] <message>"); an unknown value takes the first tag.
 */
export type ComposedColumn<N extends string = string> =
  | { column: string; join: readonly [N, N]; separator: string }
  | { column: string; tagBy: N; tags: Readonly<Record<string, string>>; text: N };

export interface FormDefinition<N extends string = string> {
  /** Names the form: its copy in content/forms.yaml, element ids (`form-<id>`, `<id>-<field>`) and the draft's storage key. */
  id: FormName;
  table: TableName;
  fields: readonly FieldDefinition<N>[];
  /** Rows of the layout, top to bottom: a field name, or names shown side by side on wide screens. */
  layout: readonly (N | readonly N[])[];
  /** Columns built from several fields; applied after the field columns. */
  compose?: readonly ComposedColumn<N>[];
  /** Columns with the same value in every row of this form. */
  fixed?: Readonly<Record<string, string>>;
}

export type Row = { id: string } & Record<string, string | null>;

/** Declare a definition with its field names inferred, so values and layout are checked against them. */
export function defineForm<const N extends string>(definition: FormDefinition<N>): FormDefinition<N> {
  return definition;
}

/** Every field empty; a radio group starts on its first value. */
export function emptyValues<N extends string>(definition: FormDefinition<N>): Values<N> {
  return Object.fromEntries(definition.fields.map((f) => [f.name, f.values?.[0] ?? ''])) as Values<N>;
}

/**
 * The one place a form's values become the inserted row. Text is trimmed;
 * an optional field left empty becomes null. Every row carries a
 * client-generated `id`, so a retried insert can never store the same
 * submission twice (the second attempt hits the primary key). Composed
 * columns follow the field columns, then the fixed ones, then where the
 * lead came from (`source`, ./visit-source.ts: only the values it has).
 */
export function toRow<N extends string>(
  definition: FormDefinition<N>,
  values: Values<N>,
  id: string,
  source: Readonly<Record<string, string>> = {},
): Row {
  const row: Row = { id };
  for (const field of definition.fields) {
    if (!field.column) continue;
    const value = (values[field.name] ?? '').trim();
    row[field.column] = value === '' && !field.required ? null : value;
  }
  for (const composed of definition.compose ?? []) row[composed.column] = composedValue(composed, values);
  return Object.assign(row, definition.fixed, source);
}

function composedValue<N extends string>(composed: ComposedColumn<N>, values: Values<N>): string {
  const text = (name: N) => (values[name] ?? '').trim();
  if ('join' in composed) return composed.join.map(text).join(composed.separator);
  const tags = Object.values(composed.tags);
  return (composed.tags[values[composed.tagBy]] ?? tags[0]) + text(composed.text);
}

/** A random v4 UUID for a row id (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRowId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
