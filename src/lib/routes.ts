/**
 * The route list: the one function that turns content entries into the paths
 * of the site. Everything that needs to know the site's paths reads its
 * result: the catch-all page's getStaticPaths and the breadcrumbs (through
 * src/lib/content.ts, from the content collections), the sitemap, the
 * redirects and the tests (through src/lib/manifest.ts, from the same files
 * read before the content layer exists). Both feed their entries to
 * `buildRoutes`, so an entry cannot be routed, aliased or excluded in one and
 * not in the other.
 *
 * Rules:
 * - pages, products, services and posts with a `meta` entry get a route at
 *   `meta.path` and one at each alias (whose canonical link names the path);
 *   products and services without `meta` only appear as cards;
 * - a page with `layout: custom` is rendered by its own file in src/pages
 *   (login, search, 404): it is in the list (breadcrumbs, sitemap rules) but
 *   the catch-all route does not render it;
 * - no path may be claimed twice, and a redirect must land on a page.
 */
import type { PageMeta } from './schemas';

export type RouteKind = 'page' | 'product' | 'service' | 'post';

/** What a content entry brings to the route list. `meta` is already placeholder-filled. */
export interface RouteSource {
  kind: RouteKind;
  id: string;
  meta?: PageMeta;
  /** A page rendered by its own file in src/pages (`layout: custom`). */
  ownFile?: boolean;
}

export interface Route<S extends RouteSource = RouteSource> {
  kind: S['kind'];
  id: string;
  /** The canonical path. */
  path: string;
  meta: PageMeta;
  ownFile: boolean;
  /** The entry the route was made from, as the caller passed it. */
  source: S;
}

export interface Redirect {
  from: string;
  to: string;
}

export class RouteError extends Error {}

const describe = (r: { kind: string; id: string }) => `${r.kind} "${r.id}"`;

/** Every routed entry of `sources`, checked for paths claimed twice and redirects that land nowhere. */
export function buildRoutes<S extends RouteSource>(sources: readonly S[], redirects: readonly Redirect[] = []): Route<S>[] {
  const routes: Route<S>[] = [];
  for (const source of sources) {
    if (!source.meta) continue;
    routes.push({ kind: source.kind, id: source.id, path: source.meta.path, meta: source.meta, ownFile: source.ownFile ?? false, source });
  }

  const owners = new Map<string, string>();
  const claim = (path: string, owner: string) => {
    const previous = owners.get(path);
    if (previous) throw new RouteError(`The path ${path} is claimed twice: by ${previous} and by ${owner}`);
    owners.set(path, owner);
  };
  for (const route of routes) {
    claim(route.path, describe(route));
    for (const alias of route.meta.aliases) claim(alias, `an alias of ${describe(route)}`);
  }
  const pagePaths = new Set(routes.flatMap((r) => [r.path, ...r.meta.aliases]));
  for (const redirect of redirects) {
    claim(redirect.from, `the redirect to ${redirect.to}`);
    if (!pagePaths.has(redirect.to)) {
      throw new RouteError(`content/redirects.yaml: ${redirect.from} redirects to ${redirect.to}, which is not a page of the site`);
    }
  }
  return routes;
}

/** A path a visitor can load, with the route that serves it. */
export interface ServedPath<S extends RouteSource = RouteSource> {
  path: string;
  route: Route<S>;
  isAlias: boolean;
}

/** Every path of the routes: canonical paths and aliases. */
export function servedPaths<S extends RouteSource>(routes: readonly Route<S>[]): ServedPath<S>[] {
  return routes.flatMap((route) => [
    { path: route.path, route, isAlias: false },
    ...route.meta.aliases.map((alias) => ({ path: alias, route, isAlias: true })),
  ]);
}

/** The paths the catch-all route `[...path]` renders (pages with their own file are left to it). */
export function catchAllPaths<S extends RouteSource>(routes: readonly Route<S>[]): ServedPath<S>[] {
  return servedPaths(routes.filter((r) => !r.ownFile));
}

/** Canonical paths that belong in the sitemap and the search index: everything not marked noindex. */
export function indexableRoutes<S extends RouteSource>(routes: readonly Route<S>[]): Route<S>[] {
  return routes.filter((r) => !r.meta.noindex);
}

/** `[...path]` params: the home page is `undefined`, others drop the leading slash. */
export function toParam(path: string): string | undefined {
  return path === '/' ? undefined : path.replace(/^\//, '');
}
