/**
 * The one reader of content/ from disk, for the code that runs before (or
 * without) Astro's content layer: the route manifest that astro.config.mjs
 * reads, the content check, the CMS configuration and the tests. It lists the
 * files of every part of the model (./model.ts) by the collections' own rules
 * (./files.ts), parses YAML and frontmatter, fills placeholders with the values
 * of content/site.yaml (keeping each file's run-time slots as written), and
 * validates each document with its schema and its pictures (./pictures.ts),
 * collecting every problem as a line. An entry scheduled after the build's
 * time (./publishing.ts) is checked like any other and then kept apart: it is
 * in no part of the site yet.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { entryId, isContentFile } from './files';
import { LISTS, type ListName } from './lists';
import { contentModel, type ContentSource, type FileFormat } from './model';
import { keepingSlots, placeholderValues } from './placeholders';
import { siteSchema, type Site } from './schemas';
import { checkDocument, ContentError } from './validate';
import { pagePictureNames, pictureProblems } from './pictures';
import { line } from './wording';
import { isLive, publishingTime } from './publishing';

/** A file's parsed data (and a markdown file's body, with the line it starts on), or why it could not be read, in the content check's words. */
export type Read =
  | { data: unknown; problem?: undefined; body?: { text: string; firstLine: number } }
  | { data?: undefined; problem: string; body?: undefined };

/** Parse YAML text; a syntax error becomes a problem naming its line in the file (`firstLine`: where the text starts). */
export function parseYamlText(text: string, firstLine = 1): Read {
  try {
    return { data: parseYaml(text) };
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const where = error.linePos?.[0];
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { problem: `YAML syntax error${where ? ` on line ${where.line + firstLine - 1}, column ${where.col}` : ''}: ${reason}` };
  }
}

/** A content file's fields: the YAML document, or a markdown file's frontmatter. */
export function readDocument(file: string, format: FileFormat): Read {
  const text = readFileSync(file, 'utf8');
  if (format === 'yaml') return parseYamlText(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---[^\n]*(?:\n|$)/.exec(text);
  if (!match) return { problem: 'missing frontmatter: the file must start with a line "---", then the fields, then another "---"' };
  // The frontmatter starts on the file's second line; the body after the line of the second "---".
  const read = parseYamlText(match[1], 2);
  if (read.problem !== undefined) return read;
  return { data: read.data, body: { text: text.slice(match[0].length), firstLine: match[0].split('\n').length } };
}

/** The files of a part of the model, in name order, drafts (`_*`) left out, each with its entry id. */
export function sourceFiles(contentDir: string, source: ContentSource): { id: string; file: string }[] {
  if (source.kind === 'file') return [{ id: source.name, file: join(contentDir, source.file) }];
  const dir = join(contentDir, source.dir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isContentFile(source.format, name))
    .sort()
    .map((name) => ({ id: entryId(name), file: join(dir, name) }));
}

/** One valid document: its entry id, its file and its data, placeholders filled, as its schema outputs it (and a markdown file's body). */
export interface Document {
  id: string;
  file: string;
  data: unknown;
  body?: string;
}

/** The valid documents of one part of the model and the problems of the others. */
export function readSource(
  contentDir: string,
  source: ContentSource,
  values: Record<string, string> | undefined,
): { documents: Document[]; problems: string[] } {
  const documents: Document[] = [];
  const problems: string[] = [];
  for (const { id, file } of sourceFiles(contentDir, source)) {
    if (!existsSync(file)) {
      if (source.kind === 'file' && !source.optional) problems.push(line(file, [], 'the file is missing'));
      continue;
    }
    const read = readDocument(file, source.kind === 'folder' ? source.format : 'yaml');
    if (read.problem !== undefined) {
      problems.push(line(file, [], read.problem));
      continue;
    }
    const checked = checkDocument(file, source.schema, read.data, values && keepingSlots(values, source.runtimeSlots ?? []));
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
    // Its pictures: each file there and readable, each picture of the body described (./pictures.ts).
    const pictures = pictureProblems({ contentDir, file, schema: source.schema, data: checked.data, body: read.body });
    if (pictures.length > 0) problems.push(...pictures);
    else documents.push({ id, file, data: checked.data, ...(read.body ? { body: read.body.text } : {}) });
  }
  return { documents, problems };
}

/** The entries of a shared list (content/lists) as written, for code that needs them before they are validated. */
export function readListItems(contentDir: string, name: ListName): Record<string, unknown>[] {
  const file = join(contentDir, 'lists', `${LISTS[name].file}.yaml`);
  const items = existsSync(file) ? (parseYamlText(readFileSync(file, 'utf8')).data as { items?: unknown } | null)?.items : undefined;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

/** The product categories as written (a product's `category` must be one), so products can be checked even when the list has a problem. */
export function readProductCategories(contentDir = 'content'): string[] {
  return readListItems(contentDir, 'productCategories')
    .map((item) => item?.id)
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '');
}

/** The model of a content folder: its product categories decide the products' schema. */
export function modelOf(contentDir: string): ContentSource[] {
  return contentModel(readProductCategories(contentDir));
}

/** content/site.yaml, validated; throws a ContentError naming each problem. */
export function readSite(contentDir = 'content'): Site {
  const site = modelOf(contentDir).find((s) => s.name === 'site')!;
  const { documents, problems } = readSource(contentDir, site, undefined);
  if (problems.length > 0) throw new ContentError(problems);
  return (documents[0].data as { site: Site }).site;
}

export interface Content {
  /** content/site.yaml, when it is valid. */
  site?: Site;
  /** The valid documents of each part of the model that are live at the time read, by its name (`pages`, `site`, `list-claims` …). */
  documents: Map<string, Document[]>;
  /** The valid entries scheduled after the time read (a `publishAt` later than it), by their folder's name. */
  scheduled: Map<string, Document[]>;
  /** Every problem of every file, one line each (empty when the content is valid). */
  problems: string[];
}

/** Every file of a content folder, read and validated, placeholders filled; its entries split at `at` into live and scheduled. */
export function readContent(contentDir = 'content', at: Date = publishingTime()): Content {
  // site.yaml first: its values fill the placeholders of every file, itself included.
  const siteFile = join(contentDir, 'site.yaml');
  const siteRead = existsSync(siteFile) ? parseYamlText(readFileSync(siteFile, 'utf8')) : undefined;
  const site = siteSchema.safeParse((siteRead?.data as { site?: unknown } | null | undefined)?.site);
  // Without valid site values the other files are checked as written (site.yaml's own lines say why).
  const values = site.success ? placeholderValues(site.data) : undefined;

  const documents = new Map<string, Document[]>();
  const scheduled = new Map<string, Document[]>();
  const problems: string[] = [];
  for (const source of modelOf(contentDir)) {
    const read = readSource(contentDir, source, values);
    const folder = source.kind === 'folder';
    documents.set(source.name, folder ? read.documents.filter((d) => isLive(d.data, at)) : read.documents);
    if (folder) scheduled.set(source.name, read.documents.filter((d) => !isLive(d.data, at)));
    problems.push(...read.problems);
  }
  const filledSite = (documents.get('site')?.[0]?.data as { site?: Site } | undefined)?.site;
  return { site: filledSite, documents, scheduled, problems };
}

/** content/redirects.yaml, placeholders filled with `values` (none when the file is missing); throws a ContentError on a problem. */
export function readRedirectsOf(contentDir: string, values: Record<string, string>): { from: string; to: string }[] {
  const source = modelOf(contentDir).find((s) => s.name === 'redirects')!;
  const { documents, problems } = readSource(contentDir, source, values);
  if (problems.length > 0) throw new ContentError(problems);
  return ((documents[0]?.data ?? []) as { from: string; to: string }[]).map(({ from, to }) => ({ from, to }));
}

/**
 * The name of every picture a page of the content shows (covers, pictures of texts; not a picture only shared
 * as a social card): the image pipeline imports these and no other upload, so an upload no page shows is
 * never published. Files with problems are left out (the content check names them).
 */
export function shownPictures(contentDir = 'content'): Set<string> {
  const names = new Set<string>();
  const { documents } = readContent(contentDir);
  for (const source of modelOf(contentDir))
    for (const document of documents.get(source.name) ?? [])
      for (const name of pagePictureNames(source.schema, document.data, document.body)) names.add(name);
  return names;
}
