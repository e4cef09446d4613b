/**
 * The route manifest read straight from the files in `content/`, for the code
 * that runs before Astro's content layer exists: astro.config.mjs (sitemap
 * rules, redirects) and the tests. The files are validated with the same
 * schemas as the content collections, listed by the same rules
 * (src/lib/content/files.ts) and turned into routes by the same function
 * (`buildRoutes` in src/lib/routes/build.ts) as the pages themselves.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { COLLECTION_FILES, entryId, isContentFile, type RoutedCollection } from '../content/files';
import {
  buildRoutes,
  PAGE_SLOTS,
  servedPaths as servedPathsOf,
  type LaterPages,
  type Redirect,
  type Route,
  type RouteKind,
  type RouteSource,
  type ServedPath,
} from './build';
import { pageSchema, postSchema, productSchemaWith, redirectSchema, serviceSchema, siteSchema, type Site } from '../content/schemas';
import { placeholderValues } from '../content/placeholders';
import { checkDocument, ContentError } from '../content/check';

export type { RouteKind, Redirect };
export type RouteEntry = Route<RouteSource>;
export interface Manifest {
  site: Site;
  routes: RouteEntry[];
  redirects: Redirect[];
}

/**
 * Validate `value` with `schema`, its placeholders filled with `values` first
 * when given (lengths count what visitors read). The error lists one line per
 * problem, worded like the content check's (src/lib/content/check.ts).
 */
export function validated<S extends z.ZodType>(file: string, schema: S, value: unknown, values?: Record<string, string>): z.output<S> {
  const checked = checkDocument(file, schema, value, values);
  if (!checked.ok) throw new ContentError(checked.problems);
  return checked.data;
}

function frontmatter(file: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new ContentError([`${file}: missing frontmatter`]);
  return parseYaml(match[1]);
}

/** The files of a collection, in name order, drafts (`_*`) left out. */
function collectionFiles(contentDir: string, collection: RoutedCollection): { id: string; file: string }[] {
  const dir = join(contentDir, COLLECTION_FILES[collection].dir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isContentFile(collection, name))
    .sort()
    .map((name) => ({ id: entryId(name), file: join(dir, name) }));
}

export function readSite(contentDir = 'content'): Site {
  const file = join(contentDir, 'site.yaml');
  const raw = parseYaml(readFileSync(file, 'utf8')) as { site?: unknown };
  return validated(file, siteSchema, raw.site);
}

/** The category names of content/lists/product-categories.yaml, which a product's `category` must be one of. */
export function readProductCategories(contentDir = 'content'): string[] {
  const file = join(contentDir, 'lists', 'product-categories.yaml');
  const entries = ((parseYaml(readFileSync(file, 'utf8')) as { items?: { id?: unknown }[] } | null)?.items ?? []) as { id?: unknown }[];
  return entries.map((entry, index) => {
    if (typeof entry?.id !== 'string' || !entry.id.trim()) throw new Error(`${file} › items.${index}.id: every category needs a name`);
    return entry.id;
  });
}

export function readRedirects(contentDir: string, values: Record<string, string>): Redirect[] {
  const file = join(contentDir, 'redirects.yaml');
  if (!existsSync(file)) return [];
  return validated(file, z.array(redirectSchema), parseYaml(readFileSync(file, 'utf8')) ?? [], values).map(({ from, to }) => ({
    from,
    to,
  }));
}

export function readManifest(contentDir = 'content'): Manifest {
  const site = readSite(contentDir);
  const values = placeholderValues(site);
  const sources: RouteSource[] = [];
  // Validation fills the placeholders; the blog's later-page words keep their {page} slot: each page fills in its own number.
  const pageValues = { ...values, ...PAGE_SLOTS };
  const add = (
    kind: RouteKind,
    id: string,
    data: { meta?: RouteSource['meta']; layout?: string; published?: Date; listing?: { later: LaterPages } },
  ) =>
    sources.push({ kind, id, meta: data.meta, ownFile: data.layout === 'custom', published: data.published, listing: data.listing?.later });

  // Validated with placeholders filled, as the content check does.
  for (const { id, file } of collectionFiles(contentDir, 'pages'))
    add('page', id, validated(file, pageSchema, parseYaml(readFileSync(file, 'utf8')), pageValues));
  const productSchema = productSchemaWith(readProductCategories(contentDir));
  for (const { id, file } of collectionFiles(contentDir, 'products'))
    add('product', id, validated(file, productSchema, frontmatter(file), values));
  for (const { id, file } of collectionFiles(contentDir, 'services'))
    add('service', id, validated(file, serviceSchema, frontmatter(file), values));
  for (const { id, file } of collectionFiles(contentDir, 'posts')) add('post', id, validated(file, postSchema, frontmatter(file), values));

  const redirects = readRedirects(contentDir, values);
  return { site, routes: buildRoutes(sources, redirects), redirects };
}

/** Every path a visitor can load (canonical paths and aliases), with the route that serves it. */
export function servedPaths(manifest: Manifest): ServedPath[] {
  return servedPathsOf(manifest.routes);
}
