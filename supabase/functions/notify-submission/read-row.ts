/**
 * Reading a stored row back into the fields of the form that wrote it, with
 * the form definitions' data (../_shared/form-definitions.ts): field columns as they are,
 * composed columns taken apart again (the demo form's tagged message, the
 * product-team form's "<product> - <domain>").
 */
import type { TeamForm } from '../_shared/form-definitions.ts';
import type { StoredRow } from './payload.ts';

/** The form's values in `row`, or null when the row was not written by this form (a composed column does not parse). */
export function readRow(form: TeamForm, row: StoredRow): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const field of form.fields) if (field.column) values[field.name] = row[field.column] ?? '';
  for (const composed of form.compose) {
    const value = row[composed.column];
    if (typeof value !== 'string') return null;
    if ('join' in composed) {
      const at = value.indexOf(composed.separator);
      if (at < 0) return null;
      values[composed.join[0]] = value.slice(0, at);
      values[composed.join[1]] = value.slice(at + composed.separator.length);
    } else {
      const tagged = Object.entries(composed.tags).find(([, tag]) => value.startsWith(tag));
      if (!tagged) return null;
      values[composed.tagBy] = tagged[0];
      values[composed.text] = value.slice(tagged[1].length);
    }
  }
  return values;
}

/** The form that wrote `row` into `table` and its values: forms whose composed columns parse come before plain ones. */
export function formOf(
  table: string,
  row: StoredRow,
  forms: readonly TeamForm[],
): { form: TeamForm; values: Record<string, string> } | null {
  const candidates = forms.filter((form) => form.table === table).sort((a, b) => b.compose.length - a.compose.length);
  for (const form of candidates) {
    const values = readRow(form, row);
    if (values) return { form, values };
  }
  return null;
}
