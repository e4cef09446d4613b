import { describe, it, expect } from 'vitest';
import { metaSchema, productSchemaWith, sectionSchema, siteSchema, sitePath } from '../../src/lib/content/schemas';
import { readProductCategories, readSite } from '../../src/lib/content/read';
import { productInfo } from '../../src/lib/seo/product-info';
import { readListItems } from '../../src/lib/content/read';

const goodMeta = {
  path: '/about',
  name: 'About',
  title: 'About {brand}',
  description: 'Learn about the company, its mission, its values and the team behind every product.',
  keywords: ['about'],
  priority: 0.8,
  changefreq: 'monthly',
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('page metadata schema', () => {
  it('accepts a valid entry and defaults noindex and aliases', () => {
    const parsed = metaSchema.parse(goodMeta);
    expect(parsed.noindex).toBe(false);
    expect(parsed.aliases).toEqual([]);
  });

  it.each([
    ['title', 'Hi', /title/],
    ['title', 'x'.repeat(71), /title/],
    ['description', 'Too short.', /description/],
    ['description', 'x'.repeat(161), /description/],
    ['priority', 0.2, /priority/],
    ['priority', 1.1, /priority/],
    ['changefreq', 'daily', /changefreq/],
    ['path', '/About/', /path/],
    ['keywords', Array.from({ length: 13 }, (_, i) => `k${i}`), /keywords/],
  ])('refuses %s = %j and names the field', (field, value, expected) => {
    const result = metaSchema.safeParse({ ...goodMeta, [field]: value });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(expected);
  });

  it('leaves keywords, priority and changefreq optional (search engines ignore them), with defaults', () => {
    const { keywords: _k, priority: _p, changefreq: _c, ...required } = goodMeta;
    expect(metaSchema.parse(required)).toMatchObject({ keywords: [], priority: 0.5, changefreq: 'monthly' });
    expect(metaSchema.parse({ ...required, keywords: [] }).keywords).toEqual([]);
  });

  it('refuses unknown fields, so a typo is not silently ignored', () => {
    const result = metaSchema.safeParse({ ...goodMeta, tittle: 'About' });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(/tittle/);
  });
});

describe('site paths', () => {
  it.each(['/', '/about', '/join-{slug}', '/services/managed-business'])('accepts %s', (p) => {
    expect(sitePath.safeParse(p).success).toBe(true);
  });
  it.each(['about', '/about/', '/About', '/a b', 'https://x.example/'])('refuses %s', (p) => {
    expect(sitePath.safeParse(p).success).toBe(false);
  });
});

describe('sections', () => {
  it('refuses an unknown section type', () => {
    expect(sectionSchema.safeParse({ type: 'carousel' }).success).toBe(false);
  });
  it('refuses a cards section with an icon that does not exist', () => {
    const result = sectionSchema.safeParse({ type: 'cards', items: [{ title: 'A', icon: 'unicorn' }] });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(/items\.0\.icon/);
  });
});

describe('products', () => {
  const productSchema = productSchemaWith(readProductCategories('content'));
  const product = {
    title: 'Newsbox',
    order: 1,
    website: 'newsbox.example',
    description: 'A news platform for publishers.',
    category: 'Media & Publishing',
    colors: { from: '#000000', to: '#ffffff' },
  };
  it('accepts a product without a page (no meta)', () => {
    expect(productSchema.safeParse(product).success).toBe(true);
  });
  it('accepts a product without an order (it follows the numbered ones, by title)', () => {
    const { order: _order, ...unordered } = product;
    expect(productSchema.parse(unordered).order).toBeUndefined();
  });
  it('refuses a category outside content/lists/product-categories.yaml, naming the field and the choices', () => {
    const result = productSchema.safeParse({ ...product, category: 'Gardening' });
    expect(issues(result).join('\n')).toMatch(/^category:.*Media & Publishing/);
  });
  it('accepts a new category once it is added to the list, with no code change', () => {
    const categories = [...readProductCategories('content'), 'Gardening'];
    expect(productSchemaWith(categories).safeParse({ ...product, category: 'Gardening' }).success).toBe(true);
  });
  it('gives every product the schema.org category its category maps to', () => {
    const list = readListItems('content', 'productCategories') as { id: string; applicationCategory: string }[];
    const info = productInfo({ ...productSchema.parse(product), category: 'Sports & Entertainment' }, list);
    expect(info.applicationCategory).toBe('SportsApplication');
  });
  it('refuses a colour that is not hex', () => {
    const result = productSchema.safeParse({ ...product, colors: { from: 'blue', to: '#ffffff' } });
    expect(issues(result).join('\n')).toMatch(/colors\.from/);
  });
});

describe('site configuration', () => {
  it('content/site.yaml is valid and holds the company values', () => {
    const site = readSite('content');
    expect(site.brand).toBe('Corvana');
    expect(site.slug).toBe('corvana');
    expect(site.host).toBe('https://corvana.example');
    expect(site.email.support).toBe('support@corvana.example');
    expect(site.phone).toBe('+1 (555) 010-0142');
  });
  it('refuses a bad email', () => {
    const site = readSite('content');
    expect(siteSchema.safeParse({ ...site, email: { ...site.email, support: 'support' } }).success).toBe(false);
  });
});
