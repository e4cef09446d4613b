/**
 * The content check, the first thing `astro build` and `astro dev` do (astro.config.mjs).
 *
 * It reads every file that src/lib/content/model.ts describes, fills its
 * placeholders with the values of content/site.yaml (so a length counts what a
 * visitor reads: "{brand}" counts as the letters of the brand name), validates it with
 * the model's schema, and throws one error listing every problem of every file,
 * one line each, in words an editor can act on:
 *
 *   content/products/newsbox.md › meta.description: 172 characters, at most 160 — <the field's .describe() text>
 *
 * src/lib/routes/manifest.ts validates with `checkDocument` too, so both word a problem the same way.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { z } from 'astro/zod';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { contentModel, type ContentSource } from './model';
import { isContentFile } from './files';
import { fill, placeholderValues, unknownPlaceholders } from './placeholders';
import { siteSchema } from './schemas';

export type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

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

/* ---------------------------------------------------------------------------
 * A zod issue in plain words
 * ------------------------------------------------------------------------- */

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

/* ---------------------------------------------------------------------------
 * The field's description, found by walking the schema along the issue path
 * ------------------------------------------------------------------------- */

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}
interface Internals {
  _zod: { def: Def; propValues?: Record<string, Set<unknown>> };
}
const defOf = (schema: z.ZodType) => (schema as unknown as Internals)._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema beneath optional/default/nullable/pipe wrappers, with the outermost description met on the way. */
function peel(schema: z.ZodType): { schema: z.ZodType; description?: string } {
  let description: string | undefined;
  for (let node = schema; ;) {
    description ??= node.description;
    const def = defOf(node);
    if (WRAPPERS.has(def.type) && def.innerType) node = def.innerType;
    // A preprocess is a pipe from a transform: the fields are those of its output.
    else if (def.type === 'pipe' && def.in && def.out) node = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) node = def.getter();
    else return { schema: node, description };
  }
}

/** The option of a discriminated union that `value` chooses by its discriminator (`type`), or the schema itself. */
function chosenOption(schema: z.ZodType, value: unknown): { schema: z.ZodType; description?: string } | undefined {
  const def = defOf(schema);
  if (def.type !== 'union' || !def.discriminator || !def.options) return { schema };
  const chosen = (value as Record<string, unknown> | null | undefined)?.[def.discriminator];
  const option = def.options.find((o) => (o as unknown as Internals)._zod.propValues?.[def.discriminator!]?.has(chosen));
  return option && peel(option);
}

function childOf(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
    case 'array':
      return typeof key === 'number' ? def.element : undefined;
    case 'record':
      return def.valueType;
    case 'tuple':
      return typeof key === 'number' ? def.items?.[key] : undefined;
    default:
      return undefined;
  }
}

/**
 * The schema at `path` (wrappers removed, a discriminated union resolved by the
 * data's `type`) and the description of the field, or else of its nearest
 * described ancestor. `schema` is undefined where the path leaves the schema.
 */
export function fieldAt(root: z.ZodType, path: Path, data: unknown): { schema?: z.ZodType; description?: string } {
  let current: { schema: z.ZodType; description?: string } | undefined = peel(root);
  let nearest = current.description;
  let value = data;
  for (const key of path) {
    current = chosenOption(current.schema, value);
    if (!current) return { description: nearest };
    nearest = current.description ?? nearest;
    const child = childOf(current.schema, key);
    if (!child) return { description: nearest };
    current = peel(child);
    nearest = current.description ?? nearest;
    value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  }
  current = chosenOption(current.schema, value);
  return { schema: current?.schema, description: current?.description ?? nearest };
}

/** The `.describe()` text that explains the field at `path` (or its nearest described ancestor). */
export function descriptionAt(root: z.ZodType, path: Path, data: unknown): string | undefined {
  return fieldAt(root, path, data).description?.replace(/\s+/g, ' ').trim() || undefined;
}

/* ---------------------------------------------------------------------------
 * Lines
 * ------------------------------------------------------------------------- */

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

export type Checked<T> = { ok: true; data: T } | { ok: false; problems: string[] };

/** Validate `data` with `schema`: the parsed data, or the lines of its issues. */
export function validate<S extends z.ZodType>(file: string, schema: S, data: unknown): Checked<z.output<S>> {
  // reportInput: each issue carries the value it refused (trimmed, as it was checked), for "172 characters".
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: issueLines(file, schema, data, result.error.issues) };
}

/* ---------------------------------------------------------------------------
 * Reading content/
 * ------------------------------------------------------------------------- */

type Read = { data: unknown; problem?: undefined } | { data?: undefined; problem: string };

function parseYamlText(text: string, firstLine = 1): Read {
  try {
    return { data: parseYaml(text) };
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const where = error.linePos?.[0];
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { problem: `YAML syntax error${where ? ` on line ${where.line + firstLine - 1}, column ${where.col}` : ''}: ${reason}` };
  }
}

function readFolderFile(file: string, format: 'markdown' | 'yaml'): Read {
  const text = readFileSync(file, 'utf8');
  if (format === 'yaml') return parseYamlText(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return { problem: 'missing frontmatter: the file must start with a line "---", then the fields, then another "---"' };
  // The frontmatter starts on the file's second line.
  return parseYamlText(match[1], 2);
}

/** Fill every placeholder of `value`; an unknown one stays as written and becomes a problem at its field. */
function filled(value: unknown, values: Record<string, string>, path: PropertyKey[], problems: { path: Path; problem: string }[]): unknown {
  if (typeof value === 'string') {
    const unknown = unknownPlaceholders(value, values);
    if (unknown.length === 0) return fill(value, values);
    const known = Object.keys(values).map((k) => `{${k}}`);
    problems.push({ path, problem: `unknown placeholder ${unknown.join(', ')} (known: ${known.join(', ')})` });
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => filled(item, values, [...path, i], problems));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v, values, [...path, k], problems)]));
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
  const ready = values ? filled(data, values, [], placeholders) : data;
  const result = validate(file, schema, ready);
  if (placeholders.length === 0) return result;
  const lines = placeholders.map((p) => line(file, p.path, p.problem, descriptionAt(schema, p.path, ready)));
  return { ok: false, problems: [...lines, ...(result.ok ? [] : result.problems)] };
}

/** The category names of the product-categories list as written, so products can be checked even when the list has a problem. */
function categoriesIn(contentDir: string): string[] {
  const file = join(contentDir, 'lists', 'product-categories.yaml');
  const read = existsSync(file) ? parseYamlText(readFileSync(file, 'utf8')) : undefined;
  const items = (read?.data as { items?: unknown } | null | undefined)?.items;
  return Array.isArray(items)
    ? items.map((item) => (item as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string')
    : [];
}

/** The files of a source, with the path they are shown under (`<contentDir>/…`). */
function filesOf(contentDir: string, source: ContentSource): string[] {
  if (source.kind === 'file') return [join(contentDir, source.file)];
  const dir = join(contentDir, source.dir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isContentFile(source.name, name))
    .sort()
    .map((name) => join(dir, name));
}

/** Every problem of the content folder, one line each (empty when the content is valid). */
export function contentProblems(contentDir = 'content'): string[] {
  // site.yaml first: its values fill the placeholders of every file, itself included.
  const siteFile = join(contentDir, 'site.yaml');
  const siteRead = existsSync(siteFile) ? parseYamlText(readFileSync(siteFile, 'utf8')) : undefined;
  const site = siteSchema.safeParse((siteRead?.data as { site?: unknown } | null | undefined)?.site);
  // Without valid site values the other files are checked as written (site.yaml's own lines say why).
  const values = site.success ? placeholderValues(site.data) : undefined;

  const problems: string[] = [];
  for (const source of contentModel(categoriesIn(contentDir))) {
    for (const file of filesOf(contentDir, source)) {
      if (!existsSync(file)) {
        if (source.kind === 'file' && !source.optional) problems.push(line(file, [], 'the file is missing'));
        continue;
      }
      const read = source.kind === 'folder' ? readFolderFile(file, source.format) : parseYamlText(readFileSync(file, 'utf8'));
      // Slots filled later ({query} in the browser, {page} per page of the blog) fill as themselves.
      const slots = source.runtimeSlots ?? [];
      const fileValues = values && { ...values, ...Object.fromEntries(slots.map((slot) => [slot, `{${slot}}`])) };
      if (read.problem !== undefined) problems.push(line(file, [], read.problem));
      else {
        const checked = checkDocument(file, source.schema, read.data, fileValues);
        if (!checked.ok) problems.push(...checked.problems);
      }
    }
  }
  return problems;
}

/** Throws a ContentError listing every problem of the content folder. */
export function checkContent(contentDir = 'content'): void {
  const problems = contentProblems(contentDir);
  if (problems.length > 0) throw new ContentError(problems);
}

/**
 * `astro dev` reads the config once, so an edit made while it runs would only
 * meet the content layer's own wording: check again on every change under the
 * content folder and print the same lines (the server keeps running).
 */
export function contentCheckOnChange(contentDir = 'content'): AstroIntegration {
  return {
    name: 'content-check',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        const root = resolve(contentDir);
        let failing = false;
        const recheck = (file: string) => {
          if (!resolve(file).startsWith(root + sep)) return;
          const problems = contentProblems(contentDir);
          if (problems.length > 0) logger.error(problems.join('\n'));
          else if (failing) logger.info('The content is valid again.');
          failing = problems.length > 0;
        };
        server.watcher.add(root);
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, recheck);
      },
    },
  };
}
