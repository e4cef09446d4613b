/**
 * The site's routes from the content collections (build time), through the
 * same `buildRoutes` that the manifest (astro.config.mjs, tests) uses on the
 * files, so an entry cannot be routed in one and not in the other.
 */
import { getEntries, oncePerBuild, type FilledEntry } from '../content/collections';
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS, type RoutedCollection } from '../content/model';
import type { PageMeta } from '../content/schemas';
import { buildRoutes, routeSourceOf, type Route, type RouteSource } from './build';

/** A route's entry: its kind and the collection entry it was made from, so each layout gets its own entry's type. */
export type RoutedEntry = {
  [C in RoutedCollection]: RouteSource & { kind: (typeof ROUTED_COLLECTIONS)[C]['kind']; entry: FilledEntry<C> };
}[RoutedCollection];

/** The paths earlier builds published whose entry is gone (410), each with its gone page (astro.config.mjs). */
export function getGonePaths() {
  return __PUBLISHED_PATHS__.gone;
}

export const getRoutes = oncePerBuild(async (): Promise<Route<RoutedEntry>[]> => {
  const sources = await Promise.all(
    ROUTED_COLLECTION_NAMES.map(async (name) =>
      (await getEntries(name)).map(
        (entry) => ({ ...routeSourceOf(ROUTED_COLLECTIONS[name].kind, entry.id, entry.data), entry }) as RoutedEntry,
      ),
    ),
  );
  return buildRoutes(sources.flat());
});

/** Metadata of every route, keyed by canonical path: the breadcrumbs' page names. */
export const getRouteIndex = oncePerBuild(async (): Promise<Map<string, PageMeta>> => {
  return new Map((await getRoutes()).map((route) => [route.path, route.meta]));
});
