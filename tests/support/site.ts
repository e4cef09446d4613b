/**
 * The built site as the quality gates see it: which pages exist (from the
 * sitemap in dist/, plus the manifest's pages the sitemap leaves out, such
 * as /login and /search, plus the 404 page), and helpers to read dist/.
 * Nothing here is a hard-coded page list: pages added to content/ are
 * picked up automatically.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { readManifest } from '../../src/lib/routes/manifest';
import { parseHeadersFile, type HeaderRule } from '../../src/lib/deploy/netlify';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

export const DIST = process.env.OUT_DIR ?? 'dist';
export const CONTENT = process.env.CONTENT_DIR ?? 'content';
/** A path no page uses: loads the 404 page. */
export const MISSING_PATH = '/this-page-does-not-exist';

/** Throws a clear error when the build is missing. */
export function requireDist(): void {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(join(DIST, 'sitemap-index.xml'))) {
    throw new Error(`${DIST}/ has no built site: run \`npm run build:test\` first (npm test does it before these tests).`);
  }
}

/** Pathnames listed in the sitemap(s) of dist/. */
export function sitemapPaths(): string[] {
  requireDist();
  const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
  const chunks = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname.replace(/^\//, ''));
  const paths = chunks.flatMap((chunk) =>
    [...readFileSync(join(DIST, chunk), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
  );
  return [...new Set(paths)];
}

export interface SitePage {
  /** What to load: the page path, or MISSING_PATH for the 404 page. */
  path: string;
  /** Its file in dist/. */
  file: string;
  /** Where it comes from. */
  source: 'sitemap' | 'manifest' | '404';
}

/** dist/ file of a site path (build.format 'file'). */
export function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}

/**
 * Every page the gates check: each sitemap URL, then each canonical page of
 * the manifest that the sitemap leaves out (noindex pages such as /login and
 * /search), then the 404 page (loaded through a path that does not exist).
 * The CMS at /admin is the editors' tool, not a page visitors read: its
 * own checks are tests/build/admin.test.ts and tests/e2e/cms.spec.ts.
 */
export function sitePages(): SitePage[] {
  const pages: SitePage[] = sitemapPaths().map((path) => ({ path, file: fileOf(path), source: 'sitemap' }));
  const seen = new Set(pages.map((p) => p.path));
  for (const route of readManifest(CONTENT).routes) {
    if (route.path === '/404' || route.path === ADMIN_PATH || seen.has(route.path)) continue;
    seen.add(route.path);
    pages.push({ path: route.path, file: fileOf(route.path), source: 'manifest' });
  }
  pages.push({ path: MISSING_PATH, file: '404.html', source: '404' });
  return pages;
}

export function readDist(file: string): string {
  return readFileSync(join(DIST, file), 'utf8');
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

/**
 * The header rules Netlify applies to the build in dist/: netlify.toml's fixed
 * ones and the per-page ones the build wrote to dist/_headers (none when dist/
 * is missing).
 */
export function publishedHeaderRules(): HeaderRule[] {
  const file = join(DIST, '_headers');
  return [...(readNetlifyToml().headers ?? []), ...(existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : [])];
}

/** All files under a dist/ folder, relative to dist/. */
export function distFiles(dir = ''): string[] {
  const root = join(DIST, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(DIST.length + 1));
}
