/**
 * Sitemap rules, fed to @astrojs/sitemap from the route manifest: only
 * canonical, indexable pages (no noindex pages, aliases, redirects or 404),
 * each with its own priority and changefreq, and as lastmod the last commit
 * of its content file when there is one (src/lib/routes/lastmod.ts). A page of the
 * blog changes with the posts it lists: its lastmod is the latest of its own
 * file's and theirs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SitemapItem } from '@astrojs/sitemap';
import type { Manifest, RouteEntry } from './manifest';
import { indexableRoutes } from './build';
import { absoluteUrl, normalizePath } from './urls';

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

/** The `<loc>` URLs of one sitemap file (an index or a list of pages). */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]));

/**
 * The pathnames a built site's sitemap lists, read back from `dist`: the index
 * (sitemap-index.xml), then each sitemap file it names. One reader for the
 * checks and the benchmark that need the site's page list.
 */
export function sitemapPathsIn(dist: string): string[] {
  const files = locs(readFileSync(join(dist, 'sitemap-index.xml'), 'utf8')).map((url) => url.pathname.replace(/^\//, ''));
  return [...new Set(files.flatMap((file) => locs(readFileSync(join(dist, file), 'utf8')).map((url) => url.pathname)))];
}
