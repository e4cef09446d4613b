/**
 * Products are generated from the collection: for every file in
 * content/products, the built site has its card on each product-grid page
 * (and in that page's ItemList), its page with its heading (when it has
 * `meta`), and a free SoftwareApplication on that page and its aliases. A
 * second test reads the probe build (a copy of content/ with one more
 * product, ./probe-build.ts) and sees the card, the page, the route list and
 * the sitemap take it in.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, type Manifest } from '../../src/lib/routes/manifest';
import { productSchema } from '../../src/lib/content/schemas';
import { absoluteUrl } from '../../src/lib/routes/urls';
import { readListItems } from '../../src/lib/content/read';
import type { ListName } from '../../src/lib/content/lists';
import { probeBuild } from './probe-build';
import {
  canonicalHost,
  frontmatter,
  hasPage,
  headMismatches,
  jsonLdNodes,
  productGridPages,
  readPage,
  requireDist,
  routeMismatches,
  type Node,
} from '../support/site-under-test';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const h1Text = (html: string) =>
  [...html.matchAll(/<h1[\s>][\s\S]*?<\/h1>/g)].map((m) =>
    m[0]
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

type App = Node & { offers: { '@type': string; price: unknown; priceCurrency: string } };

/** A free SoftwareApplication: an Offer at 0 USD. */
function expectFree(app: App, where: string) {
  expect(app['@type'], where).toBe('SoftwareApplication');
  expect(app.offers['@type'], where).toBe('Offer');
  expect(['0', 0], where).toContain(app.offers.price);
  expect(app.offers.priceCurrency, where).toBe('USD');
}

interface Checked {
  id: string;
  title: string;
  description: string;
  path?: string;
  aliases: string[];
  heading?: string;
}

function productsIn(contentDir: string, manifest: Manifest): Checked[] {
  return readdirSync(join(contentDir, 'products'))
    .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
    .map((f) => {
      const data = productSchema.parse(frontmatter(join(contentDir, 'products', f), manifest));
      const hero = data.sections[0];
      return {
        id: f.replace(/\.md$/, ''),
        title: data.title,
        description: data.description,
        path: data.meta?.path,
        aliases: data.meta?.aliases ?? [],
        heading: hero && 'heading' in hero ? hero.heading : undefined,
      };
    });
}

/**
 * The assertions shared by the real build and the temporary one. That a page
 * exists exactly for the products with `meta`, and is in the sitemap, is the
 * route list's agreement with the build (routeMismatches).
 */
function checkProduct(dist: string, manifest: Manifest, contentDir: string, product: Checked) {
  const host = canonicalHost(manifest);
  for (const grid of productGridPages(contentDir, manifest)) {
    const html = readPage(grid.path, dist);
    expect(html, `card of ${product.title} on ${grid.path}`).toContain(`data-product-card="${escapeHtml(product.title)}"`);
    if (product.path) expect(html, `card link to ${product.path}`).toContain(`href="${product.path}"`);
    const lists = jsonLdNodes({ path: grid.path, html }).filter((n) => n['@type'] === 'ItemList');
    expect(lists, `${grid.path}: one ItemList`).toHaveLength(1);
    const items = (lists[0].itemListElement as { item: App }[]).map((e) => e.item);
    for (const item of items) expectFree(item, `${grid.path}: ${String(item.name)}`);
    expect(items.map((item) => item.name)).toContain(product.title);
  }
  if (!product.path) return; // a product without meta has a card only
  const html = readPage(product.path, dist);
  expect(h1Text(html)).toContain(product.heading);
  expect(html).toContain('data-product-category');
  expect(html).toContain('data-product-status');
  for (const servedPath of [product.path, ...product.aliases]) {
    const apps = jsonLdNodes({ path: servedPath, html: readPage(servedPath, dist) }).filter((n) => n['@type'] === 'SoftwareApplication');
    expect(apps, `${servedPath}: one SoftwareApplication`).toHaveLength(1);
    const app = apps[0] as App;
    expect(app.name).toBe(product.title);
    expect(app.description).toBe(product.description);
    expect(app.url).toBe(absoluteUrl(host, product.path));
    expectFree(app, servedPath);
  }
}

describe('the built site has every product of content/products', () => {
  const dist = 'dist';
  requireDist();
  const manifest = readManifest('content');
  const products = productsIn('content', manifest);

  it('has the ten products, one of them (StackSage) without a page', () => {
    expect(products).toHaveLength(10);
    expect(products.filter((p) => !p.path).map((p) => p.id)).toEqual(['stacksage']);
  });

  it.each(products.map((p) => [p.id, p] as const))('%s: card, page with its heading, SoftwareApplication', (_id, product) => {
    checkProduct(dist, manifest, 'content', product);
  });

  /** Card headings (h3) inside the section with this id, in page order. */
  const cardTitles = (html: string, id: string) => {
    const section = new RegExp(`<section[^>]*id="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
    return [...section.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
        .trim(),
    );
  };
  const listTitles = (name: ListName) => (readListItems('content', name) as { title: string }[]).map((e) => e.title);

  it('the planner shows the first six plan categories up top and all ten in the grid, in file order', () => {
    const planner = products.find((p) => p.id === 'planner')!;
    const html = readPage(planner.path!, dist);
    const categories = listTitles('planCategories');
    expect(categories).toHaveLength(10);
    expect(cardTitles(html, 'popular-plans')).toEqual(categories.slice(0, 6));
    expect(cardTitles(html, 'plan-categories')).toEqual(categories);
    expect(html).toContain('aria-valuenow="50"');
    for (const step of ['Task Analysis', 'Processing', 'Content Creation', 'Review &amp; Submit']) expect(html).toContain(step);
  });

  it('HomeHelp shows the six project types in file order', () => {
    const homehelp = products.find((p) => p.id === 'homehelp')!;
    const html = readPage(homehelp.path!, dist);
    const types = listTitles('projectTypes');
    expect(types).toHaveLength(6);
    expect(cardTitles(html, 'project-types')).toEqual(types);
  });

  it('product pages load no JavaScript', () => {
    for (const product of products.filter((p) => p.path)) {
      const html = readPage(product.path!, dist);
      // Only the header's mobile menu island (hydrated on first interaction) may reference scripts.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
      const external = scripts.filter((tag) => /\bsrc=/.test(tag));
      expect(external, product.path).toEqual([]);
      expect(html.match(/<astro-island/g)?.length ?? 0, `${product.path}: islands`).toBeLessThanOrEqual(1);
    }
  });
});

describe('adding a product file adds its card, page, route, sitemap entry and structured data', () => {
  it('the probe build (one more product with an alias, and a draft)', { timeout: 240_000 }, () => {
    const { contentDir, out: dist, ...build } = probeBuild();
    expect(build.status, build.output).toBe(0);

    const built = readManifest(contentDir);
    const products = productsIn(contentDir, built);
    const probe = products.find((p) => p.id === 'testprobe')!;
    expect(probe.path).toBe('/testprobe-app');
    checkProduct(dist, built, contentDir, probe);
    // The real products keep working next to it.
    for (const product of products) checkProduct(dist, built, contentDir, product);
    // The route list, the build and the sitemap agree on the alias and the draft; the alias's canonical is the page's.
    expect(routeMismatches(dist, built)).toEqual([]);
    expect(headMismatches(dist, built)).toEqual([]);
    expect(hasPage('/draftprobe-app', dist)).toBe(false);
    expect(built.routes.some((r) => r.id.includes('draftprobe'))).toBe(false);
    for (const grid of productGridPages(contentDir, built)) {
      expect(readPage(grid.path, dist)).not.toContain('Draftprobe');
    }
    // And the real build output is untouched.
    expect(hasPage('/testprobe-app', 'dist')).toBe(false);
  });
});
