/**
 * One route list: the manifest that astro.config.mjs reads from the files
 * (sitemap, redirects) and the pages Astro built from the content collections
 * are the same set of paths. The products test repeats this on a temporary
 * build with an alias and a draft added.
 */
import { describe, it, expect } from 'vitest';
import { readManifest } from '../../src/lib/manifest';
import { buildRoutes, catchAllPaths, indexableRoutes, RouteError } from '../../src/lib/routes';
import { metaSchema } from '../../src/lib/schemas';
import { assertBuilt, expectRoutesAgree } from './built-site';

const meta = (path: string, extra: Record<string, unknown> = {}) =>
  metaSchema.parse({ path, name: 'Name', title: 'A title', description: 'd'.repeat(60), keywords: ['k'], priority: 0.5, changefreq: 'yearly', ...extra });

describe('buildRoutes', () => {
  it('routes entries with meta, keeps own-file pages out of the catch-all, and leaves noindex out of the index', () => {
    const routes = buildRoutes([
      { kind: 'page', id: 'about', meta: meta('/about', { aliases: ['/company'] }) },
      { kind: 'page', id: 'login', meta: meta('/login', { noindex: true }), ownFile: true },
      { kind: 'product', id: 'card-only' },
    ]);
    expect(routes.map((r) => r.path)).toEqual(['/about', '/login']);
    expect(catchAllPaths(routes).map((s) => [s.path, s.isAlias])).toEqual([['/about', false], ['/company', true]]);
    expect(indexableRoutes(routes).map((r) => r.path)).toEqual(['/about']);
  });

  it('refuses a path claimed twice and a redirect to nowhere, naming both sides', () => {
    expect(() => buildRoutes([{ kind: 'page', id: 'a', meta: meta('/x') }, { kind: 'post', id: 'b', meta: meta('/y', { aliases: ['/x'] }) }])).toThrow(
      'The path /x is claimed twice: by page "a" and by an alias of post "b"',
    );
    expect(() => buildRoutes([{ kind: 'page', id: 'a', meta: meta('/x') }], [{ from: '/old', to: '/gone' }])).toThrow(RouteError);
    expect(() => buildRoutes([{ kind: 'page', id: 'a', meta: meta('/x') }], [{ from: '/x', to: '/x' }])).toThrow('claimed twice');
  });
});

describe('the built site', () => {
  it('has exactly the pages, aliases and redirects of the route list, and the sitemap its indexable pages', () => {
    assertBuilt('dist');
    expectRoutesAgree('dist', readManifest(process.env.CONTENT_DIR ?? 'content'));
  });
});
