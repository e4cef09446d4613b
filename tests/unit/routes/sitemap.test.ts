/** The sitemap's rules from the route manifest (src/lib/routes/sitemap.ts), on the fixture content. */
import { describe, it, expect } from 'vitest';
import { sitemapRules } from '../../../src/lib/routes/sitemap';
import { readManifest } from '../../../src/lib/routes/manifest';
import { metaSchema } from '../../../src/lib/content/schemas';
import { absoluteUrl } from '../../../src/lib/routes/urls';
import { FIXTURE_CONTENT } from '../../fixtures';

const manifest = readManifest(FIXTURE_CONTENT);
const host = 'https://acme.example';
const date = new Date('2026-01-02T03:04:05Z');
const committed = () => date;

describe('sitemap rules', () => {
  const rules = sitemapRules(manifest, host, committed);
  const home = manifest.routes.find((r) => r.path === '/')!;
  const blog = manifest.routes.find((r) => r.listing?.page === 1)!;

  it('keeps indexable canonical pages with their priority, changefreq and their last commit date', () => {
    expect(rules.filter(`${host}/`)).toBe(true);
    expect(rules.serialize({ url: `${host}/` })).toEqual({
      url: `${host}/`,
      lastmod: '2026-01-02T03:04:05.000Z',
      changefreq: 'weekly',
      priority: home.meta.priority,
    });
  });

  it('leaves lastmod out for an entry without a commit, never using the build time', () => {
    const uncommitted = sitemapRules(manifest, host, (route) => (route.path === '/' ? undefined : date));
    expect(uncommitted.serialize({ url: `${host}/` })).toEqual({ url: `${host}/`, changefreq: 'weekly', priority: home.meta.priority });
    expect(sitemapRules(manifest, host).serialize({ url: `${host}/` })).not.toHaveProperty('lastmod');
  });

  it('drops noindex pages, redirects, aliases and unknown pages', () => {
    const noindex = manifest.routes.find((r) => r.meta.noindex)!;
    expect(rules.filter(absoluteUrl(host, noindex.path))).toBe(false);
    for (const r of manifest.redirects) expect(rules.filter(absoluteUrl(host, r.from))).toBe(false);
    for (const r of manifest.routes.flatMap((x) => x.meta.aliases)) expect(rules.filter(absoluteUrl(host, r))).toBe(false);
    expect(rules.serialize({ url: `${host}/not-a-page` })).toBeUndefined();
  });

  it('gives a page that leaves out priority and changefreq the defaults (0.5, monthly)', () => {
    const { priority: _p, changefreq: _c, keywords: _k, ...written } = home.meta;
    const plain = sitemapRules({ ...manifest, routes: [{ ...home, meta: metaSchema.parse(written) }] }, host);
    expect(plain.serialize({ url: `${host}/` })).toEqual({ url: `${host}/`, changefreq: 'monthly', priority: 0.5 });
  });

  it('maps "quarterly" (not in the sitemap protocol) to monthly and removes trailing slashes', () => {
    const quarterly = sitemapRules(
      { ...manifest, routes: [{ ...home, meta: { ...home.meta, changefreq: 'quarterly' } }] },
      host,
      committed,
    );
    expect(quarterly.serialize({ url: `${host}/` })?.changefreq).toBe('monthly');
    const page = manifest.routes.find((r) => r.path !== '/' && !r.meta.noindex)!;
    expect(rules.serialize({ url: `${host}${page.path}/` })?.url).toBe(`${host}${page.path}`);
  });

  it("gives a page of the blog as lastmod the latest of its file's and its posts' last commits", () => {
    const post = blog.listing!.posts[0];
    const dates: Record<string, Date> = {
      [`page:${blog.id}`]: new Date('2025-01-01T00:00:00Z'),
      [`post:${post.id}`]: new Date('2025-06-01T00:00:00Z'),
    };
    const blogRules = sitemapRules(manifest, host, (route) => dates[`${route.kind}:${route.id}`]);
    expect(blogRules.serialize({ url: `${host}${blog.path}` })?.lastmod).toBe('2025-06-01T00:00:00.000Z');
  });
});
