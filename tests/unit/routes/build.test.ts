/**
 * The route list (src/lib/routes/build.ts), from source entries given here:
 * pagination of the blog with 0, 1, 12, 13 and 25 posts, later pages' words,
 * breadcrumbs, and the paths it refuses. The same `buildRoutes` feeds
 * getStaticPaths, the sitemap, the search index and the breadcrumbs.
 */
import { describe, it, expect } from 'vitest';
import { breadcrumbs } from '../../../src/lib/seo/head';
import {
  blogRoute,
  buildRoutes,
  catchAllPaths,
  fillPageSlots,
  indexableRoutes,
  listingPagePath,
  newestFirst,
  paginate,
  POSTS_PER_PAGE,
  RouteError,
  type Route,
  type RouteSource,
} from '../../../src/lib/routes/build';

import { blogSource, home, meta, posts } from '../../fixtures/route-sources';

const blogPages = (routes: Route[]) => routes.filter((r) => r.listing);

describe('paginate', () => {
  it.each([
    [0, [0]],
    [1, [1]],
    [12, [12]],
    [13, [12, 1]],
    [25, [12, 12, 1]],
    [36, [12, 12, 12]],
  ])('%i items make pages of %j', (count, sizes) => {
    const items = Array.from({ length: count }, (_, i) => i);
    const pages = paginate(items);
    expect(pages.map((p) => p.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(items);
  });

  it('uses 12 a page and refuses a page size that is not a positive whole number', () => {
    expect(POSTS_PER_PAGE).toBe(12);
    expect(paginate([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(() => paginate([1], 0)).toThrow(RangeError);
    expect(() => paginate([1], 1.5)).toThrow(RangeError);
  });
});

describe('listing paths and words', () => {
  it('page 1 is the blog itself, never /blog/1', () => {
    expect([1, 2, 3].map((n) => listingPagePath('/blog', n))).toEqual(['/blog', '/blog/2', '/blog/3']);
    expect(listingPagePath('/', 2)).toBe('/2');
  });

  it('fills {page} and {pages}', () => {
    expect(fillPageSlots('Page {page} of {pages}', 2, 3)).toBe('Page 2 of 3');
  });

  it('orders posts newest first, and posts of the same day by path', () => {
    const day = new Date('2025-05-05');
    const routes = buildRoutes([
      { kind: 'post', id: 'b', meta: meta('/post/b'), published: day },
      { kind: 'post', id: 'old', meta: meta('/post/old'), published: new Date('2020-01-01') },
      { kind: 'post', id: 'a', meta: meta('/post/a'), published: day },
      { kind: 'page', id: 'about', meta: meta('/about') },
    ]);
    expect(newestFirst(routes).map((r) => r.path)).toEqual(['/post/a', '/post/b', '/post/old']);
  });
});

describe('the blog in the route list', () => {
  it.each([
    [0, ['/blog']],
    [1, ['/blog']],
    [12, ['/blog']],
    [13, ['/blog', '/blog/2']],
    [25, ['/blog', '/blog/2', '/blog/3']],
  ])('with %i posts it has the pages %j, listing every post once, newest first, 12 a page', (count, paths) => {
    const routes = buildRoutes([home, blogSource, ...posts(count)]);
    const pages = blogPages(routes);
    expect(pages.map((r) => r.path)).toEqual(paths);
    // The same pages reach the catch-all route (getStaticPaths), the sitemap and the search index.
    const served = catchAllPaths(routes).map((s) => s.path);
    const indexable = indexableRoutes(routes).map((r) => r.path);
    for (const path of paths) {
      expect(served).toContain(path);
      expect(indexable).toContain(path);
    }
    expect(served).not.toContain('/blog/1');

    const listed = pages.flatMap((r) => r.listing!.posts.map((p) => p.id));
    const expected = Array.from({ length: count }, (_, i) => `post-${count - i}`);
    expect(listed).toEqual(expected);
    for (const [index, page] of pages.entries()) {
      expect(page.listing!.page).toBe(index + 1);
      expect(page.listing!.paths).toEqual(paths);
      expect(page.listing!.posts.length).toBe(index < pages.length - 1 ? POSTS_PER_PAGE : count - POSTS_PER_PAGE * index);
    }
  });

  it('gives later pages their own title, description, name and canonical path, and no alias', () => {
    const routes = buildRoutes([home, blogSource, ...posts(25)]);
    const [first, second, third] = blogPages(routes);
    expect(first.meta).toEqual(blogSource.meta);
    expect(second.meta).toMatchObject({ path: '/blog/2', title: 'Blog – page 2 | Test', name: 'Page 2', aliases: [], parent: '/blog' });
    expect(third.meta.description).toBe('Earlier posts of the test blog, page 3, long enough for the schema.');
    expect(new Set(routes.map((r) => r.meta.title)).size).toBe(routes.length);
    expect(blogRoute(routes)).toBe(first);
  });

  it('puts posts and later pages under the blog in breadcrumbs: Home › Blog › …', () => {
    const about: RouteSource = { kind: 'page', id: 'about', meta: meta('/about', { name: 'About' }) };
    const elsewhere: RouteSource = { kind: 'post', id: 'elsewhere', meta: meta('/post/x', { parent: '/about' }), published: new Date() };
    const routes = buildRoutes([home, about, blogSource, ...posts(13), elsewhere]);
    const index = new Map(routes.map((r) => [r.path, r.meta]));
    const trail = (path: string) => breadcrumbs(routes.find((r) => r.path === path)!.meta, index).map((c) => c.name);
    expect(trail('/post/p1')).toEqual(['Home', 'Blog', 'Name of /post/p1']);
    expect(trail('/blog/2')).toEqual(['Home', 'Blog', 'Page 2']);
    expect(trail('/blog')).toEqual(['Home', 'Blog']);
    // A post that names its own parent keeps it.
    expect(trail('/post/x')).toEqual(['Home', 'About', 'Name of /post/x']);
  });

  it('without a blog, posts keep their own breadcrumbs and no page lists them', () => {
    const routes = buildRoutes([home, ...posts(3)]);
    expect(blogRoute(routes)).toBeUndefined();
    expect(routes.find((r) => r.id === 'post-1')!.meta.parent).toBeUndefined();
  });

  it('refuses a second blog and a path a later page already has, naming both', () => {
    expect(() => buildRoutes([blogSource, { ...blogSource, id: 'news', meta: meta('/news-blog') }])).toThrow(RouteError);
    expect(() => buildRoutes([blogSource, ...posts(13), { kind: 'page', id: 'two', meta: meta('/blog/2') }])).toThrow(
      'the path /blog/2 is claimed twice: by page "blog" (page 2) and by page "two"',
    );
  });
});
