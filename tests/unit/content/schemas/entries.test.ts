/** Products, services and posts (src/lib/content/schemas/entries.ts). */
import { describe, it, expect } from 'vitest';
import { productSchemaWith } from '../../../../src/lib/content/schemas';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}


describe('products', () => {
  const productSchema = productSchemaWith(['Tools', 'Games']);
  const product = {
    title: 'Newsbox',
    order: 1,
    website: 'newsbox.example',
    description: 'A news platform for publishers.',
    category: 'Tools',
    colors: { from: '#000000', to: '#ffffff' },
  };
  it('accepts a product without a page (no meta)', () => {
    expect(productSchema.safeParse(product).success).toBe(true);
  });
  it('accepts a product without an order (it follows the numbered ones, by title)', () => {
    const { order: _order, ...unordered } = product;
    expect(productSchema.parse(unordered).order).toBeUndefined();
  });
  it('refuses a category outside the given list, naming the field and the choices', () => {
    const result = productSchema.safeParse({ ...product, category: 'Gardening' });
    expect(issues(result).join('\n')).toMatch(/^category:.*Tools.*Games/);
  });
  it('accepts a new category once it is added to the list, with no code change', () => {
    const categories = ['Tools', 'Games', 'Gardening'];
    expect(productSchemaWith(categories).safeParse({ ...product, category: 'Gardening' }).success).toBe(true);
  });
  it('refuses a colour that is not hex', () => {
    const result = productSchema.safeParse({ ...product, colors: { from: 'blue', to: '#ffffff' } });
    expect(issues(result).join('\n')).toMatch(/colors\.from/);
  });
});
