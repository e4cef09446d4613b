/**
 * The route manifest read straight from the files in `content/`, for the code
 * that runs before Astro's content layer exists: astro.config.mjs (sitemap
 * rules, redirects) and the tests. The files are read and validated by the one
 * disk reader (src/lib/content/read.ts), with the schemas of the content
 * collections, and turned into routes by the same function (`buildRoutes`) as
 * the pages themselves. Reading the manifest is the content check: any problem
 * of any file stops it, every problem listed.
 */
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS } from '../content/model';
import { readContent } from '../content/read';
import type { Site } from '../content/schemas';
import { ContentError } from '../content/validate';
import {
  buildRoutes,
  routeSourceOf,
  servedPaths as servedPathsOf,
  type Redirect,
  type Route,
  type RouteSource,
  type ServedPath,
} from './build';

export type RouteEntry = Route<RouteSource>;
export interface Manifest {
  site: Site;
  routes: RouteEntry[];
  redirects: Redirect[];
}

export function readManifest(contentDir = 'content'): Manifest {
  const content = readContent(contentDir);
  if (content.problems.length > 0 || !content.site) throw new ContentError(content.problems);
  const sources = ROUTED_COLLECTION_NAMES.flatMap((name) =>
    (content.documents.get(name) ?? []).map(({ id, data }) => routeSourceOf(ROUTED_COLLECTIONS[name].kind, id, data)),
  );
  const redirects = ((content.documents.get('redirects')?.[0]?.data ?? []) as Redirect[]).map(({ from, to }) => ({ from, to }));
  return { site: content.site, routes: buildRoutes(sources, redirects), redirects };
}

/** Every path a visitor can load (canonical paths and aliases), with the route that serves it. */
export function servedPaths(manifest: Manifest): ServedPath[] {
  return servedPathsOf(manifest.routes);
}
