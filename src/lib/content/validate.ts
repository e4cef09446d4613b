/**
 * Validating one content document: its placeholders filled first (so a length
 * counts what a visitor reads: "{brand}" counts as the letters of the brand
 * name), then its schema, with every problem as one line in the content
 * check's words (./wording.ts).
 */
import type { z } from 'astro/zod';
import { fill, unknownPlaceholders } from './placeholders';
import { descriptionAt, type Path } from './schema-walk';
import { issueLines, line } from './wording';

/** Every problem of the content, one line each. Astro prints the message, then `hint`. */
export class ContentError extends Error {
  readonly hint = 'Fix each field named above; content/README.md ("When the build stops") explains how to read these lines.';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ContentError';
    // A stack would point into this module, not at the content: leave the lines alone in the output.
    this.stack = '';
  }
}

export type Checked<T> = { ok: true; data: T } | { ok: false; problems: string[] };

/** Validate `data` with `schema`: the parsed data, or the lines of its issues. */
export function validate<S extends z.ZodType>(file: string, schema: S, data: unknown): Checked<z.output<S>> {
  // reportInput: each issue carries the value it refused (trimmed, as it was checked), for "172 characters".
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: issueLines(file, schema, data, result.error.issues) };
}

/** Fill every placeholder of `value`; an unknown one stays as written and becomes a problem at its field. */
function fillReporting(
  value: unknown,
  values: Record<string, string>,
  path: PropertyKey[],
  problems: { path: Path; problem: string }[],
): unknown {
  if (typeof value === 'string') {
    const unknown = unknownPlaceholders(value, values);
    if (unknown.length === 0) return fill(value, values);
    const known = Object.keys(values).map((k) => `{${k}}`);
    problems.push({ path, problem: `unknown placeholder ${unknown.join(', ')} (known: ${known.join(', ')})` });
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => fillReporting(item, values, [...path, i], problems));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillReporting(v, values, [...path, k], problems)]));
  }
  return value;
}

/**
 * Fill the placeholders of one document with `values` (none: checked as written),
 * then validate it: the parsed data, or the lines of its unknown placeholders and its issues.
 */
export function checkDocument<S extends z.ZodType>(
  file: string,
  schema: S,
  data: unknown,
  values?: Record<string, string>,
): Checked<z.output<S>> {
  const placeholders: { path: Path; problem: string }[] = [];
  const ready = values ? fillReporting(data, values, [], placeholders) : data;
  const result = validate(file, schema, ready);
  if (placeholders.length === 0) return result;
  const lines = placeholders.map((p) => line(file, p.path, p.problem, descriptionAt(schema, p.path, ready)));
  return { ok: false, problems: [...lines, ...(result.ok ? [] : result.problems)] };
}
