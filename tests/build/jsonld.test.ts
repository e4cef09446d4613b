/**
 * Structured data of EVERY built page (dist/ from `npm run build:test`):
 * valid JSON, schema.org context, typed nodes, the form of the breadcrumbs
 * (their trail is the route list's: tests/build/routes.test.ts), URLs on the
 * canonical host, the Videus FAQ as an FAQPage, and BlogPosting on posts.
 * Products and the product grid: tests/build/products.test.ts.
 */
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { readManifest } from '../../src/lib/routes/manifest';
import { builtPages } from '../../src/lib/deploy/dist-folder';
import {
  canonicalHost,
  frontmatter,
  jsonLdDocuments,
  jsonLdNodes,
  pagesOfEarlierPaths,
  readPage,
  requireDist,
  type Node,
} from '../support/site-under-test';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

const dist = 'dist';
const manifest = readManifest('content');
requireDist();
const host = canonicalHost(manifest);
const redirectPaths = pagesOfEarlierPaths(dist);
// The CMS at /admin is an editors' tool without structured data (tests/build/admin.test.ts).
const pages = builtPages(dist).filter((p) => !redirectPaths.has(p.path) && p.path !== ADMIN_PATH);

/** Every nested object is either a typed node or a bare {"@id"} reference; collect problems. */
function untypedObjects(value: unknown, where: string, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => untypedObjects(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const isRef = keys.length === 1 && keys[0] === '@id';
    if (!isRef && typeof (value as Node)['@type'] !== 'string') out.push(where);
    for (const [k, v] of Object.entries(value)) if (k !== '@context') untypedObjects(v, `${where}.${k}`, out);
  }
  return out;
}

/** Every URL-valued property we emit (url, item, @id, urlTemplate) with its location. */
function siteUrls(value: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => siteUrls(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (['url', 'item', '@id', 'urlTemplate'].includes(k) && typeof v === 'string') out.push([`${where}.${k}`, v]);
      else if (k !== 'sameAs') siteUrls(v, `${where}.${k}`, out);
    }
  }
  return out;
}

const ofType = (nodes: Node[], type: string) => nodes.filter((n) => n['@type'] === type);

it('finds the built pages (sanity check)', () => {
  expect(pages.length).toBeGreaterThanOrEqual(manifest.routes.length);
  expect(redirectPaths.size).toBeGreaterThan(0);
});

describe.each(pages.map((p) => [p.path, p] as const))('%s', (path, page) => {
  const docs = jsonLdDocuments(page);
  const nodes = jsonLdNodes(page);

  it('has JSON-LD with the schema.org context and a @type on every node', () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect(doc['@context']).toBe('https://schema.org');
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(typeof node['@type'], JSON.stringify(node).slice(0, 80)).toBe('string');
    expect(untypedObjects(nodes, 'graph')).toEqual([]);
  });

  it('has the Organization and the WebSite with its search action', () => {
    expect(ofType(nodes, 'Organization').length).toBeGreaterThanOrEqual(1);
    const website = ofType(nodes, 'WebSite')[0] as { potentialAction?: { target?: { urlTemplate?: string } } };
    expect(website?.potentialAction?.target?.urlTemplate).toBe(`${host}/search?q={search_term_string}`);
  });

  it('uses absolute URLs on the canonical host', () => {
    const urls = siteUrls(nodes, 'graph');
    expect(urls.length).toBeGreaterThan(0);
    for (const [where, url] of urls) expect(url.startsWith(`${host}/`), `${where} = ${url}`).toBe(true);
  });

  if (path !== '/' && path !== '/404') {
    it('has one BreadcrumbList of named, numbered ListItems', () => {
      const lists = ofType(nodes, 'BreadcrumbList');
      expect(lists).toHaveLength(1);
      const items = lists[0].itemListElement as { '@type': string; position: number; name: string; item: string }[];
      expect(items.length).toBeGreaterThanOrEqual(2);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      for (const item of items) {
        expect(item['@type']).toBe('ListItem');
        expect(item.name.length).toBeGreaterThan(0);
      }
    });
  }
});

it('the Videus page has an FAQPage equal to its FAQ section', () => {
  const route = manifest.routes.find((r) => r.kind === 'product' && r.id === 'videus');
  expect(route, 'content/products/videus.md has a page').toBeDefined();
  const data = frontmatter<{ sections: { type: string; items?: { question: string; answer: string }[] }[] }>(
    join('content', 'products', 'videus.md'),
    manifest,
  );
  const faq = data.sections.find((s) => s.type === 'faq')!.items!;
  expect(faq).toHaveLength(3);
  const html = readPage(route!.path, dist);
  const faqPages = ofType(jsonLdNodes({ path: route!.path, html }), 'FAQPage');
  expect(faqPages).toHaveLength(1);
  const questions = faqPages[0].mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
  expect(questions.map((q) => q['@type'])).toEqual(faq.map(() => 'Question'));
  expect(questions.map((q) => q.name)).toEqual(faq.map((f) => f.question));
  expect(questions.map((q) => q.acceptedAnswer.text)).toEqual(faq.map((f) => f.answer));
  // The same questions are visible on the page.
  for (const item of faq) expect(html).toContain(item.question.replace(/&/g, '&amp;'));
});

it('only pages with an FAQ section carry an FAQPage', () => {
  for (const page of pages) {
    if (ofType(jsonLdNodes(page), 'FAQPage').length > 0) expect(page.html, page.path).toContain('<details');
  }
});

describe('blog posts', () => {
  const posts = manifest.routes.filter((r) => r.kind === 'post');
  it('exist', () => expect(posts.length).toBeGreaterThan(0));
  it.each(posts.map((r) => [r.path, r] as const))('%s has a BlogPosting with date, author and publisher', (path, route) => {
    const data = frontmatter<{ published: string | Date; author: string }>(join('content', 'posts', `${route.id}.md`), manifest);
    const html = readPage(path, dist);
    const posting = ofType(jsonLdNodes({ path, html }), 'BlogPosting');
    expect(posting).toHaveLength(1);
    const published = data.published instanceof Date ? data.published.toISOString().slice(0, 10) : String(data.published);
    expect(posting[0].datePublished).toBe(published);
    expect(posting[0].headline).toBe(route.meta.title);
    expect(posting[0].author).toMatchObject({ name: data.author });
    expect(posting[0].publisher).toMatchObject({ '@type': 'Organization', name: manifest.site.brand });
    expect(html).toContain(`datetime="${published}"`);
  });
});
