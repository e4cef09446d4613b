/**
 * Typed, placeholder-filled access to the content collections for pages and
 * components. Every string that reaches a page passes through `fillDeep`, so
 * {brand}, {slug}, {url.planner} … are resolved in one place.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { PageMeta, Site, UiCopy } from './schemas';
import { fillDeep, placeholderValues } from './placeholders';
import { blogRoute, buildRoutes, PAGE_SLOTS, type LaterPages, type Redirect, type Route } from '../routes/build';
import { readRedirects } from '../routes/manifest';
import type { ListName } from './lists';
import { byOrderThenTitle } from './order';

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

/** The words of the frame and layouts (content/ui.yaml), placeholders filled. */
export const getUi = oncePerBuild(async (): Promise<UiCopy> => {
  const entry = await getEntry('ui', 'ui');
  if (!entry) throw new Error('content/ui.yaml must define a top-level "ui:" entry');
  return filled(entry.data);
});

export async function filled<T>(value: T): Promise<T> {
  return fillDeep(value, placeholderValues(await getSite()));
}

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

/** Products in page order (src/lib/content/order.ts), sorted by their filled titles: what visitors read. */
export async function getProducts() {
  const entries = await Promise.all((await getCollection('products')).map(async (e) => ({ ...e, data: await filled(e.data) })));
  return entries.sort((a, b) => byOrderThenTitle(a.data, b.data));
}

/** Services in page order (src/lib/content/order.ts). */
export async function getServices() {
  const entries = await Promise.all((await getCollection('services')).map(async (e) => ({ ...e, data: await filled(e.data) })));
  return entries.sort((a, b) => byOrderThenTitle(a.data, b.data));
}

async function getPosts() {
  const entries = await getCollection('posts');
  return Promise.all(entries.map(async (e) => ({ ...e, data: await filled(e.data) })));
}

/** content/redirects.yaml, placeholders filled (read like the manifest does: it is not a collection). */
export async function getRedirects(): Promise<Redirect[]> {
  return readRedirects(process.env.CONTENT_DIR ?? 'content', placeholderValues(await getSite()));
}

async function getPages() {
  const entries = await getCollection('pages');
  const values = placeholderValues(await getSite());
  // The blog's words keep their {page} and {pages} slots: each page of the blog fills in its own.
  return entries.map((e) => {
    const { listing, ...data } = e.data;
    return { ...e, data: { ...fillDeep(data, values), listing: listing && fillDeep(listing, { ...values, ...PAGE_SLOTS }) } };
  });
}

/** A page entry by file name (content/pages/<id>.yaml), placeholders filled. */
export async function getPage(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`content/pages/${id}.yaml does not exist`);
  return { ...entry, data: await filled(entry.data) };
}

/** A routed entry of each kind, placeholders filled: what the catch-all route hands its layout. */
export type PageEntry = Awaited<ReturnType<typeof getPages>>[number];
export type ProductEntry = Awaited<ReturnType<typeof getProducts>>[number];
export type ServiceEntry = Awaited<ReturnType<typeof getServices>>[number];
export type PostEntry = Awaited<ReturnType<typeof getPosts>>[number];
export type ContentSource =
  | { kind: 'page'; id: string; meta: PageMeta; ownFile: boolean; listing?: LaterPages; entry: PageEntry }
  | { kind: 'product'; id: string; meta?: PageMeta; entry: ProductEntry }
  | { kind: 'service'; id: string; meta?: PageMeta; entry: ServiceEntry }
  | { kind: 'post'; id: string; meta: PageMeta; published: Date; entry: PostEntry };

/**
 * The site's routes from the content collections, through the same
 * `buildRoutes` that the manifest (astro.config.mjs, tests) uses on the files.
 */
export const getRoutes = oncePerBuild(async (): Promise<Route<ContentSource>[]> => {
  const sources: ContentSource[] = [
    ...(await getPages()).map((entry) => ({
      kind: 'page' as const,
      id: entry.id,
      meta: entry.data.meta,
      ownFile: entry.data.layout === 'custom',
      listing: entry.data.listing?.later,
      entry,
    })),
    ...(await getProducts()).map((entry) => ({ kind: 'product' as const, id: entry.id, meta: entry.data.meta, entry })),
    ...(await getServices()).map((entry) => ({ kind: 'service' as const, id: entry.id, meta: entry.data.meta, entry })),
    ...(await getPosts()).map((entry) => ({
      kind: 'post' as const,
      id: entry.id,
      meta: entry.data.meta,
      published: entry.data.published,
      entry,
    })),
  ];
  return buildRoutes(sources, await getRedirects());
});

/** The path of the blog's first page (/blog), when the site has a blog. */
export const getBlogPath = oncePerBuild(async (): Promise<string | undefined> => blogRoute(await getRoutes())?.path);

/** Metadata of every route, keyed by canonical path: the breadcrumbs' page names. */
export const getRouteIndex = oncePerBuild(async (): Promise<Map<string, PageMeta>> => {
  return new Map((await getRoutes()).map((route) => [route.path, route.meta]));
});
