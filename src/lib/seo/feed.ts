/**
 * The RSS 2.0 feed of the posts at /rss.xml (src/pages/rss.xml.ts renders it
 * with @astrojs/rss): the channel's title and description from content/site.yaml
 * (`feed`), its link the blog, one item for each of the newest FEED_ITEMS posts,
 * newest first, in the same order as the blog (src/lib/routes/build.ts); older
 * posts stay on the blog's pages and in the sitemap. Every page announces it in its head
 * (src/lib/seo/head.ts), and dist/_headers serves it as RSS (src/lib/deploy/integration.ts).
 */
import type { Site } from '../content/schemas';
import { blogRoute, newestFirst, type Route } from '../routes/build';
import { absoluteUrl } from '../routes/urls';

export const FEED_PATH = '/rss.xml';
/** Posts in the feed: readers poll it, so it stays small however many posts there are (500 would make it ~200 KB). */
export const FEED_ITEMS = 20;
/** Without it Netlify would send application/xml, which feed readers accept but browsers do not recognise as a feed. */
export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

export interface FeedItem {
  title: string;
  link: string;
  pubDate: Date;
  description: string;
}

/** The options of @astrojs/rss for the site's posts; `host` is the canonical origin (Astro.site). */
export function feedOptions(site: Pick<Site, 'feed'>, routes: readonly Route[], host: string) {
  const items: FeedItem[] = newestFirst(routes)
    .slice(0, FEED_ITEMS)
    .map((post) => {
      if (!post.source.published) throw new Error(`post "${post.id}" has no publication date: the feed needs one`);
      return {
        title: post.meta.title,
        link: absoluteUrl(host, post.path),
        pubDate: post.source.published,
        description: post.meta.description,
      };
    });
  const self = absoluteUrl(host, FEED_PATH);
  return {
    title: site.feed.title,
    description: site.feed.description,
    site: absoluteUrl(host, blogRoute(routes)?.path ?? '/'),
    // The site's paths never end in "/" (astro.config.mjs); @astrojs/rss would add one by default.
    trailingSlash: false,
    items,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    // The feed names its own address, as feed validators ask.
    customData: `<language>en</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
  };
}
