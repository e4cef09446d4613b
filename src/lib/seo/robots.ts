import { SITEMAP_INDEX_PATH } from '../routes/sitemap';

/** robots.txt: allow everything, point at the sitemap, ask for a one-second crawl delay. */
export function robotsTxt(site: URL | string): string {
  const sitemap = new URL(SITEMAP_INDEX_PATH, site).href;
  return ['User-agent: *', 'Allow: /', 'Crawl-delay: 1', '', `Sitemap: ${sitemap}`, ''].join('\n');
}
