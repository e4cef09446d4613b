/**
 * Content collections. Everything a visitor reads comes from `content/`;
 * the schemas live in `src/lib/schemas.ts` (shared with the route manifest).
 * A wrong field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { formsCopySchema, uiCopySchema, pageSchema, postSchema, productCategorySchema, productSchemaWith, searchCopySchema, serviceSchema, siteSchema } from './lib/schemas';
import { readProductCategories } from './lib/manifest';
import { COLLECTION_FILES, globPatterns, type RoutedCollection } from './lib/content-files';

/** CONTENT_DIR lets tests and the build benchmark build the site from a copy of content/. */
const dir = process.env.CONTENT_DIR ?? './content';

/**
 * A shared list. Astro's data store keeps entries sorted by id, so the loader
 * records each entry's position in the file as `order` and `getList` sorts by
 * it: lists render in the order editors wrote them.
 */
const inFileOrder = (text: string) =>
  (parseYaml(text) as Record<string, unknown>[]).map((entry, order) => ({ ...entry, order }));
const list = <T extends z.ZodRawShape>(name: string, shape: T) =>
  defineCollection({
    loader: file(`${dir}/lists/${name}.yaml`, { parser: inFileOrder }),
    schema: z.object({ id: z.string(), order: z.number().int().min(0), ...shape }).strict(),
  });

/** A collection whose entries can be pages: files listed by the rules the route manifest uses too. */
const routed = <S extends z.ZodType>(collection: RoutedCollection, schema: S) =>
  defineCollection({ loader: glob({ pattern: globPatterns(collection), base: `${dir}/${COLLECTION_FILES[collection].dir}` }), schema });

const text = (max: number) => z.string().trim().min(1).max(max);

export const collections = {
  site: defineCollection({ loader: file(`${dir}/site.yaml`), schema: siteSchema }),
  pages: routed('pages', pageSchema),
  // A product's category must be listed in content/lists/product-categories.yaml, read before the collections load.
  products: routed('products', productSchemaWith(readProductCategories(dir))),
  services: routed('services', serviceSchema),
  posts: routed('posts', postSchema),
  // Shared lists: each fact is written once and referenced from pages.
  productCategories: list('product-categories', productCategorySchema),
  claims: list('claims', { value: text(20).describe('The figure, e.g. "85%" or "30K".'), label: text(80) }),
  values: list('values', { title: text(80), text: text(400) }),
  teamGroups: list('team-groups', { title: text(60), text: text(400) }),
  expertise: list('expertise', { title: text(80) }),
  planCategories: list('plan-categories', { title: text(60), subtitle: text(120), category: text(40) }),
  projectTypes: list('project-types', { title: text(60), category: z.enum(['Interior', 'Exterior', 'Systems', 'Maintenance']) }),
  recruitmentProducts: list('recruitment-products', { title: text(60), description: text(300), domains: z.array(text(60)).min(1).max(8) }),
  // Copy of the form islands and the sign-in card (content/forms.yaml).
  forms: defineCollection({ loader: file(`${dir}/forms.yaml`), schema: formsCopySchema }),
  // Words of the site search and the not-found page (content/search.yaml).
  search: defineCollection({ loader: file(`${dir}/search.yaml`), schema: searchCopySchema }),
  // The words of the frame and layouts (content/ui.yaml).
  ui: defineCollection({ loader: file(`${dir}/ui.yaml`), schema: uiCopySchema }),
};
