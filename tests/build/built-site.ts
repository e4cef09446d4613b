/**
 * Helpers for tests that read a built site (dist/ after `npm run build:test`,
 * or a temporary build): its HTML files, their JSON-LD and the Pagefind index.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { fillDeep, placeholderValues } from '../../src/lib/content/placeholders';
import { expect } from 'vitest';
import { servedPaths, type Manifest } from '../../src/lib/routes/manifest';
import { indexableRoutes } from '../../src/lib/routes/build';

export interface BuiltPage {
  file: string;
  /** The site path the file serves: /, /about, /services/managed-business … */
  path: string;
  html: string;
}

/** The canonical origin the build used (astro.config.mjs: SITE_URL, else site.yaml host). */
export function canonicalHost(manifest: Manifest): string {
  return (process.env.SITE_URL || manifest.site.host).replace(/\/+$/, '');
}

export function assertBuilt(dist: string) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build:test\` before the build tests.`);
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every HTML file of the build except Pagefind's own assets. */
export function builtPages(dist: string): BuiltPage[] {
  return walk(dist)
    .filter((f) => f.endsWith('.html') && !relative(dist, f).startsWith(`pagefind${sep}`))
    .sort()
    .map((file) => {
      const rel = relative(dist, file)
        .split(sep)
        .join('/')
        .replace(/\.html$/, '');
      const path = rel === 'index' ? '/' : `/${rel}`;
      return { file, path, html: readFileSync(file, 'utf8') };
    });
}

/** The built file of a site path (build.format "file"). */
export function fileFor(dist: string, path: string): string {
  return join(dist, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
}

/** The parsed JSON-LD documents of a page (throws with the page named on invalid JSON). */
export function jsonLdDocuments(page: { path: string; html: string }): Record<string, unknown>[] {
  const scripts = [...page.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return scripts.map((text) => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${page.path}: JSON-LD is not valid JSON (${(error as Error).message})`);
    }
  });
}

export type Node = Record<string, unknown> & { '@type'?: string };

/** Top-level nodes of the JSON-LD documents (the members of @graph, or the document itself). */
export function jsonLdNodes(page: { path: string; html: string }): Node[] {
  return jsonLdDocuments(page).flatMap((doc) => (Array.isArray(doc['@graph']) ? (doc['@graph'] as Node[]) : [doc as Node]));
}

/** The frontmatter of a content markdown file, placeholders filled. */
export function frontmatter<T = Record<string, unknown>>(file: string, manifest: Manifest): T {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: missing frontmatter`);
  return fillDeep(parseYaml(match[1]) as T, placeholderValues(manifest.site));
}

/** The content-page ids (content/pages/<id>.yaml) whose sections include a product grid. */
export function productGridPages(contentDir: string, manifest: Manifest) {
  return manifest.routes.filter((r) => {
    if (r.kind !== 'page') return false;
    const file = ['yaml', 'yml'].map((ext) => join(contentDir, 'pages', `${r.id}.${ext}`)).find(existsSync);
    const data = file ? (parseYaml(readFileSync(file, 'utf8')) as { sections?: { type: string }[] }) : undefined;
    return (data?.sections ?? []).some((s) => s.type === 'product-grid');
  });
}

export interface IndexedPage {
  url: string;
  title: string | undefined;
  content: string;
}

/** The pages in the Pagefind index: each fragment is gzip, "pagefind_dcd" then JSON. */
export function pagefindPages(dist: string): IndexedPage[] {
  const dir = join(dist, 'pagefind', 'fragment');
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run \`npm run build:test\` (astro build, then pagefind).`);
  return readdirSync(dir).map((name) => {
    const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
    const json = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; meta: Record<string, string>; content: string };
    return { url: json.url, title: json.meta.title, content: json.content };
  });
}

/** Pagefind URLs are file URLs (/newsbox.html); the site's paths have no extension. */
export function pagefindPath(url: string): string {
  const path = url.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}

/** Paths listed in a build's sitemap files. */
export function sitemapPathsOf(dist: string): string[] {
  return readdirSync(dist)
    .filter((f) => /^sitemap-\d+\.xml$/.test(f))
    .flatMap((f) => [...readFileSync(join(dist, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
}

/**
 * The route list and the build agree: every path of the manifest (the list
 * astro.config.mjs reads from the files) is a built page, every built page is
 * such a path or a redirect, and the sitemap holds exactly the canonical
 * paths that are not noindex (no alias, redirect or draft).
 */
export function expectRoutesAgree(dist: string, manifest: Manifest) {
  const served = servedPaths(manifest).map((s) => s.path);
  const redirects = manifest.redirects.map((r) => r.from);
  const built = builtPages(dist).map((p) => p.path);
  expect([...built].sort()).toEqual([...served, ...redirects].sort());
  const indexable = indexableRoutes(manifest.routes).map((r) => r.path);
  expect(sitemapPathsOf(dist).sort()).toEqual([...indexable].sort());
}
