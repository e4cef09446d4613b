/** The structured-data view of a product (src/lib/seo/product-info.ts). */
import { describe, it, expect } from 'vitest';
import { productSchemaWith } from '../../../src/lib/content/schemas';
import { productInfo } from '../../../src/lib/seo/product-info';

const categories = [
  { id: 'Tools', applicationCategory: 'UtilitiesApplication' },
  { id: 'Games', applicationCategory: 'GameApplication' },
];
const product = productSchemaWith(['Tools', 'Games']).parse({
  title: 'Widget',
  website: 'widget.example',
  description: 'A widget that does one thing well.',
  category: 'Games',
  colors: { from: '#000000', to: '#ffffff' },
  meta: { path: '/widget', name: 'Widget', title: 'The Widget', description: 'x'.repeat(60) },
});

describe('productInfo', () => {
  it('gives the product the schema.org category its category maps to, and its page path', () => {
    expect(productInfo(product, categories)).toEqual({
      name: 'Widget',
      description: 'A widget that does one thing well.',
      category: 'Games',
      applicationCategory: 'GameApplication',
      path: '/widget',
    });
  });
  it('has no path for a product without a page', () => {
    expect(productInfo({ ...product, meta: undefined }, categories).path).toBeUndefined();
  });
  it('names the product and the list when its category is missing from the list', () => {
    expect(() => productInfo(product, categories.slice(0, 1))).toThrow(/Widget.*Games.*product-categories/);
  });
});
