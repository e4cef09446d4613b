/**
 * Typed, placeholder-filled access to the content collections for pages and
 * components. Every string that reaches a page passes through `fillDeep`, so
 * {brand}, {slug}, {url.planner} … are resolved in one place.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { PageMeta, Site } from './schemas';
import { fillDeep, placeholderValues } from './placeholders';

/**
 * Compute once per production build (content cannot change during one), but
 * afresh on every request in `astro dev`, so an editor sees content changes
 * without restarting the server.
 */
function oncePerBuild<T>(compute: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | undefined;
  return () => {
    if (!import.meta.env.PROD) return compute();
    cached ??= compute();
    return cached;
  };
}

/** The site configuration; `host` follows Astro's `site` (SITE_URL) so links and canonicals agree. */
export const getSite = oncePerBuild(async (): Promise<Site> => {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.yaml must define a top-level "site:" entry');
  const data = entry.data;
  const host = (import.meta.env.SITE as string | undefined)?.replace(/\/$/, '') ?? data.host;
  const site = { ...data, host } as Site;
  return fillDeep(site, placeholderValues(site));
});

export async function filled<T>(value: T): Promise<T> {
  return fillDeep(value, placeholderValues(await getSite()));
}

export type ListName = 'claims' | 'values' | 'teamGroups' | 'expertise' | 'planCategories' | 'projectTypes' | 'recruitmentProducts';

/** A shared list in file order, placeholders filled. */
export async function getList<N extends ListName>(name: N): Promise<CollectionEntry<N>['data'][]> {
  // The data store sorts by id; `order` is the position in the file (see src/content.config.ts).
  const entries = (await getCollection(name)).sort((a, b) => (a.data as { order: number }).order - (b.data as { order: number }).order);
  return filled(entries.map((e) => e.data as CollectionEntry<N>['data']));
}

export async function getClaims(ids: string[]) {
  const claims = await getList('claims');
  return ids.map((id) => {
    const claim = claims.find((c) => c.id === id);
    if (!claim) throw new Error(`Unknown claim id "${id}" (see content/lists/claims.yaml)`);
    return claim;
  });
}

export async function getProducts() {
  const entries = await getCollection('products');
  const sorted = entries.sort((a, b) => a.data.order - b.data.order);
  return Promise.all(sorted.map(async (e) => ({ ...e, data: await filled(e.data) })));
}

export async function getServices() {
  const entries = await getCollection('services');
  const sorted = entries.sort((a, b) => a.data.order - b.data.order);
  return Promise.all(sorted.map(async (e) => ({ ...e, data: await filled(e.data) })));
}

export async function getPages() {
  const entries = await getCollection('pages');
  return Promise.all(entries.map(async (e) => ({ ...e, data: await filled(e.data) })));
}

/** A page entry by file name (content/pages/<id>.yaml), placeholders filled. */
export async function getPage(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`content/pages/${id}.yaml does not exist`);
  return { ...entry, data: await filled(entry.data) };
}

/** Metadata of every routed entry, keyed by path: used for breadcrumbs and internal link checks. */
export const getRouteIndex = oncePerBuild(async (): Promise<Map<string, PageMeta>> => {
  const metas: PageMeta[] = [];
  for (const page of await getPages()) metas.push(page.data.meta);
  for (const product of await getProducts()) if (product.data.meta) metas.push(product.data.meta);
  for (const service of await getServices()) if (service.data.meta) metas.push(service.data.meta);
  for (const post of await getCollection('posts')) metas.push(await filled(post.data.meta));
  return new Map(metas.map((m) => [m.path, m]));
});
