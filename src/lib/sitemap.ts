/**
 * Sitemap rules, fed to @astrojs/sitemap from the route manifest: only
 * canonical, indexable pages (no noindex pages, aliases, redirects or 404),
 * each with its own priority and changefreq and the build date as lastmod.
 */
import type { SitemapItem } from '@astrojs/sitemap';
import type { Manifest } from './manifest';
import { indexableRoutes } from './routes';
import { absoluteUrl, normalizePath } from './urls';

/** The sitemap protocol has no "quarterly"; the nearest value that does not understate change is monthly. */
export const SITEMAP_CHANGEFREQ = { weekly: 'weekly', monthly: 'monthly', quarterly: 'monthly', yearly: 'yearly' } as const;


export function sitemapRules(manifest: Manifest, host: string, buildDate: Date) {
  const indexable = new Map(
    indexableRoutes(manifest.routes).map((r) => [absoluteUrl(host, r.path), r.meta]),
  );
  return {
    filter: (page: string) => indexable.has(absoluteUrl(host, new URL(page).pathname)),
    serialize: (item: Pick<SitemapItem, 'url'> & Partial<SitemapItem>): SitemapItem | undefined => {
      const url = absoluteUrl(host, normalizePath(new URL(item.url).pathname));
      const meta = indexable.get(url);
      if (!meta) return undefined;
      return { ...item, url, lastmod: buildDate.toISOString(), changefreq: SITEMAP_CHANGEFREQ[meta.changefreq] as SitemapItem['changefreq'], priority: meta.priority };
    },
  };
}
