/**
 * One route list: the manifest that astro.config.mjs reads from the files
 * (sitemap, redirects) and the pages Astro built from the content collections
 * are the same set of paths; each page's raw HTML has its route's one <h1>,
 * title, description and canonical; each built page's breadcrumbs are the
 * route list's. The products test repeats the first two on a temporary build
 * with an alias and a draft added, the blog test with enough posts for three
 * blog pages.
 */
import { describe, it, expect } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { breadcrumbs } from '../../src/lib/seo/head';
import { buildRoutes, catchAllPaths, indexableRoutes, RouteError } from '../../src/lib/routes/build';
import { metaSchema } from '../../src/lib/content/schemas';
import { absoluteUrl } from '../../src/lib/routes/urls';
import { builtPages } from '../../src/lib/deploy/dist-folder';
import { canonicalHost, CONTENT, DIST, headMismatches, jsonLdNodes, requireDist, routeMismatches } from '../support/site-under-test';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

const meta = (path: string, extra: Record<string, unknown> = {}) =>
  metaSchema.parse({
    path,
    name: 'Name',
    title: 'A title',
    description: 'd'.repeat(60),
    keywords: ['k'],
    priority: 0.5,
    changefreq: 'yearly',
    ...extra,
  });

describe('buildRoutes', () => {
  it('routes entries with meta, keeps own-file pages out of the catch-all, and leaves noindex out of the index', () => {
    const routes = buildRoutes([
      { kind: 'page', id: 'about', meta: meta('/about', { aliases: ['/company'] }) },
      { kind: 'page', id: 'login', meta: meta('/login', { noindex: true }), ownFile: true },
      { kind: 'product', id: 'card-only' },
    ]);
    expect(routes.map((r) => r.path)).toEqual(['/about', '/login']);
    expect(catchAllPaths(routes).map((s) => [s.path, s.isAlias])).toEqual([
      ['/about', false],
      ['/company', true],
    ]);
    expect(indexableRoutes(routes).map((r) => r.path)).toEqual(['/about']);
  });

  it('refuses a path claimed twice, naming both sides (the redirects are src/lib/routes/published.ts’s: tests/unit/routes/published.test.ts)', () => {
    const claimed = () =>
      buildRoutes([
        { kind: 'page', id: 'a', meta: meta('/x') },
        { kind: 'post', id: 'b', meta: meta('/y', { aliases: ['/x'] }) },
      ]);
    expect(claimed).toThrow('the path /x is claimed twice: by page "a" and by an alias of post "b"');
    expect(claimed).toThrow(RouteError);
  });

  it('makes the blog a route per page of posts, each served by the catch-all and indexable', () => {
    const later = {
      title: 'Blog – page {page}',
      description: 'Page {page} of the blog, with enough words for a description.',
      name: 'Page {page}',
    };
    const posts = Array.from({ length: 13 }, (_, i) => ({
      kind: 'post' as const,
      id: `p${i}`,
      meta: meta(`/post/p${i}`),
      published: new Date(Date.UTC(2025, 0, i + 1)),
    }));
    const routes = buildRoutes([{ kind: 'page', id: 'blog', meta: meta('/blog'), listing: later }, ...posts]);
    expect(routes.filter((r) => r.listing).map((r) => r.path)).toEqual(['/blog', '/blog/2']);
    expect(catchAllPaths(routes).map((s) => s.path)).toEqual(expect.arrayContaining(['/blog', '/blog/2']));
    expect(indexableRoutes(routes).map((r) => r.path)).toEqual(expect.arrayContaining(['/blog', '/blog/2']));
    // With 12 posts there is no /blog/2.
    expect(
      buildRoutes([{ kind: 'page', id: 'blog', meta: meta('/blog'), listing: later }, ...posts.slice(1)]).map((r) => r.path),
    ).not.toContain('/blog/2');
  });
});

describe('the built site', () => {
  it('has exactly the pages, aliases and redirects of the route list, and the sitemap its indexable pages', () => {
    requireDist();
    expect(routeMismatches(DIST, readManifest(CONTENT))).toEqual([]);
  });

  it("gives every page its route's one <h1>, title, description and canonical, each title and description its own", () => {
    requireDist();
    const manifest = readManifest(CONTENT);
    expect(headMismatches(DIST, manifest)).toEqual([]);
    for (const field of ['title', 'description'] as const) {
      const values = manifest.routes.map((r) => r.meta[field]);
      expect(
        values.filter((value, i) => values.indexOf(value) !== i),
        `${field}s used twice`,
      ).toEqual([]);
    }
  });

  it("gives every page the breadcrumbs of the route list (posts: Home › Blog › post; the blog's pages: Home › Blog › Page n; an alias its page's)", () => {
    requireDist();
    const manifest = readManifest(CONTENT);
    const host = canonicalHost(manifest);
    const index = new Map(manifest.routes.map((r) => [r.path, r.meta]));
    const byPath = new Map(manifest.routes.flatMap((r) => [r.path, ...r.meta.aliases].map((path) => [path, r] as const)));
    let checked = 0;
    for (const page of builtPages(DIST)) {
      const route = byPath.get(page.path);
      if (!route || route.path === ADMIN_PATH) continue; // redirect pages have no breadcrumbs, nor does the CMS
      const list = jsonLdNodes(page).find((n) => n['@type'] === 'BreadcrumbList') as
        { itemListElement: { name: string; item: string }[] } | undefined;
      const expected = breadcrumbs(route.meta, index).map((c) => [c.name, absoluteUrl(host, c.path)]);
      expect(list?.itemListElement.map((e) => [e.name, e.item]) ?? [], page.path).toEqual(expected.length > 1 ? expected : []);
      checked++;
    }
    expect(checked).toBe(byPath.size - (byPath.has(ADMIN_PATH) ? 1 : 0));
    const blog = manifest.routes.find((r) => r.listing?.page === 1);
    for (const post of manifest.routes.filter((r) => r.kind === 'post')) {
      expect(breadcrumbs(post.meta, index).map((c) => c.path)).toEqual(['/', blog!.path, post.path]);
    }
  });
});
