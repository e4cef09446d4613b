/**
 * The built site as the build tests (vitest) and the browser tests (Playwright)
 * see it: dist/ after `npm run build:test`, or a temporary build. Reading the
 * folder (pages and their paths, files, sitemap, header rules) is
 * src/lib/deploy/dist-folder.ts's, shared with the gate; here are what only the
 * tests need: the pages to visit, JSON-LD, the Pagefind index, the agreement of
 * the route list with a build. Nothing here is a hard-coded page list: pages
 * added to content/ are picked up. No test runner is imported, so both runners
 * can load it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import * as site from '../../src/lib/deploy/dist-folder';
import { fillDeep, placeholderValues } from '../../src/lib/content/placeholders';
import { readManifest, servedPaths, type Manifest } from '../../src/lib/routes/manifest';
import { indexableRoutes } from '../../src/lib/routes/build';
import { absoluteUrl } from '../../src/lib/routes/urls';
import { SITEMAP_INDEX_PATH } from '../../src/lib/routes/sitemap';
import { parseRedirectsFile, type HeaderRule, type RedirectRule } from '../../src/lib/deploy/netlify';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

export const DIST = process.env.OUT_DIR ?? 'dist';
export const CONTENT = process.env.CONTENT_DIR ?? 'content';
/** A path no page uses: loads the 404 page. */
export const MISSING_PATH = '/this-page-does-not-exist';

/** Throws a clear error when dist/ holds no built site (no argument: it is also a beforeAll hook). */
export function requireDist(): void {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(join(DIST, SITEMAP_INDEX_PATH.slice(1)))) {
    throw new Error(`${DIST}/ has no built site: run \`npm run build:test\` first (npm test does it before these tests).`);
  }
}

/** The canonical origin the build used (astro.config.mjs: SITE_URL, else site.yaml host). */
export function canonicalHost(manifest: Manifest): string {
  return (process.env.SITE_URL || manifest.site.host).replace(/\/+$/, '');
}

export function readDist(file: string, dist = DIST): string {
  return readFileSync(join(dist, file), 'utf8');
}

/** The HTML of the page `dist` holds for a site path. */
export const readPage = (path: string, dist = DIST) => readDist(site.pageFile(path), dist);

/** Whether `dist` holds a page for a site path. */
export const hasPage = (path: string, dist = DIST) => existsSync(join(dist, site.pageFile(path)));

/** Every file of dist/, relative to it. */
export const distFiles = (dist = DIST) => site.distFiles(dist);

/** The site paths dist/'s sitemap lists. */
export const sitemapPaths = (dist = DIST) => site.sitemapPaths(dist);

export interface SitePage {
  /** What to load: the page path, or MISSING_PATH for the 404 page. */
  path: string;
  /** Its file in dist/. */
  file: string;
  /** Where it comes from. */
  source: 'sitemap' | 'manifest' | '404';
}

/**
 * Every page a visitor loads: each sitemap URL, then each canonical page of
 * the manifest that the sitemap leaves out (noindex pages such as /login and
 * /search), then the 404 page (loaded through a path that does not exist).
 * The CMS at /admin is the editors' tool, not a page visitors read: its
 * own checks are tests/build/admin.test.ts and tests/e2e/cms.spec.ts.
 */
export function sitePages(): SitePage[] {
  requireDist();
  const pages: SitePage[] = sitemapPaths().map((path) => ({ path, file: site.pageFile(path), source: 'sitemap' }));
  const seen = new Set(pages.map((p) => p.path));
  for (const route of readManifest(CONTENT).routes) {
    if (route.path === '/404' || route.path === ADMIN_PATH || seen.has(route.path)) continue;
    seen.add(route.path);
    pages.push({ path: route.path, file: site.pageFile(route.path), source: 'manifest' });
  }
  pages.push({ path: MISSING_PATH, file: site.NOT_FOUND_FILE, source: '404' });
  return pages;
}

/** True when the page renders an island with a form (a form or the sign-in card): detected in the HTML. */
export function hasFormIsland(html: string): boolean {
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = match[1];
    if (/component-url="[^"]*(Form|SignIn|Login)[^"]*"/i.test(attrs)) return true;
    // Server-rendered island content up to the next island: does it hold a <form>?
    const rest = html.slice(match.index! + match[0].length);
    const next = rest.search(/<astro-island\b|<\/astro-island>/);
    if (/<form\b/i.test(next === -1 ? rest : rest.slice(0, next))) return true;
  }
  return false;
}

/** netlify.toml, parsed. */
export function readNetlifyToml(): {
  build?: Record<string, unknown>;
  redirects?: Record<string, unknown>[];
  headers?: HeaderRule[];
} & Record<string, unknown> {
  return parseToml(readFileSync('netlify.toml', 'utf8')) as never;
}

/** The header rules Netlify applies to the build in dist/ (netlify.toml's and dist/_headers'). */
export function publishedHeaderRules(dist = DIST): HeaderRule[] {
  return site.headerRules(dist, readFileSync('netlify.toml', 'utf8'));
}

/**
 * Where the route list and a build disagree, one line each (none when they
 * agree): every path of the manifest (the list astro.config.mjs reads from the
 * files) is a built page, every built page is such a path or a redirect, and
 * the sitemap lists exactly the canonical paths that are not noindex (no
 * alias, redirect or draft), each on the canonical host.
 */
/**
 * What the build answers at the paths of earlier builds (dist/_redirects, src/lib/routes/published.ts): the moved
 * ones (301; each has a meta-refresh page), the gone ones (410; each serves its gone page), the CMS's entry links (302).
 */
export function earlierPaths(dist = DIST): { moved: RedirectRule[]; gone: RedirectRule[]; entryLinks: RedirectRule[] } {
  const rules = parseRedirectsFile(readDist('_redirects', dist));
  return {
    moved: rules.filter((r) => r.status === 301),
    gone: rules.filter((r) => r.status === 410),
    entryLinks: rules.filter((r) => r.status === 302),
  };
}

/** The built pages that are no route's: the meta-refresh pages of moved paths and the gone pages. */
export function pagesOfEarlierPaths(dist = DIST): Set<string> {
  const { moved, gone } = earlierPaths(dist);
  return new Set([...moved.map((r) => r.from), ...gone.map((r) => r.to)]);
}

export function routeMismatches(dist: string, manifest: Manifest): string[] {
  const differences = (what: string, actual: string[], expected: string[]) => [
    ...actual.filter((p) => !expected.includes(p)).map((p) => `${what}: ${p} is not in the route list`),
    ...expected.filter((p) => !actual.includes(p)).map((p) => `${what}: ${p} is missing`),
  ];
  const host = canonicalHost(manifest);
  const urls = site.sitemapUrls(dist);
  return [
    ...differences(
      'built page',
      site.builtPages(dist).map((p) => p.path),
      [...servedPaths(manifest).map((s) => s.path), ...pagesOfEarlierPaths(dist)],
    ),
    ...differences(
      'sitemap',
      urls.map((url) => new URL(url).pathname),
      indexableRoutes(manifest.routes).map((r) => r.path),
    ),
    ...urls.filter((url) => new URL(url).origin !== host).map((url) => `sitemap: ${url} is not on ${host}`),
  ];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Where a built page's raw HTML disagrees with its route, one line each (none
 * when all agree): every path the route list serves has exactly one <h1>, its
 * route's title and description, and a canonical link to the route's path (an
 * alias's names the canonical path, so search engines index one URL).
 */
export function headMismatches(dist: string, manifest: Manifest): string[] {
  const host = canonicalHost(manifest);
  return servedPaths(manifest).flatMap(({ path, route }) => {
    if (!hasPage(path, dist)) return [`${path}: no page built`];
    const html = readPage(path, dist);
    const h1s = html.match(/<h1[\s>]/g)?.length ?? 0;
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    return [
      h1s === 1 ? [] : [`${path}: ${h1s} <h1> elements, not one`],
      html.includes(`<title>${escapeHtml(route.meta.title)}</title>`) ? [] : [`${path}: <title> is not "${route.meta.title}"`],
      html.includes(`<meta name="description" content="${escapeHtml(route.meta.description)}"`)
        ? []
        : [`${path}: the description is not its route's`],
      canonical === absoluteUrl(host, route.path) ? [] : [`${path}: canonical ${canonical}, not ${absoluteUrl(host, route.path)}`],
    ].flat();
  });
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
export function pagefindPages(dist = DIST): IndexedPage[] {
  const dir = join(dist, 'pagefind', 'fragment');
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run \`npm run build:test\` (astro build, then pagefind).`);
  return readdirSync(dir).map((name) => {
    const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
    const json = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; meta: Record<string, string>; content: string };
    return { url: json.url, title: json.meta.title, content: json.content };
  });
}

/** Pagefind URLs are file URLs (/newsbox.html): the site path that file answers. */
export const pagefindPath = (url: string) => site.pagePath(url.replace(/^\//, ''));
