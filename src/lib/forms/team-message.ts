/**
 * What the team's message about a new row needs to know of each form, taken
 * from the form definitions and their copy: its table, its fields in order
 * with their labels, the columns they fill or compose, and the patterns the
 * message checks and strips by. The notify-submission Edge Function runs in
 * Deno, deployed from supabase/functions alone, so it reads this as a module
 * of its own, supabase/functions/_shared/form-definitions.ts, written by `teamFormsModule`;
 * tests/content/team-forms-module.test.ts fails while that file is stale and
 * rewrites it with `-u`. A field added to a definition thus reaches the
 * message with no edit of the function.
 */
import type { ComposedColumn, FormDefinition, InputKind, TableName } from './definition';
import { EMAIL_PATTERN, FORMAT } from './patterns';
import { SOURCE_COLUMNS } from './visit-source';

export interface TeamField {
  name: string;
  /** Its label in content/forms.yaml. */
  label: string;
  /** The column it fills; absent when a composed column holds it. */
  column?: string;
  input: InputKind;
  required: boolean;
  autoComplete?: string;
  /** Visible text of each value of a radio group. */
  options?: Readonly<Record<string, string>>;
}

export interface TeamForm {
  id: string;
  table: TableName;
  fields: readonly TeamField[];
  compose: readonly ComposedColumn[];
  fixed: Readonly<Record<string, string>>;
}

export interface FormWithCopy {
  definition: FormDefinition;
  /** The form's field copy (`fields` in content/forms.yaml). */
  labels: Readonly<Record<string, { label: string }>>;
  /** Visible text of each radio value, by field (as the island shows them). */
  radioLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export function teamForm({ definition, labels, radioLabels }: FormWithCopy): TeamForm {
  return {
    id: definition.id,
    table: definition.table,
    fields: definition.fields.map((field) => {
      const label = labels[field.name]?.label;
      if (!label) throw new Error(`content/forms.yaml has no label for ${definition.id}.${field.name}`);
      return {
        name: field.name,
        label,
        ...(field.column ? { column: field.column } : {}),
        input: field.input,
        required: field.required,
        ...(field.autoComplete ? { autoComplete: field.autoComplete } : {}),
        ...(radioLabels?.[field.name] ? { options: radioLabels[field.name] } : {}),
      };
    }),
    compose: definition.compose ?? [],
    fixed: definition.fixed ?? {},
  };
}

/** The TypeScript source of supabase/functions/_shared/form-definitions.ts. */
export function teamFormsModule(forms: FormWithCopy[]): string {
  const data = forms.map(teamForm);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return `/**
 * GENERATED from the website's form definitions (src/lib/forms/*.ts), their
 * patterns (src/lib/forms/patterns.ts) and their labels (content/forms.yaml)
 * by src/lib/forms/team-message.ts. Do not edit: change those, then run
 * \`npx vitest run --project content -u tests/content/team-forms-module.test.ts\`, which
 * also fails while this file is stale.
 */

export type TableName = ${[...new Set(data.map((f) => f.table))].map((t) => `'${t}'`).join(' | ')};

export interface TeamField {
  name: string;
  label: string;
  column?: string;
  input: string;
  required: boolean;
  autoComplete?: string;
  options?: Readonly<Record<string, string>>;
}

export type ComposedColumn =
  | { column: string; join: readonly [string, string]; separator: string }
  | { column: string; tagBy: string; tags: Readonly<Record<string, string>>; text: string };

export interface TeamForm {
  id: string;
  table: TableName;
  fields: readonly TeamField[];
  compose: readonly ComposedColumn[];
  fixed: Readonly<Record<string, string>>;
}

export const FORMS = ${json(data)} as const satisfies readonly TeamForm[];

export type FormId = (typeof FORMS)[number]['id'];

/** The e-mail rule of the forms and the database, as the browser applies it (whole value, flag v). */
export const EMAIL_PATTERN = ${json(EMAIL_PATTERN)};

/** The characters that show nothing but are not spaces (for a character class, flag v). */
export const FORMAT = ${json(FORMAT)};

/**
 * Where a lead came from: columns of both tables that every form fills when it can
 * (src/lib/forms/visit-source.ts), in the order the team's message shows them.
 */
export const SOURCE_COLUMNS = ${json(SOURCE_COLUMNS.map((source) => source.column))} as const;

export type SourceColumn = (typeof SOURCE_COLUMNS)[number];
`;
}
