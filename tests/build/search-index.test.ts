/**
 * The Pagefind index built by `npm run build:test` holds exactly the
 * indexable pages, once each, titled with their meta title: never the 404
 * page, redirect pages, alias copies, /login or /search.
 */
import { it, expect } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { pagefindPages, pagefindPath, pagesOfEarlierPaths, requireDist } from '../support/site-under-test';

const dist = 'dist';
requireDist();
const manifest = readManifest('content');
const indexed = pagefindPages(dist).map((p) => ({ ...p, path: pagefindPath(p.url) }));
const indexable = manifest.routes.filter((r) => !r.meta.noindex);

it('indexes every indexable page exactly once', () => {
  const paths = indexed.map((p) => p.path).sort();
  expect(paths).toEqual(indexable.map((r) => r.path).sort());
});

it('leaves out the 404 page, noindex pages (login, search), redirects and aliases', () => {
  const paths = new Set(indexed.map((p) => p.path));
  const excluded = [
    '/404',
    '/login',
    '/search',
    ...manifest.routes.filter((r) => r.meta.noindex).map((r) => r.path),
    ...pagesOfEarlierPaths(),
    ...manifest.routes.flatMap((r) => r.meta.aliases),
  ];
  expect(excluded.filter((path) => paths.has(path))).toEqual([]);
  expect(indexed.some((p) => /Oops! Page not found/.test(p.content))).toBe(false);
});

it('titles each result with the page meta title', () => {
  for (const page of indexed) {
    const route = indexable.find((r) => r.path === page.path)!;
    expect(page.title, page.path).toBe(route.meta.title);
  }
});
