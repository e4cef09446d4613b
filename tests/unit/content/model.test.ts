/** What content/ holds (src/lib/content/model.ts): one list for the collections, the reader, the check and the CMS. */
import { describe, it, expect } from 'vitest';
import {
  collectionOf,
  contentModel,
  ROUTED_COLLECTION_NAMES,
  ROUTED_COLLECTIONS,
  runtimeSlotsOf,
  SETTINGS_NAMES,
} from '../../../src/lib/content/model';
import { LIST_NAMES } from '../../../src/lib/content/lists';

describe('the content model', () => {
  const model = contentModel(['Tools']);

  it('has each routed collection as a folder, each settings file, the redirects and each list as a file', () => {
    expect(model.filter((s) => s.kind === 'folder').map((s) => s.name)).toEqual(ROUTED_COLLECTION_NAMES);
    expect(model.filter((s) => s.kind === 'file' && s.group === 'settings').map((s) => s.name)).toEqual([...SETTINGS_NAMES, 'redirects']);
    expect(model.filter((s) => s.kind === 'file' && s.group === 'lists')).toHaveLength(LIST_NAMES.length);
  });
  it('gives products the categories it is built with', () => {
    const products = model.find((s) => s.name === 'products')!;
    expect(products.schema.safeParse({}).error?.issues.find((i) => i.path[0] === 'category')).toBeDefined();
    const category = (products.schema as unknown as { shape: { category: { options: string[] } } }).shape.category.options;
    expect(category).toEqual(['Tools']);
  });
  it('lets every entry an editor can create be scheduled: each folder has publishAt, refused without its zone', async () => {
    const { jsonSchemaOf } = await import('../../../src/lib/cms/fields');
    for (const source of model.filter((s) => s.kind === 'folder')) {
      const properties = (jsonSchemaOf(source.schema) as { properties?: Record<string, { cmsWidget?: string }> }).properties ?? {};
      expect(properties.publishAt?.cmsWidget, source.name).toBe('datetime');
      const issues = source.schema.safeParse({ publishAt: '2026-12-08T09:00' }).error?.issues ?? [];
      expect(issues.some((i) => i.path[0] === 'publishAt'), source.name).toBe(true);
    }
  });
  it('maps each route kind to its one collection', () => {
    for (const name of ROUTED_COLLECTION_NAMES) expect(collectionOf(ROUTED_COLLECTIONS[name].kind)).toBe(name);
  });
  it("names the slots a later step fills: the blog's {page}, the search's {query}; none elsewhere", () => {
    expect(runtimeSlotsOf('pages')).toEqual(['page', 'pages']);
    expect(runtimeSlotsOf('search')).toContain('query');
    expect(runtimeSlotsOf('products')).toEqual([]);
    expect(runtimeSlotsOf('site')).toEqual([]);
  });
});
