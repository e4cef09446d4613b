/**
 * The route manifest read straight from the files in `content/`, for the code
 * that runs before Astro's content layer exists: astro.config.mjs (sitemap
 * rules, redirects) and the tests. The files are read and validated by the one
 * disk reader (src/lib/content/read.ts), with the schemas of the content
 * collections, and turned into routes by the same function (`buildRoutes`) as
 * the pages themselves. Reading the manifest is the content check: any problem
 * of any file stops it, every problem listed, a path claimed twice among them.
 *
 * Entries are judged at one time (src/lib/content/publishing.ts): the live
 * ones make the routes, the scheduled ones are listed apart (their due times
 * are when the site must be built again), each checked now as if it were live
 * (./scheduled.ts), so the unattended build at its time cannot be the first to
 * find its path taken.
 */
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS, collectionOf, type RoutedCollection } from '../content/model';
import { publishingTime, publishAtOf } from '../content/publishing';
import { readContent, type Document } from '../content/read';
import type { Site } from '../content/schemas';
import { ContentError } from '../content/validate';
import { line } from '../content/wording';
import { scheduledProblems } from './scheduled';
import {
  buildRoutes,
  RouteError,
  routeSourceOf,
  servedPaths as servedPathsOf,
  type Redirect,
  type Route,
  type RouteSource,
  type ServedPath,
} from './build';

export type RouteEntry = Route<RouteSource>;

/** A routed collection's entry: where it is and what it is. */
export interface EntryRef {
  collection: RoutedCollection;
  id: string;
  /** Its file, as the content folder was given (content/posts/x.md). */
  file: string;
}

export interface Manifest {
  site: Site;
  routes: RouteEntry[];
  /** content/redirects.yaml, placeholders filled: the editors' redirects. */
  redirects: Redirect[];
  /** Every live entry of the routed collections, with a page or not (a product shown as a card only). */
  entries: EntryRef[];
  /** The entries scheduled after `at`, each with its time. */
  scheduled: (EntryRef & { publishAt: Date })[];
  /** The time the entries were judged at. */
  at: Date;
}

/** The content check's lines for paths claimed twice: the file and field of the second claim, and the other side. */
function claimLines(error: RouteError, documents: Map<string, Document[]>): string[] {
  const fileOf = ({ kind, id }: { kind: string; id: string }) =>
    documents.get(collectionOf(kind as RouteSource['kind']))?.find((d) => d.id === id)?.file ?? `${kind} "${id}"`;
  return error.problems.map((p) =>
    p.field[0] === 'layout'
      ? line(fileOf(p.second), p.field, p.message)
      : line(
          fileOf(p.second),
          p.field,
          `${p.path} is also the path of ${fileOf(p.first)}${fileOf(p.first) === fileOf(p.second) ? ' (twice in this file)' : ''}: give one of them another path (two pages cannot share an address)`,
        ),
  );
}

export function readManifest(contentDir = 'content', at: Date = publishingTime()): Manifest {
  const content = readContent(contentDir, at);
  const scheduled = scheduledProblems(content);
  if (content.problems.length > 0 || !content.site) throw new ContentError([...content.problems, ...scheduled]);
  const sources = ROUTED_COLLECTION_NAMES.flatMap((name) =>
    (content.documents.get(name) ?? []).map(({ id, data }) => routeSourceOf(ROUTED_COLLECTIONS[name].kind, id, data)),
  );
  const redirects = ((content.documents.get('redirects')?.[0]?.data ?? []) as Redirect[]).map(({ from, to }) => ({ from, to }));
  let routes: RouteEntry[];
  try {
    routes = buildRoutes(sources);
  } catch (error) {
    if (error instanceof RouteError) throw new ContentError([...claimLines(error, content.documents), ...scheduled]);
    throw error;
  }
  if (scheduled.length > 0) throw new ContentError(scheduled);
  const refs = (map: Map<string, Document[]>) =>
    ROUTED_COLLECTION_NAMES.flatMap((collection) =>
      (map.get(collection) ?? []).map((d) => ({ collection, id: d.id, file: d.file, data: d.data })),
    );
  return {
    site: content.site,
    routes,
    redirects,
    entries: refs(content.documents).map(({ collection, id, file }) => ({ collection, id, file })),
    scheduled: refs(content.scheduled).map(({ collection, id, file, data }) => ({ collection, id, file, publishAt: publishAtOf(data)! })),
    at,
  };
}

/** Every problem the content check finds in `contentDir` (the files', the paths', the scheduled entries'): readManifest's lines, or none. */
export function manifestProblems(contentDir = 'content', at: Date = publishingTime()): string[] {
  try {
    readManifest(contentDir, at);
    return [];
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
}

/** Every path a visitor can load (canonical paths and aliases), with the route that serves it. */
export function servedPaths(manifest: Pick<Manifest, 'routes'>): ServedPath[] {
  return servedPathsOf(manifest.routes);
}
