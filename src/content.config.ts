/**
 * Content collections. Everything a visitor reads comes from `content/`;
 * the schemas live in `src/lib/content/schemas.ts` (shared with the route manifest).
 * A wrong field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import {
  formsCopySchema,
  uiCopySchema,
  pageSchema,
  postSchema,
  productSchemaWith,
  searchCopySchema,
  serviceSchema,
  siteSchema,
} from './lib/content/schemas';
import { LISTS, listEntries, type ListName } from './lib/content/lists';
import { readProductCategories } from './lib/routes/manifest';
import { COLLECTION_FILES, globPatterns, type RoutedCollection } from './lib/content/files';

/** CONTENT_DIR lets tests and the build benchmark build the site from a copy of content/. */
const dir = process.env.CONTENT_DIR ?? './content';

/**
 * A shared list (src/lib/content/lists.ts). Astro's data store keeps entries sorted by
 * id, so the loader records each entry's position in the file as `order` and
 * `getList` sorts by it: lists render in the order editors wrote them.
 */
// Generic in the list's name, so each collection is typed by its own fields rather than by every list's.
const list = <N extends ListName>(name: N) => {
  const shape: (typeof LISTS)[N]['shape'] = LISTS[name].shape;
  return defineCollection({
    loader: file(`${dir}/lists/${LISTS[name].file}.yaml`, {
      parser: (text) => listEntries((parseYaml(text) as { items?: unknown })?.items),
    }),
    schema: z.object({ order: z.number().int().min(0), ...shape }).strict(),
  });
};

/** A collection whose entries can be pages: files listed by the rules the route manifest uses too. */
const routed = <S extends z.ZodType>(collection: RoutedCollection, schema: S) =>
  defineCollection({ loader: glob({ pattern: globPatterns(collection), base: `${dir}/${COLLECTION_FILES[collection].dir}` }), schema });

export const collections = {
  site: defineCollection({ loader: file(`${dir}/site.yaml`), schema: siteSchema }),
  pages: routed('pages', pageSchema),
  // A product's category must be listed in content/lists/product-categories.yaml, read before the collections load.
  products: routed('products', productSchemaWith(readProductCategories(dir))),
  services: routed('services', serviceSchema),
  posts: routed('posts', postSchema),
  // Shared lists: each fact is written once and referenced from pages.
  productCategories: list('productCategories'),
  claims: list('claims'),
  values: list('values'),
  teamGroups: list('teamGroups'),
  expertise: list('expertise'),
  planCategories: list('planCategories'),
  projectTypes: list('projectTypes'),
  recruitmentProducts: list('recruitmentProducts'),
  // Copy of the form islands and the sign-in card (content/forms.yaml).
  forms: defineCollection({ loader: file(`${dir}/forms.yaml`), schema: formsCopySchema }),
  // Words of the site search and the not-found page (content/search.yaml).
  search: defineCollection({ loader: file(`${dir}/search.yaml`), schema: searchCopySchema }),
  // The words of the frame and layouts (content/ui.yaml).
  ui: defineCollection({ loader: file(`${dir}/ui.yaml`), schema: uiCopySchema }),
};
