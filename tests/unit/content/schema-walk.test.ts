/** The field of a schema at a path of the data, and the description the content check names (src/lib/content/schema-walk.ts). */
import { describe, it, expect } from 'vitest';
import { z } from 'astro/zod';
import { descriptionAt } from '../../../src/lib/content/schema-walk';
import { validate } from '../../../src/lib/content/validate';
import { metaSchema, productSchemaWith } from '../../../src/lib/content/schemas';

const metaDescription = metaSchema.shape.description.description!;
function lines(schema: z.ZodType, data: unknown): string[] {
  const result = validate('f', schema, data);
  return result.ok ? [] : result.problems;
}

describe('the description of the field', () => {
  const productSchema = productSchemaWith(['Tools']);
  const product = { meta: { path: '/x' }, sections: [{ type: 'hero' }, { type: 'cards' }] };

  it('is the .describe() text of the field itself', () => {
    expect(descriptionAt(productSchema, ['meta', 'description'], product)).toBe(metaDescription);
    expect(descriptionAt(productSchema, ['title'], product)).toBe('Product name as shown on its card.');
  });
  it('on a wrapper (optional, default) counts as the field’s own', () => {
    expect(descriptionAt(productSchema, ['meta'], product)).toBe('Page metadata. Leave out for a product that has no page of its own.');
    expect(descriptionAt(metaSchema, ['noindex'], {})).toMatch(/^true keeps the page out/);
  });
  it('follows a section by its type', () => {
    expect(descriptionAt(productSchema, ['sections', 0, 'heading'], product)).toBe("The page's main heading (its h1).");
  });
  it('falls back to the nearest described ancestor', () => {
    // A cards section's heading has no description of its own: the section's tells what it belongs to.
    expect(descriptionAt(productSchema, ['sections', 1, 'heading'], product)).toBe('A grid of cards.');
    // An unknown field: the description of the object it was written in.
    expect(descriptionAt(productSchema, ['meta', 'titel'], product)).toBe(productSchema.shape.meta.description);
  });
  it('is left out when nothing on the way is described', () => {
    expect(descriptionAt(productSchema, ['sections', 0, 'type'], { sections: [{ type: 'heroo' }] })).toBeUndefined();
    expect(lines(z.object({ a: z.string() }), {})).toEqual(['f › a: missing']);
  });
});
