/**
 * The blog and its feed as built: /blog, /blog/2 … list every post exactly
 * once, newest first, 12 a page, each entry with its date, linked title and
 * summary, each page linking every other page (aria-current on its own,
 * previous/next); every post shows the trail Home › Blog › post, the same
 * as its BreadcrumbList JSON-LD; /rss.xml is RSS 2.0
 * with the newest 20 posts once each, newest first; every page announces the feed.
 * The real site has one post, so a second test reads the probe build (a copy
 * of content/ with 30 more posts, 31 in all: three pages, a feed of 20, ./probe-build.ts)
 * and checks the same, plus the route list's agreement with that build and
 * the pre-publish check on it.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { readManifest, type Manifest } from '../../src/lib/routes/manifest';
import { blogRoute, fillPageSlots, newestFirst, POSTS_PER_PAGE } from '../../src/lib/routes/build';
import { PAGE_SLOTS } from '../../src/lib/content/schemas';
import { fillDeep, placeholderValues } from '../../src/lib/content/placeholders';
import { FEED_ITEMS, FEED_PATH } from '../../src/lib/seo/feed';
import { isoDate } from '../../src/lib/dates';
import { absoluteUrl } from '../../src/lib/routes/urls';
import { checkDist } from '../../src/lib/deploy/gate/check-dist';
import type { ListingCopy } from '../../src/lib/content/schemas';
import { builtPages } from '../../src/lib/deploy/dist-folder';
import { canonicalHost, hasPage, headMismatches, jsonLdNodes, readPage, requireDist, routeMismatches } from '../support/site-under-test';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';
import { probeBuild } from './probe-build';

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[e]!)
    .replace(/\s+/g, ' ')
    .trim();
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The words of the blog page, as the build fills them (placeholders, but not {page}/{pages}). */
function listingCopy(contentDir: string, manifest: Manifest, id: string): ListingCopy {
  const raw = parseYaml(readFileSync(join(contentDir, 'pages', `${id}.yaml`), 'utf8')) as { listing: ListingCopy };
  return fillDeep(raw.listing, { ...placeholderValues(manifest.site), ...PAGE_SLOTS });
}

interface Entry {
  href: string;
  title: string;
  datetime?: string;
  summary: string;
}

/** The entries of a built blog page, in page order. */
function entries(html: string): Entry[] {
  const list = /<ol\b[^>]*data-blog-posts[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) => {
    const link = /<h2\b[^>]*>\s*(<a\b[^>]*>)([\s\S]*?)<\/a>\s*<\/h2>/.exec(item);
    const paragraphs = [...item.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    return {
      href: link ? (attr(link[1], 'href') ?? '') : '',
      title: link ? decode(link[2]) : '',
      datetime: /<time\b[^>]*datetime="([^"]+)"/.exec(item)?.[1],
      summary: decode(paragraphs.at(-1) ?? ''),
    };
  });
}

interface PageLink {
  href?: string;
  text: string;
  rel?: string;
  current?: string;
}

/** The pagination of a built blog page: its status line and links, or undefined without one. */
function pagination(html: string, label: string): { status: string; links: PageLink[] } | undefined {
  const nav = new RegExp(`<nav\\b[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)?.[1];
  if (nav === undefined) return undefined;
  const links = [...nav.matchAll(/(<a\b[^>]*>)([\s\S]*?)<\/a>/g)].map(([, tag, text]) => ({
    href: attr(tag, 'href'),
    text: decode(text),
    rel: attr(tag, 'rel'),
    current: attr(tag, 'aria-current'),
  }));
  return { status: decode(/<p\b[^>]*>([\s\S]*?)<\/p>/.exec(nav)?.[1] ?? ''), links };
}

/** A post's visible breadcrumb trail: each link's name, path and aria-current, in order. */
function visibleTrail(html: string) {
  const nav = /<nav\b[^>]*data-breadcrumb[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  return {
    label: nav ? attr(nav[0].slice(0, nav[0].indexOf('>') + 1), 'aria-label') : undefined,
    links: [...(nav?.[1] ?? '').matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, text]) => ({
      name: decode(text),
      path: attr(attrs, 'href'),
      current: attr(attrs, 'aria-current'),
    })),
  };
}

/** Everything the blog and the feed must be in the build in `dist`, made from `contentDir`. */
function checkBlog(dist: string, contentDir: string, manifest: Manifest) {
  const blog = blogRoute(manifest.routes);
  expect(blog, 'content/pages has a blog (layout: blog)').toBeDefined();
  const host = canonicalHost(manifest);
  const copy = listingCopy(contentDir, manifest, blog!.id);
  const pages = manifest.routes.filter((r) => r.listing);
  const paths = pages.map((p) => p.path);
  const posts = newestFirst(manifest.routes);

  // Pages: /blog, then /blog/2 … as many as 12 a page needs, never /blog/1.
  expect(paths).toEqual(blog!.listing!.paths);
  expect(paths.length).toBe(Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE)));
  expect(paths[0]).toBe(blog!.path);
  expect(paths.slice(1)).toEqual(paths.slice(1).map((_, i) => `${blog!.path}/${i + 2}`));
  expect(hasPage(`${blog!.path}/1`, dist)).toBe(false);

  const listed: Entry[] = [];
  for (const [index, page] of pages.entries()) {
    const html = readPage(page.path, dist);
    const found = entries(html);
    // 12 a page, the last one holds the rest.
    expect(found.length, `${page.path}: posts on the page`).toBe(
      index < pages.length - 1 ? POSTS_PER_PAGE : posts.length - POSTS_PER_PAGE * index,
    );
    listed.push(...found);

    // Its title and canonical are the route list's (headMismatches); a link to the feed is the blog's own.
    expect(html).toContain(`href="${FEED_PATH}"`);

    // Numbered links to every page, aria-current on this one, previous and next around them.
    const nav = pagination(html, copy.pagination.label);
    if (pages.length === 1) {
      expect(nav, `${page.path}: no page links on the only page`).toBeUndefined();
      continue;
    }
    expect(nav, `${page.path}: page links`).toBeDefined();
    expect(nav!.status).toBe(fillPageSlots(copy.pagination.status, index + 1, pages.length));
    const numbered = nav!.links.filter((l) => /^\d+$/.test(l.text));
    expect(numbered.map((l) => [l.text, l.href])).toEqual(paths.map((p, i) => [String(i + 1), p]));
    expect(numbered.filter((l) => l.current === 'page').map((l) => l.href)).toEqual([page.path]);
    const previous = nav!.links.find((l) => l.rel === 'prev');
    const next = nav!.links.find((l) => l.rel === 'next');
    expect(previous && [previous.href, previous.text]).toEqual(index > 0 ? [paths[index - 1], `← ${copy.pagination.previous}`] : undefined);
    expect(next && [next.href, next.text]).toEqual(index < pages.length - 1 ? [paths[index + 1], `${copy.pagination.next} →`] : undefined);
    // Every other page is one click away.
    const linked = new Set(nav!.links.map((l) => l.href));
    for (const other of paths) expect(linked.has(other), `${page.path} links ${other}`).toBe(true);
  }

  // Every post exactly once, newest first, with its date, linked title and summary.
  expect(listed.map((e) => e.href)).toEqual(posts.map((p) => p.path));
  for (const [index, post] of posts.entries()) {
    expect(listed[index]).toEqual({
      href: post.path,
      title: post.meta.title,
      datetime: isoDate(post.source.published!),
      summary: post.meta.description,
    });
    // And the post shows its trail Home › Blog › post: the links of its BreadcrumbList, the last marked current.
    const html = readPage(post.path, dist);
    const trail = visibleTrail(html);
    const jsonLd = jsonLdNodes({ path: post.path, html }).find((n) => n['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string; item: string }[] } | undefined;
    expect(trail.label, `${post.path}: the trail's name`).toBeTruthy();
    expect(trail.links.map((l) => l.path)).toEqual(['/', blog!.path, post.path]);
    expect(trail.links.map((l) => [l.name, absoluteUrl(host, l.path!)])).toEqual(jsonLd?.itemListElement.map((e) => [e.name, e.item]));
    expect(trail.links.map((l) => l.current)).toEqual([undefined, undefined, 'page']);
  }

  // No client JavaScript on the blog: only the header's menu island, hydrated on first interaction.
  for (const page of pages) {
    const html = readPage(page.path, dist);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(
      scripts.filter((tag) => /\bsrc=/.test(tag)),
      page.path,
    ).toEqual([]);
    expect(html.match(/<astro-island/g)?.length ?? 0, `${page.path}: islands`).toBeLessThanOrEqual(1);
  }

  checkFeed(dist, manifest);
}

/** /rss.xml: RSS 2.0, the channel of content/site.yaml linked to the blog, the newest FEED_ITEMS posts once each, newest first. */
function checkFeed(dist: string, manifest: Manifest) {
  const host = canonicalHost(manifest);
  const xml = readFileSync(join(dist, FEED_PATH.slice(1)), 'utf8');
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(xml);
  expect(parsed.rss?.['@_version']).toBe('2.0');
  const { channel } = parsed.rss;
  const feed = fillDeep(manifest.site.feed, placeholderValues(manifest.site));
  expect(channel.title).toBe(feed.title);
  expect(channel.description).toBe(feed.description);
  expect(channel.link).toBe(absoluteUrl(host, blogRoute(manifest.routes)!.path));

  const items = (channel.item ?? []) as Record<string, unknown>[];
  const posts = newestFirst(manifest.routes).slice(0, FEED_ITEMS);
  expect(items.map((i) => i.link)).toEqual(posts.map((p) => absoluteUrl(host, p.path)));
  expect(new Set(items.map((i) => i.link)).size).toBe(items.length);
  const RFC_822 =
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
  for (const [index, item] of items.entries()) {
    for (const field of ['title', 'link', 'pubDate', 'description']) expect(item[field], `item ${index}: ${field}`).toBeTruthy();
    expect(item.pubDate).toMatch(RFC_822);
    expect(new Date(String(item.pubDate)).getTime()).toBe(posts[index].source.published!.getTime());
    expect(item.title).toBe(posts[index].meta.title);
    expect(item.description).toBe(posts[index].meta.description);
  }
  // Newest first, by the dates the feed itself gives.
  const times = items.map((i) => new Date(String(i.pubDate)).getTime());
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

/** Every built page announces the feed in its head. */
function checkFeedLinks(dist: string, manifest: Manifest) {
  const href = absoluteUrl(canonicalHost(manifest), FEED_PATH);
  const title = fillDeep(manifest.site.feed, placeholderValues(manifest.site)).title;
  for (const page of builtPages(dist)) {
    if (/http-equiv="refresh"/.test(page.html)) continue; // the meta-refresh pages of old paths
    if (page.path === ADMIN_PATH) continue; // the CMS, an editors' tool with a head of its own
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    expect(head, page.path).toContain(`<link rel="alternate" type="application/rss+xml" title="${title}" href="${href}"`);
  }
}

describe('the built blog and feed', () => {
  const dist = 'dist';
  requireDist();
  const manifest = readManifest('content');

  it('/blog lists every post once, newest first, 12 a page, and /rss.xml the newest 20 once each', () =>
    checkBlog(dist, 'content', manifest));

  it('every page announces the feed in its head', () => checkFeedLinks(dist, manifest));
});

describe('a blog of 31 posts: three pages, a feed of the newest 20', () => {
  it(
    'the probe build (30 more posts, a draft and a post scheduled for 2099): the blog, the feed and the pre-publish rules',
    { timeout: 240_000 },
    () => {
      const { contentDir, out, ...build } = probeBuild();
      expect(build.status, build.output).toBe(0);

      const manifest = readManifest(contentDir);
      expect(manifest.routes.filter((r) => r.listing).map((r) => r.path)).toEqual(['/blog', '/blog/2', '/blog/3']);
      expect(
        newestFirst(manifest.routes)
          .slice(0, 2)
          .map((r) => r.path),
      ).toEqual(['/post/probe-25', '/post/probe-26']);
      checkBlog(out, contentDir, manifest);
      checkFeedLinks(out, manifest);
      // The route list, the built pages, their heads and the sitemap agree on the new pages; the draft is nowhere.
      expect(routeMismatches(out, manifest)).toEqual([]);
      expect(headMismatches(out, manifest)).toEqual([]);
      expect(hasPage('/post/probe-99', out)).toBe(false);
      expect(readFileSync(join(out, 'rss.xml'), 'utf8')).not.toContain('probe-99');
      // The feed holds the newest 20 of the 31 posts; the older ones stay on the blog's pages.
      expect(newestFirst(manifest.routes)).toHaveLength(31);
      expect(readFileSync(join(out, 'rss.xml'), 'utf8').match(/<item>/g)).toHaveLength(FEED_ITEMS);
      // The pages pass the check Netlify runs: links (page links, feed), headers, budgets.
      expect(checkDist({ dist: out, contentDir, netlifyToml: readFileSync('netlify.toml', 'utf8') })).toEqual([]);
    },
  );
});
