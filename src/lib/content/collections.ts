/**
 * Typed, placeholder-filled access to the content collections for pages and
 * components (build time only). Every string that reaches a page passes
 * through `ready`: its placeholders filled (`fillDeep`), so {brand}, {slug},
 * {url.planner} … are resolved in one place (each file's run-time slots
 * ({page}, {query} …) stay as written for the step that fills them:
 * src/lib/content/model.ts names them), and its links to moved pages
 * followed (./moved-paths.ts). An entry scheduled after the build's time
 * (./publishing.ts) is in no list these getters return.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { FormsCopy, SearchCopy, Site, UiCopy } from './schemas';
import { fillDeep, keepingSlots, placeholderValues } from './placeholders';
import { runtimeSlotsOf, type RoutedCollection, type SettingsName } from './model';
import type { ListName } from './lists';
import { byOrderThenTitle } from './order';
import { followMoves, type Moves } from './moved-paths';
import { isLive, publishingTime } from './publishing';

/** The old paths of the site and where each leads now (src/lib/routes/published.ts, through astro.config.mjs). */
export const moves: Moves = new Map(typeof __PUBLISHED_PATHS__ === 'undefined' ? [] : __PUBLISHED_PATHS__.moved.map((m) => [m.from, m.to]));

/** A value as pages get it: placeholders filled with `values`, links to moved pages followed. */
function ready<T>(value: T, values: Record<string, string>): T {
  return followMoves(fillDeep(value, values), moves, values.host);
}

/**
 * Compute once per production build (content cannot change during one), but
 * afresh on every request in `astro dev`, so an editor sees content changes
 * without restarting the server.
 */
export function oncePerBuild<T>(compute: () => Promise<T>): () => Promise<T> {
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
  const host = (import.meta.env.SITE as string | undefined)?.replace(/\/$/, '') ?? entry.data.host;
  const site = { ...entry.data, host } as Site;
  return ready(site, placeholderValues(site));
});

/** `value` with the site's placeholders filled, the run-time slots of `name`'s files kept as written. */
export async function filledFor<T>(name: RoutedCollection | SettingsName, value: T): Promise<T> {
  return ready(value, keepingSlots(placeholderValues(await getSite()), runtimeSlotsOf(name)));
}

/** A settings file (content/<name>.yaml, one document under the key `<name>:`), placeholders filled. */
async function settings<T>(name: Exclude<SettingsName, 'site'>): Promise<T> {
  const entry = await getEntry(name, name);
  if (!entry) throw new Error(`content/${name}.yaml must define a top-level "${name}:" entry`);
  return filledFor(name, entry.data as T);
}

/** The words of the frame and layouts (content/ui.yaml). */
export const getUi = oncePerBuild(() => settings<UiCopy>('ui'));
/** The words of the forms and the sign-in card (content/forms.yaml). */
export const getFormsCopy = oncePerBuild(() => settings<FormsCopy>('forms'));
/** The words of the site search and the not-found page (content/search.yaml); {query}, {count}, {max}, {path} are filled in the browser. */
export const getSearchCopy = oncePerBuild(() => settings<SearchCopy>('search'));

/** A shared list in file order, placeholders filled. */
export async function getList<N extends ListName>(name: N): Promise<CollectionEntry<N>['data'][]> {
  // The data store sorts by id; `order` is the position in the file (see src/content.config.ts).
  const entries = (await getCollection(name)).sort((a, b) => (a.data as { order: number }).order - (b.data as { order: number }).order);
  return ready(
    entries.map((e) => e.data as CollectionEntry<N>['data']),
    placeholderValues(await getSite()),
  );
}

export async function getClaims(ids: string[]) {
  const claims = await getList('claims');
  return ids.map((id) => {
    const claim = claims.find((c) => c.id === id);
    if (!claim) throw new Error(`Unknown claim id "${id}" (see content/lists/claims.yaml)`);
    return claim;
  });
}

/** The live entries of a routed collection (./publishing.ts), placeholders filled. */
export async function getEntries<C extends RoutedCollection>(name: C) {
  const at = publishingTime();
  const entries = (await getCollection(name)).filter((e) => isLive(e.data, at));
  return Promise.all(entries.map(async (e) => ({ ...e, data: await filledFor(name, e.data as CollectionEntry<C>['data']) })));
}

/** Products in page order (src/lib/content/order.ts), sorted by their filled titles: what visitors read. */
export async function getProducts() {
  return (await getEntries('products')).sort((a, b) => byOrderThenTitle(a.data, b.data));
}

/** Services in page order (src/lib/content/order.ts). */
export async function getServices() {
  return (await getEntries('services')).sort((a, b) => byOrderThenTitle(a.data, b.data));
}

/** A live page entry by file name (content/pages/<id>.yaml), placeholders filled. */
export async function getPage(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`content/pages/${id}.yaml does not exist`);
  if (!isLive(entry.data, publishingTime())) throw new Error(`content/pages/${id}.yaml is scheduled for later (publishAt): it is not on the site yet`);
  return { ...entry, data: await filledFor('pages', entry.data) };
}

/** A routed entry of each collection, placeholders filled: what the catch-all route hands its layout. */
export type FilledEntry<C extends RoutedCollection> = Awaited<ReturnType<typeof getEntries<C>>>[number];
export type PageEntry = FilledEntry<'pages'>;
export type ProductEntry = FilledEntry<'products'>;
export type ServiceEntry = FilledEntry<'services'>;
export type PostEntry = FilledEntry<'posts'>;
