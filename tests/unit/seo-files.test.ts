import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotsTxt } from '../../src/lib/seo/robots';
import { sitemapPathsIn, sitemapRules } from '../../src/lib/routes/sitemap';
import { readManifest } from '../../src/lib/routes/manifest';
import { metaSchema } from '../../src/lib/content/schemas';
import { absoluteUrl, normalizePath, isExternal } from '../../src/lib/routes/urls';

const manifest = readManifest('content');
const host = 'https://corvana.example';
const date = new Date('2026-01-02T03:04:05Z');
const committed = () => date;

describe('robots.txt', () => {
  it('allows all, sets a crawl delay of 1 and links the sitemap on the site host', () => {
    const text = robotsTxt('https://corvana.example/');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Crawl-delay: 1$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/corvana\.example\/sitemap-index\.xml$/m);
  });
});

describe('sitemap rules', () => {
  const rules = sitemapRules(manifest, host, committed);
  const home = manifest.routes.find((r) => r.path === '/')!;

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
});

describe('the built sitemap, read back', () => {
  it('lists the paths of every sitemap file the index names, once each', () => {
    const dist = mkdtempSync(join(tmpdir(), 'sitemap-'));
    const urlset = (...paths: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?><urlset>${paths.map((p) => `<url><loc>https://example.test${p}</loc></url>`).join('')}</urlset>`;
    try {
      writeFileSync(
        join(dist, 'sitemap-index.xml'),
        '<sitemapindex><sitemap><loc>https://example.test/sitemap-0.xml</loc></sitemap><sitemap><loc>https://example.test/sitemap-1.xml</loc></sitemap></sitemapindex>',
      );
      writeFileSync(join(dist, 'sitemap-0.xml'), urlset('/', '/about'));
      writeFileSync(join(dist, 'sitemap-1.xml'), urlset('/services/x', '/about'));
      // Not named by the index: not read.
      writeFileSync(join(dist, 'sitemap-2.xml'), urlset('/stale'));
      expect(sitemapPathsIn(dist)).toEqual(['/', '/about', '/services/x']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('urls', () => {
  it('one trailing-slash rule', () => {
    expect(normalizePath('/about/')).toBe('/about');
    expect(normalizePath('/')).toBe('/');
    expect(absoluteUrl('https://x.example/', '/')).toBe('https://x.example/');
    expect(absoluteUrl('https://x.example', '/a/')).toBe('https://x.example/a');
  });
  it('tells external links apart', () => {
    expect(isExternal('/about')).toBe(false);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('https://corvana.example/x', 'https://corvana.example')).toBe(false);
    expect(isExternal('https://planner.corvana.example', 'https://corvana.example')).toBe(true);
  });
});

describe('route manifest', () => {
  it('derives branded paths from the slug', () => {
    expect(manifest.routes.map((r) => r.path)).toContain(`/join-${manifest.site.slug}`);
    expect(manifest.redirects).toContainEqual({ from: '/careers', to: `/join-${manifest.site.slug}` });
  });
  it('every redirect target is a page', () => {
    const paths = new Set(manifest.routes.flatMap((r) => [r.path, ...r.meta.aliases]));
    for (const r of manifest.redirects) expect(paths.has(r.to), r.to).toBe(true);
  });
});
