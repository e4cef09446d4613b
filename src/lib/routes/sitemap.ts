/**
 * Sitemap rules, fed to @astrojs/sitemap from the route manifest: only
 * canonical, indexable pages (no noindex pages, aliases, redirects or 404),
 * each with its own priority and changefreq, and as lastmod the last commit
 * of its content file when there is one (src/lib/routes/lastmod.ts). A page of the
 * blog changes with the posts it lists: its lastmod is the latest of its own
 * file's and theirs.
 */
import type { SitemapItem } from '@astrojs/sitemap';
import type { Manifest, RouteEntry } from './manifest';
import { indexableRoutes } from './build';
import { absoluteUrl, normalizePath } from './urls';

/** Where @astrojs/sitemap writes its index, which names the sitemap files (robots.txt points at it). */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/** The sitemap protocol has no "quarterly"; the nearest value that does not understate change is monthly. */
export const SITEMAP_CHANGEFREQ = { weekly: 'weekly', monthly: 'monthly', quarterly: 'monthly', yearly: 'yearly' } as const;

export function sitemapRules(manifest: Manifest, host: string, lastmodOf: (route: RouteEntry) => Date | undefined = () => undefined) {
  const indexable = new Map(indexableRoutes(manifest.routes).map((r) => [absoluteUrl(host, r.path), r]));
  return {
    filter: (page: string) => indexable.has(absoluteUrl(host, new URL(page).pathname)),
    serialize: (item: Pick<SitemapItem, 'url'> & Partial<SitemapItem>): SitemapItem | undefined => {
      const url = absoluteUrl(host, normalizePath(new URL(item.url).pathname));
      const route = indexable.get(url);
      if (!route) return undefined;
      const dates = [route, ...(route.listing?.posts ?? [])].map(lastmodOf).filter((date) => date !== undefined);
      const lastmod = dates.length > 0 ? new Date(Math.max(...dates.map((date) => date.getTime()))).toISOString() : undefined;
      const { meta } = route;
      return {
        ...item,
        url,
        ...(lastmod && { lastmod }),
        changefreq: SITEMAP_CHANGEFREQ[meta.changefreq] as SitemapItem['changefreq'],
        priority: meta.priority,
      };
    },
  };
}
