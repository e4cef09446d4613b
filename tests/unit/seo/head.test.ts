import { describe, it, expect } from 'vitest';
import { buildHead, breadcrumbs, type HeadTag } from '../../../src/lib/seo/head';
import { metaSchema } from '../../../src/lib/content/schemas';
import { socialCard } from '../../../src/lib/social-cards/card';
import { fixtureSite } from '../../fixtures';

const site = fixtureSite;
const host = 'https://acme.example/';
const meta = metaSchema.parse({
  path: '/services/managed-business',
  name: 'Managed Business',
  title: 'Managed Business Services | Acme',
  description: 'Managed business services from Acme: operations, finance and HR handled by experts.',
  keywords: ['managed services', 'outsourcing'],
  priority: 0.7,
  changefreq: 'monthly',
});
const card = socialCard({ meta, kind: 'service', site, host });
const pages = new Map([
  ['/', { name: 'Home' }],
  ['/services', { name: 'Services' }],
]);

const find = (tags: HeadTag[], pred: (t: HeadTag) => boolean) => tags.find(pred);
const metaContent = (tags: HeadTag[], key: string) =>
  find(tags, (t) => t.tag === 'meta' && (t.attrs.name === key || t.attrs.property === key))?.attrs.content;

describe('buildHead', () => {
  const tags = buildHead({ site, host, card, meta, crumbs: breadcrumbs(meta, pages) });

  it('has the title, description, keywords and canonical without a trailing slash', () => {
    expect(find(tags, (t) => t.tag === 'title')?.content).toBe(meta.title);
    expect(metaContent(tags, 'description')).toBe(meta.description);
    expect(metaContent(tags, 'keywords')).toBe('managed services, outsourcing');
    expect(find(tags, (t) => t.attrs.rel === 'canonical')?.attrs.href).toBe('https://acme.example/services/managed-business');
  });

  it('has no keywords tag for a page without keywords (they are optional)', () => {
    const plain = metaSchema.parse({ path: meta.path, name: meta.name, title: meta.title, description: meta.description });
    expect(plain.keywords).toEqual([]);
    const none = buildHead({ site, host, card, meta: plain });
    expect(none.filter((t) => t.attrs.name === 'keywords')).toEqual([]);
  });

  it('has Open Graph and Twitter tags that agree with the page', () => {
    expect(metaContent(tags, 'og:title')).toBe(meta.title);
    expect(metaContent(tags, 'og:url')).toBe('https://acme.example/services/managed-business');
    expect(metaContent(tags, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(tags, 'twitter:site')).toBe('@acme');
  });

  it("names the page's own card: absolute and versioned on the canonical origin, its size, type and words as alt text", () => {
    expect(metaContent(tags, 'og:image')).toMatch(
      /^https:\/\/acme\.example\/social-cards\/services\/managed-business\.png\?v=[0-9a-f]{12}$/,
    );
    expect(metaContent(tags, 'og:image')).toBe(card.url);
    expect(metaContent(tags, 'twitter:image')).toBe(card.url);
    expect(metaContent(tags, 'og:image:type')).toBe('image/png');
    expect(metaContent(tags, 'og:image:width')).toBe('1200');
    expect(metaContent(tags, 'og:image:height')).toBe('630');
    expect(metaContent(tags, 'og:image:alt')).toBe('Acme · Service: Managed Business Services');
    expect(metaContent(tags, 'twitter:image:alt')).toBe('Acme · Service: Managed Business Services');
    // The structured data names the real images (the logo), never the card.
    expect(find(tags, (t) => t.tag === 'script')!.content).not.toContain('social-cards');
  });

  it('announces the RSS feed with its title from content/site.yaml, on indexable and noindex pages alike', () => {
    const feed = (t: HeadTag[]) => t.filter((tag) => tag.tag === 'link' && tag.attrs.rel === 'alternate').map((tag) => tag.attrs);
    const expected = [{ rel: 'alternate', type: 'application/rss+xml', title: site.feed.title, href: 'https://acme.example/rss.xml' }];
    expect(feed(tags)).toEqual(expected);
    expect(feed(buildHead({ site, host, card, meta: { ...meta, noindex: true } }))).toEqual(expected);
  });

  it('is indexable unless noindex is set', () => {
    expect(metaContent(tags, 'robots')).toBeUndefined();
    const hidden = buildHead({ site, host, card, meta: { ...meta, noindex: true } });
    expect(metaContent(hidden, 'robots')).toBe('noindex, nofollow');
  });

  it('carries Organization, WebSite with a SearchAction, and the BreadcrumbList', () => {
    const script = find(tags, (t) => t.tag === 'script');
    const doc = JSON.parse(script!.content!);
    const types = doc['@graph'].map((n: { '@type': string }) => n['@type']);
    expect(types).toEqual(['Organization', 'WebSite', 'BreadcrumbList']);
    const website = doc['@graph'][1];
    expect(website.potentialAction.target.urlTemplate).toBe('https://acme.example/search?q={search_term_string}');
    const crumbs = doc['@graph'][2].itemListElement.map((i: { name: string; item: string }) => [i.name, i.item]);
    expect(crumbs).toEqual([
      ['Home', 'https://acme.example/'],
      ['Services', 'https://acme.example/services'],
      ['Managed Business', 'https://acme.example/services/managed-business'],
    ]);
  });

  it('escapes "<" in JSON-LD so content cannot close the script element', () => {
    const evil = buildHead({
      site,
      host,
      card,
      meta: { ...meta, name: '</script><b>x' },
      crumbs: [
        { name: 'Home', path: '/' },
        { name: '</script>', path: '/x' },
      ],
    });
    const script = find(evil, (t) => t.tag === 'script')!.content!;
    expect(script).not.toContain('</script>');
    expect(JSON.parse(script)['@graph'][2].itemListElement[1].name).toBe('</script>');
  });

  it('the home page has no breadcrumb list', () => {
    const home = { ...meta, path: '/' };
    expect(breadcrumbs(home, pages)).toEqual([]);
  });
  it('uses an explicit parent when the path does not imply one', () => {
    const post = { ...meta, path: '/post/hello', name: 'Hello', parent: '/services' };
    expect(breadcrumbs(post, pages).map((c) => c.path)).toEqual(['/', '/services', '/post/hello']);
  });
  it('lists Home once when the parent is the home page', () => {
    const page = { ...meta, path: '/services/hello', name: 'Hello', parent: '/' };
    expect(breadcrumbs(page, pages).map((c) => c.path)).toEqual(['/', '/services/hello']);
  });
});
