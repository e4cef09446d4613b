/** A page and the blog's words (src/lib/content/schemas/pages.ts). */
import { describe, it, expect } from 'vitest';
import { metaSchema, pageSchema } from '../../../../src/lib/content/schemas';

const meta = (path: string) =>
  metaSchema.parse({ path, name: `Name of ${path}`, title: `Title of ${path}`, description: `Description of ${path}, long enough for the metadata schema of the site.` });

describe('the blog page schema', () => {
  const listing = {
    heading: 'Blog',
    feed: 'RSS',
    empty: 'No posts yet.',
    pagination: { label: 'Blog pages', status: 'Page {page} of {pages}', previous: 'Previous', next: 'Next' },
    later: {
      title: 'Blog – page {page}',
      description: 'Earlier posts, page {page}, with enough words to be a description.',
      name: 'Page {page}',
    },
  };
  const base = { meta: meta('/blog') };

  it('takes `listing` with `layout: blog`, and only then', () => {
    expect(pageSchema.safeParse({ ...base, layout: 'blog', listing }).success).toBe(true);
    expect(pageSchema.safeParse({ ...base, layout: 'blog' }).success).toBe(false);
    expect(pageSchema.safeParse({ ...base, listing }).success).toBe(false);
  });

  it('refuses later-page words without their {page} slot, so two pages never share a title', () => {
    const result = pageSchema.safeParse({
      ...base,
      layout: 'blog',
      listing: { ...listing, later: { ...listing.later, title: 'Blog, later' } },
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(/\{page\}/);
    expect(
      pageSchema.safeParse({
        ...base,
        layout: 'blog',
        listing: { ...listing, pagination: { ...listing.pagination, status: 'Page {page}' } },
      }).success,
    ).toBe(false);
  });
});
