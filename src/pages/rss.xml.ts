/** /rss.xml: the posts as an RSS 2.0 feed (src/lib/seo/feed.ts), from the same route list as the blog. */
import type { APIRoute } from 'astro';
import { getRssString } from '@astrojs/rss';
import { getSite } from '../lib/content/collections';
import { getRoutes } from '../lib/routes/collection-routes';
import { FEED_CONTENT_TYPE, feedOptions } from '../lib/seo/feed';

export const GET: APIRoute = async ({ site }) => {
  const xml = await getRssString(feedOptions(await getSite(), await getRoutes(), site!.href));
  return new Response(xml, { headers: { 'Content-Type': FEED_CONTENT_TYPE } });
};
