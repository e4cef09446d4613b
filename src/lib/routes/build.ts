/**
 * The route list: the one function that turns content entries into the paths
 * of the site. Everything that needs to know the site's paths reads its
 * result: the catch-all page's getStaticPaths and the breadcrumbs (through
 * src/lib/content/collections.ts, from the content collections), the sitemap, the
 * redirects and the tests (through src/lib/routes/manifest.ts, from the same files
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
 * - the blog (the one page with `listing`, `layout: blog`) lists the posts,
 *   newest first, POSTS_PER_PAGE a page: page 1 at its own path (/blog),
 *   page n at /blog/n, each a route of its own with its own title and
 *   description, so the sitemap, the search index, the breadcrumbs and the
 *   built pages follow the number of posts; posts sit under it in
 *   breadcrumbs unless they name another `parent`;
 * - no path may be claimed twice (the editors' redirects and the paths the
 *   site published before are ./published.ts's).
 */
import { PAGE_SLOTS, type PageMeta, type Picture } from '../content/schemas';
import type { RouteKind } from '../content/model';

export type { RouteKind };

/** Posts per page of the blog: /blog lists the newest ones, /blog/2 the next ones … */
export const POSTS_PER_PAGE = 12;

/** The metadata of the blog's pages after the first, each text with a {page} slot (content/pages/blog.yaml, `listing.later`). */
export interface LaterPages {
  title: string;
  description: string;
  name: string;
}

/** What a content entry brings to the route list. `meta` is already placeholder-filled. */
export interface RouteSource {
  kind: RouteKind;
  id: string;
  meta?: PageMeta;
  /** A page rendered by its own file in src/pages (`layout: custom`). */
  ownFile?: boolean;
  /** A post's publication date: the blog and the feed list posts newest first. */
  published?: Date;
  /** A post's cover: shown on the post, on its card on the blog and, unless it names a social image, as its social card. */
  cover?: Picture;
  /** The blog: the page that lists the posts, and the metadata of its later pages. */
  listing?: LaterPages;
  /** The kinds of entry the page lists (the blog its posts, a product grid the products): the section of a gone entry of that kind. */
  lists?: RouteKind[];
}

/** One page of the blog. */
export interface Listing<S extends RouteSource = RouteSource> {
  /** This page's number, 1 for the first. */
  page: number;
  /** The canonical path of every page of the blog, the first page first. */
  paths: string[];
  /** The posts on this page, newest first. */
  posts: Route<S>[];
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
  /** Set on each page of the blog. */
  listing?: Listing<S>;
}

export interface Redirect {
  from: string;
  to: string;
}

/** The fields of a validated entry that decide its routes. */
interface RoutedData {
  meta?: PageMeta;
  layout?: string;
  published?: Date;
  cover?: Picture;
  listing?: { later: LaterPages };
  sections?: { type: string }[];
}

/** The section types that list the entries of a kind. */
const LISTING_SECTIONS: Record<string, RouteKind> = { 'product-grid': 'product', 'service-grid': 'service' };

/** What an entry of `kind` brings to the route list, from its validated data (placeholders filled). */
export function routeSourceOf(kind: RouteKind, id: string, data: unknown): RouteSource {
  const { meta, layout, published, cover, listing, sections = [] } = data as RoutedData;
  const lists = [...new Set([...(listing ? (['post'] as const) : []), ...sections.flatMap((s) => LISTING_SECTIONS[s.type] ?? [])])];
  return {
    kind,
    id,
    meta,
    ownFile: layout === 'custom',
    published,
    ...(cover ? { cover } : {}),
    listing: listing?.later,
    ...(lists.length > 0 ? { lists } : {}),
  };
}

/** A path claimed twice: by `first`, then by `second` (an entry, or an alias or a page of the blog of one). */
export interface RouteProblem {
  path: string;
  first: { kind: string; id: string };
  second: { kind: string; id: string };
  /** Where in the second entry: `meta.path`, or `meta.aliases.<n>`. */
  field: (string | number)[];
  message: string;
}

export class RouteError extends Error {
  constructor(readonly problems: RouteProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'RouteError';
  }
}

const describe = (r: { kind: string; id: string }, page = 1) => `${r.kind} "${r.id}"${page > 1 ? ` (page ${page})` : ''}`;

/** `items` in pages of `perPage`, in order; always at least one page, so a blog without posts still has its first page. */
export function paginate<T>(items: readonly T[], perPage: number = POSTS_PER_PAGE): T[][] {
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(`perPage must be a positive whole number, not ${perPage}`);
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages.length > 0 ? pages : [[]];
}

/** The path of page `page` of a listing at `base`: page 1 is `base` itself (/blog, never /blog/1), then /blog/2, /blog/3 … */
export function listingPagePath(base: string, page: number): string {
  if (page === 1) return base;
  return `${base === '/' ? '' : base}/${page}`;
}

/** Fill the {page} and {pages} slots of the blog's words. */
export function fillPageSlots(text: string, page: number, pages: number): string {
  return text.replaceAll(PAGE_SLOTS.page, String(page)).replaceAll(PAGE_SLOTS.pages, String(pages));
}

/** The posts among `routes`, newest first; posts of the same day by path, so the order never depends on file order. */
export function newestFirst<R extends { kind: string; path: string; source: { published?: Date } }>(routes: readonly R[]): R[] {
  const time = (r: R) => r.source.published?.getTime() ?? Number.NEGATIVE_INFINITY;
  return routes.filter((r) => r.kind === 'post').sort((a, b) => time(b) - time(a) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The blog's first page, when the site has a blog. */
export function blogRoute<S extends RouteSource>(routes: readonly Route<S>[]): Route<S> | undefined {
  return routes.find((r) => r.listing?.page === 1);
}

/** The pages of the blog at `source`: the posts (newest first) in pages, each page a route. */
function listingRoutes<S extends RouteSource>(source: S, first: PageMeta, later: LaterPages, posts: Route<S>[]): Route<S>[] {
  const chunks = paginate(posts);
  const paths = chunks.map((_, index) => listingPagePath(first.path, index + 1));
  return chunks.map((chunk, index) => {
    const page = index + 1;
    const fill = (text: string) => fillPageSlots(text, page, chunks.length);
    const meta: PageMeta =
      page === 1
        ? first
        : {
            ...first,
            path: paths[index],
            title: fill(later.title),
            description: fill(later.description),
            name: fill(later.name),
            // Aliases belong to the first page; later pages sit under it in breadcrumbs.
            aliases: [],
            parent: first.path,
          };
    return {
      kind: source.kind,
      id: source.id,
      path: meta.path,
      meta,
      ownFile: source.ownFile ?? false,
      source,
      listing: { page, paths, posts: chunk },
    };
  });
}

/** Every routed entry of `sources`, checked for paths claimed twice (every such problem listed). */
export function buildRoutes<S extends RouteSource>(sources: readonly S[]): Route<S>[] {
  const listings = sources.filter((s) => s.meta && s.listing);
  if (listings.length > 1) {
    const [first, ...others] = listings;
    throw new RouteError(
      others.map((other) => ({
        path: other.meta!.path,
        first,
        second: other,
        field: ['layout'],
        message: `only one page can list the posts (layout: blog), not ${listings.map((s) => describe(s)).join(' and ')}: give this page another layout`,
      })),
    );
  }
  const blogPath = listings[0]?.meta?.path;

  const routed = new Map<S, Route<S>>();
  for (const source of sources) {
    if (!source.meta || source.listing) continue;
    // Breadcrumbs read Home › Blog › post unless the post names another parent.
    const meta = source.kind === 'post' && blogPath && !source.meta.parent ? { ...source.meta, parent: blogPath } : source.meta;
    routed.set(source, { kind: source.kind, id: source.id, path: meta.path, meta, ownFile: source.ownFile ?? false, source });
  }
  const posts = newestFirst([...routed.values()]);
  // In the order of `sources`, the blog's pages where the blog's entry is.
  const routes = sources.flatMap((source): Route<S>[] => {
    if (source.meta && source.listing) return listingRoutes(source, source.meta, source.listing, posts);
    const route = routed.get(source);
    return route ? [route] : [];
  });

  const owners = new Map<string, { route: Route<S>; what: string }>();
  const problems: RouteProblem[] = [];
  const claim = (path: string, route: Route<S>, what: string, field: (string | number)[]) => {
    const previous = owners.get(path);
    if (!previous) return void owners.set(path, { route, what });
    problems.push({
      path,
      first: previous.route,
      second: route,
      field,
      message: `the path ${path} is claimed twice: by ${previous.what} and by ${what}`,
    });
  };
  for (const route of routes) {
    const page = route.listing?.page ?? 1;
    claim(route.path, route, describe(route, page), ['meta', 'path']);
    if (page === 1) route.meta.aliases.forEach((alias, n) => claim(alias, route, `an alias of ${describe(route)}`, ['meta', 'aliases', n]));
  }
  if (problems.length > 0) throw new RouteError(problems);
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
