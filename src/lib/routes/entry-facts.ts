/**
 * What a version of a content file says about the site's paths, for the history of content/ (./history.ts):
 * an entry file's paths, title and publishAt, and a version of content/site.yaml's placeholder values, with
 * which that commit's paths were filled (a rebrand changes `slug`, and the old paths keep the old one).
 * Tolerant by design: an old version that today's schemas refuse still says what it published.
 */
import { basename } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { EXTENSIONS, entryId } from '../content/files';
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS, type RoutedCollection } from '../content/model';
import { fill, placeholderValues, unknownPlaceholders } from '../content/placeholders';
import { parseDateTime } from '../content/publishing';
import { siteSchema } from '../content/schemas';

/** What a version of an entry file says about its pages. */
export interface Facts {
  paths: string[];
  title: string;
  parent?: string;
  /** Epoch ms; NaN for a publishAt that cannot be read (such a version never went live). */
  publishAt?: number;
  /** The page that lists the posts (`layout: blog`). */
  blog: boolean;
}

/** The site settings file, relative to content/: its placeholder values fill every path. */
export const SITE_FILE = 'site.yaml';

const SITE_PATH = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;
export const NO_FACTS: Facts = { paths: [], title: '', blog: false };

/** A path as content writes it, placeholders filled; undefined when it is not a valid site path. */
function sitePathOf(value: unknown, values: Record<string, string>): string | undefined {
  if (typeof value !== 'string' || unknownPlaceholders(value, values).length > 0) return undefined;
  const path = fill(value, values);
  return SITE_PATH.test(path) ? path : undefined;
}

/** The fields of a version of an entry file that make its pages, as written (placeholders not filled): parsed once a version. */
export interface Written {
  meta?: Record<string, unknown>;
  publishAt?: number;
  blog: boolean;
}

/** What one version of an entry file writes (a YAML document, or markdown whose frontmatter holds the fields). */
export function writtenIn(text: string, markdown: boolean): Written {
  let source = text;
  if (markdown) {
    const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!match) return { blog: false };
    source = match[1];
  }
  let data: Record<string, unknown>;
  try {
    data = (parseYaml(source) ?? {}) as Record<string, unknown>;
  } catch {
    return { blog: false };
  }
  if (typeof data !== 'object' || Array.isArray(data)) return { blog: false };
  const meta = typeof data.meta === 'object' && data.meta !== null ? (data.meta as Record<string, unknown>) : undefined;
  const publishAt = data.publishAt === undefined ? undefined : (parseDateTime(data.publishAt)?.getTime() ?? Number.NaN);
  return { meta, ...(publishAt === undefined ? {} : { publishAt }), blog: data.layout === 'blog' };
}

/** The facts of what a version writes, its placeholders filled with `values` (a commit's: cheap, done again after a rebrand). */
export function filledFacts({ meta, publishAt, blog }: Written, values: Record<string, string>): Facts {
  const path = sitePathOf(meta?.path, values);
  if (!meta || !path) return { ...NO_FACTS, blog };
  const aliases = Array.isArray(meta.aliases) ? meta.aliases.map((a) => sitePathOf(a, values)).filter((a) => a !== undefined) : [];
  const title = typeof meta.title === 'string' && unknownPlaceholders(meta.title, values).length === 0 ? fill(meta.title, values) : path;
  return {
    paths: [...new Set([path, ...aliases])],
    title,
    parent: sitePathOf(meta.parent, values),
    ...(publishAt === undefined ? {} : { publishAt }),
    blog,
  };
}

/** The facts of one version of an entry file. */
export const factsOf = (text: string, markdown: boolean, values: Record<string, string>): Facts =>
  filledFacts(writtenIn(text, markdown), values);

/**
 * The placeholder values of one version of content/site.yaml, over `fallback` (today's) for what it cannot say.
 * A version today's schema refuses (a field added since) still gives its own words: brand, slug and the other
 * scalars at the top of `site:`, which is what paths are written with.
 */
export function siteValuesOf(text: string, fallback: Record<string, string>): Record<string, string> {
  let site: unknown;
  try {
    site = (parseYaml(text) as { site?: unknown } | null)?.site;
  } catch {
    return fallback;
  }
  const valid = siteSchema.safeParse(site);
  if (valid.success) return { ...fallback, ...placeholderValues(valid.data) };
  if (typeof site !== 'object' || site === null) return fallback;
  const scalars = Object.entries(site).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return { ...fallback, ...Object.fromEntries(scalars.map(([k, v]) => [k, String(v)])) };
}

/** Whether a version with `facts` was on the site at some moment before `end` (epoch ms). */
export const liveBefore = (facts: Facts, end: number) => facts.publishAt === undefined || facts.publishAt < end;

/** The routed collection a repository path belongs to, with its entry id (drafts included), or undefined. */
export function entryOf(contentPath: string, file: string): { collection: RoutedCollection; id: string } | undefined {
  for (const collection of ROUTED_COLLECTION_NAMES) {
    const { dir, format } = ROUTED_COLLECTIONS[collection];
    const folder = contentPath ? `${contentPath}/${dir}/` : `${dir}/`;
    if (!file.startsWith(folder) || file.slice(folder.length).includes('/')) continue;
    const name = basename(file);
    if (!EXTENSIONS[format].some((ext) => name.endsWith(ext))) continue;
    return { collection, id: entryId(name) };
  }
  return undefined;
}
