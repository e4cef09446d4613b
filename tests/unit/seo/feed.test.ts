/** The RSS feed's options from the route list, and the RSS they render (src/lib/seo/feed.ts). */
import { describe, it, expect } from 'vitest';
import { getRssString } from '@astrojs/rss';
import { XMLParser } from 'fast-xml-parser';
import { feedOptions, FEED_ITEMS, FEED_PATH } from '../../../src/lib/seo/feed';
import { buildRoutes } from '../../../src/lib/routes/build';

import { blogSource, home, posts } from '../../fixtures/route-sources';

describe('the feed', () => {
  const host = 'https://acme.example/';
  const site = { feed: { title: 'Test Blog', description: 'What the test blog is about.' } };
  const routes = buildRoutes([home, blogSource, ...posts(3)]);
  const options = feedOptions(site, routes, host);

  it('has the channel of the site configuration, linked to the blog, and each post once, newest first, with absolute links', () => {
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

  it(`lists the newest ${FEED_ITEMS} posts only, however many there are`, () => {
    expect(FEED_ITEMS).toBe(20);
    const many = feedOptions(site, buildRoutes([home, blogSource, ...posts(45)]), host);
    expect(many.items.map((i) => i.link)).toEqual(Array.from({ length: FEED_ITEMS }, (_, i) => `https://acme.example/post/p${45 - i}`));
    // Exactly as many as the cap: all of them.
    expect(feedOptions(site, buildRoutes([home, blogSource, ...posts(FEED_ITEMS)]), host).items).toHaveLength(FEED_ITEMS);
  });

  it('without posts is a valid channel with no items', async () => {
    const empty = feedOptions(site, buildRoutes([home, blogSource]), host);
    expect(empty.items).toEqual([]);
    const rss = new XMLParser().parse(await getRssString(empty)).rss;
    expect(rss.channel.title).toBe('Test Blog');
    expect(rss.channel.item).toBeUndefined();
  });
});
