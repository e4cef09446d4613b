/**
 * Scheduled entries judged when they are committed, as if they were live. An
 * entry with a `publishAt` after the build's time is in no output
 * (src/lib/content/publishing.ts), so without this a post scheduled at a path
 * that is taken passes the commit's build and check:dist, and the unattended
 * build at its time (the database's rebuild trigger) is the one that fails:
 * the post never appears and nobody is told. So every scheduled entry's path
 * and aliases are checked now against the live entries, the other scheduled
 * entries (the later one is named: its build is the one that would fail) and
 * the `from` of the editors' redirects (a redirect may not hide a live page,
 * ./published.ts); each problem a line naming the scheduled entry's file and
 * field.
 *
 * Not refused: a path the site published before (the git history, ./history.ts).
 * A live page at an old path ends whatever the history says of it, so an entry
 * may take an old address back on its day; its build does not fail.
 */
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS } from '../content/model';
import { publishAtOf } from '../content/publishing';
import type { Content, Document } from '../content/read';
import { line } from '../content/wording';
import { buildRoutes, RouteError, routeSourceOf, servedPaths, type Redirect, type RouteProblem, type RouteSource } from './build';

/** An entry's place in the content: its file and, when scheduled, its time. */
interface Placed {
  file: string;
  publishAt?: Date;
}

const when = (time: Date) => time.toISOString().replace('.000Z', 'Z');
const key = (r: { kind: string; id: string }) => `${r.kind} ${r.id}`;

/** The route problems of `sources` (none when every path is claimed once). */
function claims(sources: RouteSource[]): { routes?: ReturnType<typeof buildRoutes>; problems: RouteProblem[] } {
  try {
    return { routes: buildRoutes(sources), problems: [] };
  } catch (error) {
    if (error instanceof RouteError) return { problems: error.problems };
    throw error;
  }
}

/** The content check's lines for the scheduled entries of `content` that their own build would refuse (empty when none). */
export function scheduledProblems(content: Pick<Content, 'documents' | 'scheduled'>): string[] {
  const placed = new Map<string, Placed>();
  const sourcesOf = (map: Map<string, Document[]>) =>
    ROUTED_COLLECTION_NAMES.flatMap((name) =>
      (map.get(name) ?? []).map((d) => {
        const source = routeSourceOf(ROUTED_COLLECTIONS[name].kind, d.id, d.data);
        placed.set(key(source), { file: d.file, publishAt: publishAtOf(d.data) });
        return source;
      }),
    );
  const live = sourcesOf(content.documents);
  const timeOf = (source: RouteSource) => placed.get(key(source))!.publishAt!.getTime();
  // Soonest first, after the live ones: of two claims of a path the second is named, the one whose build would fail.
  const scheduled = sourcesOf(content.scheduled).sort((a, b) => timeOf(a) - timeOf(b));
  if (scheduled.length === 0) return [];

  const now = claims(live);
  const then = claims([...live, ...scheduled]);
  const lines: string[] = [];
  // Problems of the live entries alone are the live check's (./manifest.ts); the others come with the schedule.
  const claimOf = (p: RouteProblem) => `${p.path} ${key(p.second)} ${p.field.join('.')}`;
  const known = new Set(now.problems.map(claimOf));
  for (const p of then.problems.filter((p) => !known.has(claimOf(p)))) {
    const [first, second] = [placed.get(key(p.first))!, placed.get(key(p.second))!];
    if (second.publishAt && p.field[0] !== 'layout') {
      const other =
        first.file === second.file
          ? 'another path of this file'
          : `the path of ${first.file}${first.publishAt ? ` (scheduled for ${when(first.publishAt)})` : ''}`;
      lines.push(
        line(
          second.file,
          p.field,
          `${p.path} is already ${other}: the build at this entry's publishAt (${when(second.publishAt)}) would fail, as two pages cannot share an address; give one of them another path`,
        ),
      );
    } else lines.push(line(second.file, p.field, `once the entries scheduled for later are live, ${p.message}`));
  }

  // The editors' redirects: one from a path that a scheduled entry (or a page of the blog its post adds) will serve
  // would hide a live page on that day, which ./published.ts refuses.
  const redirectsDoc = content.documents.get('redirects')?.[0];
  const redirects = (redirectsDoc?.data ?? []) as Redirect[];
  const servedNow = new Set(now.routes ? servedPaths(now.routes).map((s) => s.path) : []);
  const redirected = (path: string) => (servedNow.has(path) ? -1 : redirects.findIndex((r) => r.from === path));
  for (const source of scheduled) {
    const { file, publishAt } = placed.get(key(source))!;
    const paths = source.meta ? [source.meta.path, ...source.meta.aliases] : [];
    paths.forEach((path, n) => {
      const index = redirected(path);
      if (index < 0) return;
      lines.push(
        line(
          file,
          n === 0 ? ['meta', 'path'] : ['meta', 'aliases', n - 1],
          `${path} is redirected to ${redirects[index].to} by ${redirectsDoc!.file} (entry ${index}): the build at this entry's publishAt (${when(publishAt!)}) would fail, as a redirect may not hide a live page; give this entry another path, or remove the redirect`,
        ),
      );
    });
  }
  for (const route of (then.routes ?? []).filter((r) => (r.listing?.page ?? 1) > 1)) {
    const index = redirected(route.path);
    if (index >= 0)
      lines.push(
        line(
          redirectsDoc!.file,
          [index, 'from'],
          `${route.path} will be page ${route.listing!.page} of the blog (${placed.get(key(route))!.file}) once the posts scheduled for later are live, and a redirect may not hide a live page: remove the redirect`,
        ),
      );
  }
  return lines;
}
