#!/usr/bin/env node
/**
 * Copies content/ to a temporary folder and adds N generated products (each
 * with its own page), to measure how the build grows:
 *
 *   node scripts/generate-products.mjs --count 1000 --out .tmp/bench-content
 *   CONTENT_DIR=.tmp/bench-content OUT_DIR=.tmp/dist-bench npx astro build
 *
 * Each product copies the first existing product that has a page (so it
 * follows whatever the product schema is today), with a unique title, path,
 * description and order. Without any product to copy it uses a minimal one.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const count = Number(arg('count', '1000'));
const out = arg('out', '.tmp/bench-content');
const source = arg('from', process.env.CONTENT_DIR ?? 'content');

const FALLBACK = {
  data: {
    title: 'Product',
    order: 1,
    website: 'product.example',
    description: 'A generated product used to measure how the build grows with the catalogue.',
    category: 'AI Technology',
    status: 'Live',
    colors: { from: '#1d4ed8', to: '#7c3aed' },
    meta: {
      path: '/product',
      name: 'Product',
      title: 'Product | {brand}',
      description: 'A generated product used to measure how the build grows with the catalogue of the site.',
      keywords: ['product'],
      priority: 0.5,
      changefreq: 'monthly',
    },
    sections: [{ type: 'hero', heading: 'Product' }],
  },
  body: 'A generated product overview.\n',
};

function template(dir) {
  const products = join(dir, 'products');
  if (!existsSync(products)) return FALLBACK;
  for (const file of readdirSync(products)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const text = readFileSync(join(products, file), 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
    if (!match) continue;
    const data = parse(match[1]);
    if (data?.meta) return { data, body: match[2] };
  }
  return FALLBACK;
}

const { data, body } = template(source);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(source, out, { recursive: true });
mkdirSync(join(out, 'products'), { recursive: true });

const maxOrder = 10_000;
for (let i = 1; i <= count; i++) {
  const n = String(i).padStart(4, '0');
  const name = `Bench Product ${n}`;
  const product = structuredClone(data);
  product.title = name.slice(0, 40);
  product.order = maxOrder + i;
  product.meta = {
    ...product.meta,
    path: `/bench-product-${n}`,
    name,
    title: `${name} | {brand}`,
    description: `Generated product number ${n}, used by the build benchmark to measure how the build time grows.`,
    aliases: [],
  };
  delete product.meta.parent;
  if (Array.isArray(product.sections) && product.sections[0]?.heading) product.sections[0] = { ...product.sections[0], heading: name };
  writeFileSync(join(out, 'products', `bench-product-${n}.md`), `---\n${stringify(product)}---\n${body}`);
}
console.log(`${out}: a copy of ${source}/ with ${count} generated products.`);
