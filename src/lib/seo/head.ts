/**
 * The document head as data: a list of tags built from the page's metadata
 * entry and the site configuration. `Head.astro` only renders this list,
 * so everything here is unit-tested without a browser.
 */
import type { PageMeta, Site } from '../content/schemas';
import { absoluteUrl } from '../routes/urls';
import { FEED_PATH } from './feed';
import type { SocialCard } from '../social-cards/card';
import { breadcrumbList, graph, organization, serializeJsonLd, webSite, type Crumb, type JsonLd } from './structured-data';

export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  content?: string;
}

export interface HeadInput {
  site: Site;
  /** Canonical origin (Astro.site). */
  host: string;
  meta: PageMeta;
  /** Breadcrumb trail from Home to this page; empty on the home page. */
  crumbs?: Crumb[];
  /** Page-specific structured data (SoftwareApplication, FAQPage, BlogPosting …). */
  jsonLd?: JsonLd[];
  ogType?: 'website' | 'article';
  /** The page's social card (src/lib/social-cards/card.ts), which the build writes; none for a page without an address of its own. */
  card?: Pick<SocialCard, 'url' | 'width' | 'height' | 'mimeType' | 'alt'>;
}

export function buildHead(input: HeadInput): HeadTag[] {
  const { card, meta, site } = input;
  // A gone page (src/pages/[...gone].astro) answers old addresses with 410: nothing to share, index or call canonical.
  if (!card)
    return [
      { tag: 'title', attrs: {}, content: meta.title },
      { tag: 'meta', attrs: { name: 'description', content: meta.description } },
      { tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } },
      {
        tag: 'link',
        attrs: { rel: 'alternate', type: 'application/rss+xml', title: site.feed.title, href: absoluteUrl(input.host, FEED_PATH) },
      },
    ];
  return socialHead({ ...input, card });
}

function socialHead({
  site,
  host,
  meta,
  card,
  crumbs = [],
  jsonLd = [],
  ogType = 'website',
}: HeadInput & Pick<Required<HeadInput>, 'card'>): HeadTag[] {
  const canonical = absoluteUrl(host, meta.path);
  const tags: HeadTag[] = [
    { tag: 'title', attrs: {}, content: meta.title },
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
    // Keywords are optional: no empty tag when a page has none.
    ...(meta.keywords.length > 0 ? [{ tag: 'meta' as const, attrs: { name: 'keywords', content: meta.keywords.join(', ') } }] : []),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    { tag: 'meta', attrs: { property: 'og:type', content: ogType } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: site.brand } },
    { tag: 'meta', attrs: { property: 'og:title', content: meta.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical } },
    // The page's own card: absolute on the canonical origin, versioned (platforms cache a card by its URL for days).
    { tag: 'meta', attrs: { property: 'og:image', content: card.url } },
    { tag: 'meta', attrs: { property: 'og:image:type', content: card.mimeType } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: String(card.width) } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: String(card.height) } },
    { tag: 'meta', attrs: { property: 'og:image:alt', content: card.alt } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: meta.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: meta.description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: card.url } },
    // X reads at most 420 characters of alt text.
    { tag: 'meta', attrs: { name: 'twitter:image:alt', content: card.alt.slice(0, 420) } },
  ];
  const x = site.social.find((s) => s.network === 'x');
  if (x) tags.push({ tag: 'meta', attrs: { name: 'twitter:site', content: x.handle.startsWith('@') ? x.handle : `@${x.handle}` } });
  // Every page announces the posts' feed, so a feed reader finds it from any address of the site.
  tags.push({
    tag: 'link',
    attrs: { rel: 'alternate', type: 'application/rss+xml', title: site.feed.title, href: absoluteUrl(host, FEED_PATH) },
  });
  if (meta.noindex) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
  else tags.push({ tag: 'link', attrs: { rel: 'sitemap', href: '/sitemap-index.xml' } });

  const nodes: JsonLd[] = [organization(site, host), webSite(site, host)];
  if (crumbs.length > 1) nodes.push(breadcrumbList(crumbs, host));
  nodes.push(...jsonLd);
  tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, content: serializeJsonLd(graph(nodes)) });
  return tags;
}

/**
 * Breadcrumbs: Home, then each ancestor path that is a page of the site
 * (or the explicit `parent`), then the page itself.
 */
export function breadcrumbs(meta: PageMeta, pagesByPath: Map<string, { name: string }>): Crumb[] {
  if (meta.path === '/') return [];
  const home = pagesByPath.get('/');
  const trail: Crumb[] = [{ name: home?.name ?? 'Home', path: '/' }];
  if (meta.parent) {
    // A parent of "/" means directly under Home, which the trail already starts with.
    const parent = meta.parent === '/' ? undefined : pagesByPath.get(meta.parent);
    if (parent) trail.push({ name: parent.name, path: meta.parent });
  } else {
    const segments = meta.path.split('/').filter(Boolean);
    for (let i = 1; i < segments.length; i++) {
      const path = `/${segments.slice(0, i).join('/')}`;
      const page = pagesByPath.get(path);
      if (page) trail.push({ name: page.name, path });
    }
  }
  trail.push({ name: meta.name, path: meta.path });
  return trail;
}
