/**
 * Content collections: every part of content/ that src/lib/content/model.ts
 * lists, with its schema (shared with the route manifest, the content check and
 * the CMS). A wrong field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { globPatterns } from './lib/content/files';
import { LISTS, listEntries, type ListName } from './lib/content/lists';
import { ROUTED_COLLECTIONS, SETTINGS_FILES, type RoutedCollection, type SettingsName } from './lib/content/model';
import { readProductCategories } from './lib/content/read';

/** CONTENT_DIR lets tests and the build benchmark build the site from a copy of content/. */
const dir = process.env.CONTENT_DIR ?? './content';

// A product's category must be listed in content/lists/product-categories.yaml, read before the collections load.
const categories = readProductCategories(dir);

/** A folder whose entries can be pages: files listed by the rules the disk reader uses too. */
const routed = <S extends z.ZodType>(name: RoutedCollection, schema: (categories: readonly string[]) => S) => {
  const { format, dir: folder } = ROUTED_COLLECTIONS[name];
  return defineCollection({ loader: glob({ pattern: globPatterns(format), base: `${dir}/${folder}` }), schema: schema(categories) });
};

/** A settings file: content/<name>.yaml, one entry under the key `<name>:`. */
const settings = <S extends z.ZodType>(name: SettingsName, schema: S) => defineCollection({ loader: file(`${dir}/${name}.yaml`), schema });

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

export const collections = {
  pages: routed('pages', ROUTED_COLLECTIONS.pages.schema),
  products: routed('products', ROUTED_COLLECTIONS.products.schema),
  services: routed('services', ROUTED_COLLECTIONS.services.schema),
  posts: routed('posts', ROUTED_COLLECTIONS.posts.schema),
  site: settings('site', SETTINGS_FILES.site.schema),
  forms: settings('forms', SETTINGS_FILES.forms.schema),
  search: settings('search', SETTINGS_FILES.search.schema),
  ui: settings('ui', SETTINGS_FILES.ui.schema),
  productCategories: list('productCategories'),
  claims: list('claims'),
  values: list('values'),
  teamGroups: list('teamGroups'),
  expertise: list('expertise'),
  planCategories: list('planCategories'),
  projectTypes: list('projectTypes'),
  recruitmentProducts: list('recruitmentProducts'),
  // Every part of the model is a collection: a new one fails this check until it is added above.
} satisfies Record<RoutedCollection | SettingsName | ListName, unknown>;
