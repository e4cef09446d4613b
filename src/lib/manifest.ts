/**
 * The route manifest: every page's metadata and every redirect, read straight
 * from `content/` with the same schemas as the content collections.
 *
 * Pages themselves use `astro:content`; this reader exists for the places that
 * run before collections are available: `astro.config.mjs` (sitemap priority,
 * changefreq and noindex; redirects for `astro preview`) and tests (netlify.toml
 * must agree with content).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { metaSchema, pageSchema, productSchema, serviceSchema, postSchema, redirectSchema, siteSchema, type PageMeta, type Site } from './schemas';
import { fill, fillDeep, placeholderValues } from './placeholders';

export type RouteKind = 'page' | 'product' | 'service' | 'post';
export interface RouteEntry {
  kind: RouteKind;
  id: string;
  /** The canonical path, placeholders filled. */
  path: string;
  meta: PageMeta;
}
export interface RedirectEntry {
  from: string;
  to: string;
}
export interface Manifest {
  site: Site;
  routes: RouteEntry[];
  redirects: RedirectEntry[];
}

function frontmatter(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${file}: missing frontmatter`);
  return parseYaml(match[1]);
}

function validated<T>(file: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`${file} is invalid:\n${details}`);
  }
  return result.data;
}

function filesIn(dir: string, exts: string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => exts.includes(extname(f)) && !f.startsWith('_'))
    .sort()
    .map((f) => join(dir, f));
}

export function readSite(contentDir = 'content'): Site {
  const file = join(contentDir, 'site.yaml');
  const raw = parseYaml(readFileSync(file, 'utf8')) as { site?: unknown };
  return validated(file, siteSchema, raw.site);
}

export function readManifest(contentDir = 'content'): Manifest {
  const site = readSite(contentDir);
  const values = placeholderValues(site);
  const routes: RouteEntry[] = [];
  const add = (kind: RouteKind, id: string, meta: PageMeta | undefined) => {
    if (!meta) return;
    const filled = fillDeep(meta, values);
    routes.push({ kind, id, path: filled.path, meta: filled });
  };
  for (const file of filesIn(join(contentDir, 'pages'), ['.yaml', '.yml'])) {
    add('page', basename(file, extname(file)), validated(file, pageSchema, parseYaml(readFileSync(file, 'utf8'))).meta);
  }
  for (const file of filesIn(join(contentDir, 'products'), ['.md'])) {
    add('product', basename(file, '.md'), validated(file, productSchema, frontmatter(file)).meta);
  }
  for (const file of filesIn(join(contentDir, 'services'), ['.md'])) {
    add('service', basename(file, '.md'), validated(file, serviceSchema, frontmatter(file)).meta);
  }
  for (const file of filesIn(join(contentDir, 'posts'), ['.md'])) {
    add('post', basename(file, '.md'), validated(file, postSchema, frontmatter(file)).meta);
  }
  const redirectsFile = join(contentDir, 'redirects.yaml');
  const redirects: RedirectEntry[] = existsSync(redirectsFile)
    ? (parseYaml(readFileSync(redirectsFile, 'utf8')) as unknown[]).map((r) => {
        const entry = validated(redirectsFile, redirectSchema, r);
        return { from: fill(entry.from, values), to: fill(entry.to, values) };
      })
    : [];

  const seen = new Map<string, string>();
  const claim = (path: string, owner: string) => {
    const previous = seen.get(path);
    if (previous) throw new Error(`The path ${path} is claimed twice: by ${previous} and by ${owner}`);
    seen.set(path, owner);
  };
  for (const r of routes) {
    claim(r.path, `${r.kind} "${r.id}"`);
    for (const alias of r.meta.aliases) claim(alias, `an alias of ${r.kind} "${r.id}"`);
  }
  for (const r of redirects) {
    claim(r.from, `the redirect to ${r.to}`);
    if (!seen.has(r.to) || seen.get(r.to)?.startsWith('the redirect')) {
      throw new Error(`content/redirects.yaml: ${r.from} redirects to ${r.to}, which is not a page of the site`);
    }
  }
  return { site, routes, redirects };
}

/** Every path a visitor can load (canonical paths and aliases), with the entry that serves it. */
export function servedPaths(manifest: Manifest): { path: string; route: RouteEntry; isAlias: boolean }[] {
  return manifest.routes.flatMap((route) => [
    { path: route.path, route, isAlias: false },
    ...route.meta.aliases.map((alias) => ({ path: alias, route, isAlias: true })),
  ]);
}

export { metaSchema };
