/**
 * Products are generated from the collection: for every file in
 * content/products, the built site has its card on the products page, its
 * page with its h1 (when it has `meta`), its sitemap entry and its
 * SoftwareApplication. A second test adds a product to a copy of content/,
 * builds that copy, and sees the card, page, sitemap entry and JSON-LD appear.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readManifest, type Manifest } from '../../src/lib/routes/manifest';
import { productSchema } from '../../src/lib/content/schemas';
import { absoluteUrl } from '../../src/lib/routes/urls';
import { readListItems } from '../../src/lib/content/read';
import type { ListName } from '../../src/lib/content/lists';
import { assertBuilt, canonicalHost, expectRoutesAgree, fileFor, frontmatter, jsonLdNodes, productGridPages } from './built-site';
import { buildCopy } from '../support/build-copy';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** All sitemap <loc> URLs of a build. */
function sitemapUrls(dist: string): string[] {
  return readdirSync(dist)
    .filter((f) => /^sitemap-\d+\.xml$/.test(f))
    .flatMap((f) => [...readFileSync(join(dist, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
}

const h1Text = (html: string) =>
  [...html.matchAll(/<h1[\s>][\s\S]*?<\/h1>/g)].map((m) =>
    m[0]
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

interface Checked {
  id: string;
  title: string;
  path?: string;
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
        path: data.meta?.path,
        heading: hero && 'heading' in hero ? hero.heading : undefined,
      };
    });
}

/** The assertions shared by the real build and the temporary one. */
function checkProduct(dist: string, manifest: Manifest, contentDir: string, product: Checked) {
  const host = canonicalHost(manifest);
  const gridPages = productGridPages(contentDir, manifest);
  for (const grid of gridPages) {
    const html = readFileSync(fileFor(dist, grid.path), 'utf8');
    expect(html, `card of ${product.title} on ${grid.path}`).toContain(`data-product-card="${escapeHtml(product.title)}"`);
    if (product.path) expect(html, `card link to ${product.path}`).toContain(`href="${product.path}"`);
    const list = jsonLdNodes({ path: grid.path, html }).find((n) => n['@type'] === 'ItemList') as
      { itemListElement: { item: { name: string } }[] } | undefined;
    expect(list?.itemListElement.map((e) => e.item.name)).toContain(product.title);
  }
  const urls = sitemapUrls(dist);
  if (!product.path) {
    // A product without meta has a card only: no page and no sitemap entry.
    expect(existsSync(fileFor(dist, `/${product.id}`))).toBe(false);
    expect(urls.some((u) => u.endsWith(`/${product.id}`))).toBe(false);
    return;
  }
  const file = fileFor(dist, product.path);
  expect(existsSync(file), `${file} was built`).toBe(true);
  const html = readFileSync(file, 'utf8');
  expect(h1Text(html)).toEqual([product.heading]);
  expect(html).toContain('data-product-category');
  expect(html).toContain('data-product-status');
  expect(urls).toContain(absoluteUrl(host, product.path));
  const apps = jsonLdNodes({ path: product.path, html }).filter((n) => n['@type'] === 'SoftwareApplication');
  expect(apps.map((a) => a.name)).toEqual([product.title]);
  expect(apps[0].url).toBe(absoluteUrl(host, product.path));
  expect(apps[0].offers).toMatchObject({ price: '0', priceCurrency: 'USD' });
}

describe('the built site has every product of content/products', () => {
  const dist = 'dist';
  assertBuilt(dist);
  const manifest = readManifest('content');
  const products = productsIn('content', manifest);

  it('has the ten products, one of them (StackSage) without a page', () => {
    expect(products).toHaveLength(10);
    expect(products.filter((p) => !p.path).map((p) => p.id)).toEqual(['stacksage']);
  });

  it.each(products.map((p) => [p.id, p] as const))('%s: card, page with its h1, sitemap entry, SoftwareApplication', (_id, product) => {
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
    const html = readFileSync(fileFor(dist, planner.path!), 'utf8');
    const categories = listTitles('planCategories');
    expect(categories).toHaveLength(10);
    expect(cardTitles(html, 'popular-plans')).toEqual(categories.slice(0, 6));
    expect(cardTitles(html, 'plan-categories')).toEqual(categories);
    expect(html).toContain('aria-valuenow="50"');
    for (const step of ['Task Analysis', 'Processing', 'Content Creation', 'Review &amp; Submit']) expect(html).toContain(step);
  });

  it('HomeHelp shows the six project types in file order', () => {
    const homehelp = products.find((p) => p.id === 'homehelp')!;
    const html = readFileSync(fileFor(dist, homehelp.path!), 'utf8');
    const types = listTitles('projectTypes');
    expect(types).toHaveLength(6);
    expect(cardTitles(html, 'project-types')).toEqual(types);
  });

  it('product pages load no JavaScript', () => {
    for (const product of products.filter((p) => p.path)) {
      const html = readFileSync(fileFor(dist, product.path!), 'utf8');
      // Only the header's mobile menu island (hydrated on first interaction) may reference scripts.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
      const external = scripts.filter((tag) => /\bsrc=/.test(tag));
      expect(external, product.path).toEqual([]);
      expect(html.match(/<astro-island/g)?.length ?? 0, `${product.path}: islands`).toBeLessThanOrEqual(1);
    }
  });
});

describe('adding a product file adds its card, page, sitemap entry and structured data', () => {
  const root = resolve('.tmp', `product-build-${process.pid}`);
  const contentDir = join(root, 'content');
  const dist = join(root, 'dist');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds a copy of content/ with one more product', { timeout: 180_000 }, () => {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    cpSync('content', contentDir, { recursive: true });
    writeFileSync(
      join(contentDir, 'products', 'testprobe.md'),
      [
        '---',
        'title: Testprobe',
        'order: 11',
        'website: "{host}/testprobe-app"',
        'description: A product added only by this test, to prove that one file is all a new product needs.',
        'category: AI Technology',
        'status: Live',
        'colors: { from: "#111111", to: "#222222" }',
        'meta:',
        '  path: /testprobe-app',
        '  name: Testprobe',
        '  title: "Testprobe test product | {brand}"',
        '  description: "Testprobe exists only in a temporary copy of the content built by the products test."',
        '  keywords: [test]',
        '  priority: 0.5',
        '  changefreq: yearly',
        '  aliases: [/testprobe-alias]',
        'sections:',
        '  - type: hero',
        '    heading: Testprobe, built from one markdown file',
        '---',
        'Testprobe overview.',
        '',
      ].join('\n'),
    );
    // A draft (file name starting with "_") is part of nothing: no page, no sitemap entry, no card.
    const probeFile = readFileSync(join(contentDir, 'products', 'testprobe.md'), 'utf8');
    writeFileSync(
      join(contentDir, 'products', '_draftprobe.md'),
      probeFile.replace('title: Testprobe', 'title: Draftprobe').replace(/testprobe-(app|alias)/g, 'draftprobe-$1'),
    );
    const manifest = readManifest(contentDir);
    // The products page lives in content/pages; give the copy one if this branch has none yet.
    if (productGridPages(contentDir, manifest).length === 0) {
      writeFileSync(
        join(contentDir, 'pages', 'testprobe-products.yaml'),
        [
          'meta:',
          '  path: /testprobe-products',
          '  name: Products',
          '  title: "Test products page | {brand}"',
          '  description: "A products page that only exists in the temporary build of the products test."',
          '  keywords: [test]',
          '  priority: 0.5',
          '  changefreq: yearly',
          'sections:',
          '  - { type: hero, heading: Test products }',
          '  - { type: product-grid, heading: All products }',
          '',
        ].join('\n'),
      );
    }
    const build = buildCopy({ root, contentDir, out: dist });
    expect(build.status, build.output).toBe(0);

    const built = readManifest(contentDir);
    const products = productsIn(contentDir, built);
    const probe = products.find((p) => p.id === 'testprobe')!;
    expect(probe.path).toBe('/testprobe-app');
    checkProduct(dist, built, contentDir, probe);
    // The real products keep working next to it.
    for (const product of products) checkProduct(dist, built, contentDir, product);
    // The route list, the build and the sitemap agree on the alias and the draft.
    expectRoutesAgree(dist, built);
    expect(readFileSync(fileFor(dist, '/testprobe-alias'), 'utf8')).toContain(
      `<link rel="canonical" href="${absoluteUrl(canonicalHost(built), '/testprobe-app')}"`,
    );
    expect(existsSync(fileFor(dist, '/draftprobe-app'))).toBe(false);
    expect(built.routes.some((r) => r.id.includes('draftprobe'))).toBe(false);
    for (const grid of productGridPages(contentDir, built)) {
      expect(readFileSync(fileFor(dist, grid.path), 'utf8')).not.toContain('Draftprobe');
    }
    // And the real build output is untouched.
    expect(existsSync(fileFor('dist', '/testprobe-app'))).toBe(false);
  });
});
