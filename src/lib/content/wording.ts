/**
 * The content check's words: a zod issue in plain words an editor can act on,
 * one line per problem:
 *
 *   content/products/newsbox.md › meta.description: 172 characters, at most 160 — <the field's .describe() text>
 */
import { z } from 'astro/zod';
import { defOf, descriptionAt, fieldAt, type Path } from './schema-walk';

export type Issue = z.core.$ZodIssue;

const quote = (value: unknown) => (typeof value === 'string' ? `“${value}”` : String(value));
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a value of each zod type is called in a message. */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

function kindOf(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  return KINDS[typeof value] ?? typeof value;
}

const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['entry', 'entries'],
  set: ['entry', 'entries'],
};

function sizeProblem(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>, value: unknown): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const bound = issue.exact
    ? `exactly ${limit}`
    : big
      ? `${issue.inclusive ? 'at most' : 'less than'} ${limit}`
      : `${issue.inclusive ? 'at least' : 'more than'} ${limit}`;
  const units = UNITS[issue.origin];
  if (units) {
    const size = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
    if (size === undefined) return `${big ? 'too long' : 'too short'}: ${bound} ${units[1]}`;
    if (size === 0) return `empty, ${bound} ${limit === 1 ? units[0] : units[1]}`;
    return `${plural(size, ...units)}, ${bound}`;
  }
  if (issue.origin === 'number' || issue.origin === 'bigint') return `${String(value)}, ${bound}`;
  return issue.message;
}

const english = z.locales.en().localeError;
/** True when the schema gave its own message (a regex's "must be a hex colour …") rather than zod's default. */
function isCustomMessage(issue: Issue): boolean {
  const standard = english(issue as unknown as Parameters<typeof english>[0]);
  return (typeof standard === 'string' ? standard : standard?.message) !== issue.message;
}

function formatProblem(issue: Extract<Issue, { code: 'invalid_format' }>, value: unknown): string {
  if (isCustomMessage(issue)) return issue.message;
  switch (issue.format) {
    case 'email':
      return `${quote(value)} is not an e-mail address`;
    case 'url':
      return `${quote(value)} is not a web address such as https://example.com`;
    case 'regex':
      return `${quote(value)} does not have the expected form (${issue.pattern})`;
    default:
      return `${quote(value)} is not a valid ${issue.format}`;
  }
}

function unionProblem(issue: Extract<Issue, { code: 'invalid_union' }>, value: unknown, path: Path): string {
  if (issue.discriminator) {
    // A discriminated union (the page sections): the issue sits on the discriminator, its input is the whole entry.
    const chosen =
      (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator] ??
      (value as Record<string, unknown> | undefined)?.[issue.discriminator];
    const list = String(path.at(-3) ?? '');
    // "sections" → "section type": the field name in the singular says what kind of entry it is.
    const what = list ? `${list.replace(/s$/, '')} ${issue.discriminator}` : issue.discriminator;
    const options = 'options' in issue && issue.options ? `; one of: ${issue.options.join(', ')}` : '';
    return chosen === undefined ? `missing ${what}${options}` : `unknown ${what} ${quote(chosen)}${options}`;
  }
  const branches = issue.errors;
  if (branches.length > 0 && branches.every((b) => b.length === 1 && b[0].code === 'invalid_value' && b[0].path.length === 0)) {
    const allowed = branches.flatMap((b) => (b[0] as Extract<Issue, { code: 'invalid_value' }>).values);
    return problemOf({ ...(branches[0][0] as Extract<Issue, { code: 'invalid_value' }>), values: allowed }, value, path);
  }
  if (branches.length > 0 && branches.every((b) => b.length === 1 && b[0].path.length === 0)) {
    return [...new Set(branches.map((b) => problemOf(b[0], value, path)))].join(', or ');
  }
  return issue.message;
}

/** The problem of one issue in plain words: "172 characters, at most 160", "missing", "“Sports” is not one of: A, B". */
export function problemOf(issue: Issue, value: unknown, path: Path = issue.path): string {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeProblem(issue, value);
    case 'invalid_type':
      if (value === undefined) return 'missing';
      if (issue.expected === 'int' && typeof value === 'number') return `expected a whole number, found ${value}`;
      return `expected ${KINDS[issue.expected] ?? issue.expected}, found ${kindOf(value)}`;
    case 'invalid_value': {
      const allowed = issue.values.map(String).join(', ');
      if (value === undefined) return `missing; one of: ${allowed}`;
      if (issue.values.length === 1) return `expected ${quote(issue.values[0])}, found ${quote(value)}`;
      return `${quote(value)} is not one of: ${allowed}`;
    }
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.map(quote).join(', ')} (check the spelling)`;
    case 'invalid_format':
      return formatProblem(issue, value);
    case 'invalid_union':
      return unionProblem(issue, value, path);
    case 'not_multiple_of':
      return `${String(value)} is not a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  return value;
}

/** "file › a.b.0.c: problem — description"; a problem of the whole file has no field path. */
export function line(file: string, path: Path, problem: string, description?: string): string {
  const where = path.length > 0 ? `${file} › ${path.map(String).join('.')}` : file;
  return `${where}: ${problem}${description ? ` — ${description}` : ''}`;
}

/**
 * One line per issue of validating `data` with `schema`. `data` is what was
 * validated (placeholders filled): the value an issue speaks of is read from it
 * when the issue does not carry its input.
 */
export function issueLines(file: string, schema: z.ZodType, data: unknown, issues: readonly Issue[]): string[] {
  // A value of the wrong type can fail further rules at the same field (a list's length against a text's); its type is the one problem.
  const mistyped = new Set(issues.filter((i) => i.code === 'invalid_type').map((i) => i.path.map(String).join('\0')));
  const relevant = issues.filter((i) => i.code === 'invalid_type' || !mistyped.has(i.path.map(String).join('\0')));
  return relevant.flatMap((issue) => {
    const value = 'input' in issue ? issue.input : valueAt(data, issue.path);
    if (issue.code === 'unrecognized_keys') {
      // One line per unknown field, at the field itself, with the fields allowed there.
      const shape = (() => {
        const { schema: at } = fieldAt(schema, issue.path, data);
        return at && defOf(at).type === 'object' ? Object.keys(defOf(at).shape ?? {}) : [];
      })();
      const allowed = shape.length > 0 ? `; allowed here: ${shape.join(', ')}` : '';
      return issue.keys.map((key) =>
        line(
          file,
          [...issue.path, key],
          `unknown field ${quote(key)} (check the spelling${allowed})`,
          descriptionAt(schema, issue.path, data),
        ),
      );
    }
    return [line(file, issue.path, problemOf(issue, value), descriptionAt(schema, issue.path, data))];
  });
}
