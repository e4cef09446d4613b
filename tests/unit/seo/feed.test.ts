/** The RSS feed's options from the route list, and the RSS they render (src/lib/seo/feed.ts). */
import { describe, it, expect } from 'vitest';
import { getRssString } from '@astrojs/rss';
import { XMLParser } from 'fast-xml-parser';
import { feedOptions, FEED_PATH } from '../../../src/lib/seo/feed';
import { buildRoutes, type LaterPages, type RouteSource } from '../../../src/lib/routes/build';
import { metaSchema } from '../../../src/lib/content/schemas';

const meta = (path: string, extra: Record<string, unknown> = {}) =>
  metaSchema.parse({
    path,
    name: `Name of ${path}`,
    title: `Title of ${path}`,
    description: `Description of ${path}, long enough for the metadata schema of the site.`,
    keywords: ['k'],
    priority: 0.5,
    changefreq: 'yearly',
    ...extra,
  });

const later: LaterPages = {
  title: 'Blog – page {page} | Test',
  description: 'Earlier posts of the test blog, page {page}, long enough for the schema.',
  name: 'Page {page}',
};
const blogSource: RouteSource = { kind: 'page', id: 'blog', meta: meta('/blog', { name: 'Blog', aliases: ['/news'] }), listing: later };
const home: RouteSource = { kind: 'page', id: 'home', meta: meta('/', { name: 'Home' }) };

/** `count` posts, one a day from 2024-01-01 on, listed oldest first (the route list must sort them). */
function posts(count: number): RouteSource[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: 'post' as const,
    id: `post-${i + 1}`,
    meta: meta(`/post/p${i + 1}`),
    published: new Date(Date.UTC(2024, 0, 1 + i)),
  }));
}

describe('the feed', () => {
  const host = 'https://acme.example/';
  const site = { feed: { title: 'Test Blog', description: 'What the test blog is about.' } };
  const routes = buildRoutes([home, blogSource, ...posts(3)]);
  const options = feedOptions(site, routes, host);

  it('has the channel of the site configuration, linked to the blog, and every post once, newest first, with absolute links', () => {
    expect(options).toMatchObject({
      title: 'Test Blog',
      description: 'What the test blog is about.',
      site: 'https://acme.example/blog',
    });
    expect(options.items.map((i) => i.link)).toEqual(['/post/p3', '/post/p2', '/post/p1'].map((p) => `https://acme.example${p}`));
    expect(options.items[0]).toEqual({
      title: 'Title of /post/p3',
      link: 'https://acme.example/post/p3',
      pubDate: new Date(Date.UTC(2024, 0, 3)),
      description: 'Description of /post/p3, long enough for the metadata schema of the site.',
    });
  });

  it('renders RSS 2.0 with the channel link, its own address and RFC 822 dates', async () => {
    const xml = await getRssString(options);
    const rss = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(xml).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.link).toBe('https://acme.example/blog');
    expect(rss.channel['atom:link']['@_href']).toBe(`https://acme.example${FEED_PATH}`);
    expect(rss.channel.item.map((i: { pubDate: string }) => i.pubDate)).toEqual([
      'Wed, 03 Jan 2024 00:00:00 GMT',
      'Tue, 02 Jan 2024 00:00:00 GMT',
      'Mon, 01 Jan 2024 00:00:00 GMT',
    ]);
  });

  it('without posts is a valid channel with no items', async () => {
    const empty = feedOptions(site, buildRoutes([home, blogSource]), host);
    expect(empty.items).toEqual([]);
    const rss = new XMLParser().parse(await getRssString(empty)).rss;
    expect(rss.channel.title).toBe('Test Blog');
    expect(rss.channel.item).toBeUndefined();
  });
});
