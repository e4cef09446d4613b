/**
 * Every path the site has published keeps answering: what the build does with
 * each path of the history (./history.ts) that no live page serves now.
 *
 * - The entry is still on the site at another path: 301 to its page as it is
 *   now (a chain A → B → C gives A → C and B → C, since each old path names
 *   the entry, not the next path). The links of the site that name the old
 *   path are rendered with the new one (src/lib/content/moved-paths.ts), and the
 *   sitemap lists the new one only (it lists live pages).
 * - A later page of the blog that no longer exists: 301 to the blog.
 * - The entry is gone (deleted, made a draft, left without a page): 410, with
 *   a page that says so and links to its section (the page that lists its kind,
 *   or the nearest page above its path): one gone page per section, so a
 *   hundred removals cost the build a few pages, not a hundred. Unless an
 *   editor names a successor in content/redirects.yaml: then a 301 there.
 * - The entry is scheduled (src/lib/content/publishing.ts): nothing yet, its
 *   page comes back on its day.
 * A live page at a path ends whatever the history says of it: a new entry may
 * take an old path back. The editors' redirects are checked here: a redirect
 * must not hide a live page, must land on one (through other redirects and
 * old paths, collapsed), and must not loop; each problem is one line in the
 * content check's words.
 */
import type { Redirect, Route, RouteSource } from './build';
import { absoluteUrl } from './urls';
import { servedPaths } from './build';
import { readPathHistory, type PathHistory, type PublishedPath } from './history';
import type { Manifest } from './manifest';
import { ROUTED_COLLECTIONS, type RoutedCollection, type RouteKind } from '../content/model';
import { placeholderValues } from '../content/placeholders';
import { buildTime, dueTimes } from '../content/publishing';
import { ContentError } from '../content/validate';
import { line } from '../content/wording';

/** Where the build's gone pages live: a folder no content path can name (site paths have no "_"). */
export const GONE_PREFIX = '/_gone';

/** An old path answered with a 301. */
export interface MovedPath {
  from: string;
  to: string;
  /** Why, for the pre-publish check's list: "content/pages/about.yaml moved to /about-us (a1b2c3d, 2026-12-01)". */
  reason: string;
  /** Named by an editor in content/redirects.yaml (not derived from the history). */
  editor: boolean;
}

/** An old path answered with a 410 and its gone page. */
export interface GonePath {
  path: string;
  /** The gone page the 410 serves: its section's, /_gone/<section path> (/_gone for the home page). */
  page: string;
  kind: RouteKind;
  /** The title it had when it was last published. */
  title: string;
  /** The page its gone page links to. */
  section: { path: string; name: string };
  reason: string;
}

/** A problem in the content check's words: the file, the field, what is wrong and what to do. */
export interface PublishedProblem {
  file: string;
  field: (string | number)[];
  problem: string;
}

export interface Published {
  moved: MovedPath[];
  gone: GonePath[];
  /** Old paths of entries scheduled again (a publishAt in the future on an entry the site published): refused by readPublished. */
  held: { path: string; collection: RoutedCollection; id: string }[];
  problems: PublishedProblem[];
}

type Source = RouteSource;

export interface PublishedInput {
  history: Pick<PathHistory, 'paths'>;
  /** The live routes of the build. */
  routes: readonly Route<Source>[];
  /** content/redirects.yaml, placeholders filled, in file order. */
  redirects: readonly Redirect[];
  /** Entries that exist but are not live yet, by collection and id. */
  scheduled: readonly { collection: RoutedCollection; id: string }[];
  /** The content folder's path in the repository, for file names in lines (content). */
  contentPath?: string;
  /** The live entries with their files, to name a page's file in a line (else its folder and id). */
  entries?: readonly { collection: RoutedCollection; id: string; file: string }[];
}

/** The gone page of a section (the page a gone entry's page links to). */
export const gonePagePath = (sectionPath: string) => (sectionPath === '/' ? GONE_PREFIX : `${GONE_PREFIX}${sectionPath}`);

const short = (ref: { commit: string; time: Date }) => `${ref.commit.slice(0, 7)}, ${ref.time.toISOString().slice(0, 10)}`;

/** The page that stands for the section of a gone entry: the page that lists its kind, else the nearest page above its path, else home. */
function sectionOf(record: PublishedPath, routes: readonly Route<Source>[], byPath: Map<string, Route<Source>>) {
  const named = (route: Route<Source>) => ({ path: route.path, name: route.meta.name });
  const parent = record.parent ? byPath.get(record.parent) : undefined;
  if (parent) return named(parent);
  const lister = routes.find((r) => (r.listing ? r.listing.page === 1 : true) && r.source.lists?.includes(record.kind));
  if (lister) return named(lister);
  const segments = record.path.split('/').filter(Boolean);
  for (let n = segments.length - 1; n > 0; n--) {
    const above = byPath.get(`/${segments.slice(0, n).join('/')}`);
    if (above) return named(above);
  }
  const home = byPath.get('/');
  return home ? named(home) : { path: '/', name: 'Home' };
}

/** What the build answers at each published path no live page serves, and the problems of the editors' redirects. */
export function resolvePublished({
  history,
  routes,
  redirects,
  scheduled,
  contentPath = 'content',
  entries = [],
}: PublishedInput): Published {
  const problems: PublishedProblem[] = [];
  const redirectsFile = `${contentPath}/redirects.yaml`;
  const served = new Map(servedPaths(routes).map((s) => [s.path, s.route]));
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const routeOf = new Map(routes.filter((r) => !r.listing || r.listing.page === 1).map((r) => [`${r.kind} ${r.id}`, r]));
  const waiting = new Set(scheduled.map((s) => `${s.collection} ${s.id}`));
  const fileOf = (route: Route<Source>) => {
    const [collection, { dir }] = Object.entries(ROUTED_COLLECTIONS).find(([, c]) => c.kind === route.kind)!;
    return entries.find((e) => e.collection === collection && e.id === route.id)?.file ?? `${contentPath}/${dir}/${route.id}`;
  };

  // The history's verdict on each old path, before the editors' redirects.
  const derived = new Map<string, { to: string; reason: string } | { gone: PublishedPath } | { held: PublishedPath }>();
  for (const record of history.paths) {
    if (served.has(record.path) || record.path === '/') continue;
    const kind = ROUTED_COLLECTIONS[record.collection].kind;
    // A deleted entry is gone, even if a new file took its name since: the path named that entry.
    const removed = record.until?.why === 'removed';
    const now = removed ? undefined : routeOf.get(`${kind} ${record.id}`);
    if (record.page !== undefined && now?.listing) {
      const page = routes.find((r) => r.kind === now.kind && r.id === now.id && r.listing?.page === record.page) ?? now;
      derived.set(record.path, { to: page.path, reason: `the blog (${record.file}) has ${now.listing.paths.length} page(s) now` });
    } else if (now && record.page === undefined) {
      const when = record.until ? ` (${short(record.until)})` : '';
      derived.set(record.path, { to: now.path, reason: `${record.file} moved from ${record.path} to ${now.path}${when}` });
    } else if (!removed && waiting.has(`${record.collection} ${record.id}`)) {
      derived.set(record.path, { held: record });
    } else derived.set(record.path, { gone: record });
  }

  // The editors' redirects: each must start at a path no live page serves and land on a live page.
  const editorFrom = new Map<string, number>();
  redirects.forEach((redirect, index) => {
    const page = served.get(redirect.from);
    if (page) {
      problems.push({
        file: redirectsFile,
        field: [index, 'from'],
        problem: `${redirect.from} is a live page (${fileOf(page)}), which this redirect would hide: remove the redirect, or give that page another path first`,
      });
    } else if (editorFrom.has(redirect.from)) {
      problems.push({
        file: redirectsFile,
        field: [index, 'from'],
        problem: `${redirect.from} is redirected twice (also entry ${editorFrom.get(redirect.from)}): keep one of the two`,
      });
    } else editorFrom.set(redirect.from, index);
  });
  /**
   * Where a path lands for a visitor: the first path a live page serves (an alias too: where the editor
   * named it), following editors' redirects and old paths; or why not.
   */
  const land = (start: string): { to: string } | { problem: string } => {
    const seen = [start];
    let path = start;
    for (;;) {
      if (served.has(path)) return { to: path };
      const index = editorFrom.get(path);
      const next = index !== undefined ? redirects[index].to : undefined;
      const old = derived.get(path);
      const step = next ?? (old && 'to' in old ? old.to : undefined);
      if (step === undefined) {
        if (old && 'gone' in old) return { problem: `${path} was removed (it answers 410)` };
        if (old && 'held' in old) return { problem: `${path} is scheduled, not live yet` };
        return { problem: `${path} is not a page of the site` };
      }
      if (seen.includes(step)) return { problem: `it loops: ${[...seen, step].join(' → ')}` };
      seen.push(step);
      path = step;
    }
  };

  const moved: MovedPath[] = [];
  const gone: GonePath[] = [];
  const held: Published['held'] = [];
  redirects.forEach((redirect, index) => {
    if (editorFrom.get(redirect.from) !== index) return;
    const landing = land(redirect.to);
    if ('problem' in landing) {
      problems.push({
        file: redirectsFile,
        field: [index, 'to'],
        problem: `${redirect.to}: ${landing.problem}; name the path of a page of the site`,
      });
    } else {
      const via = landing.to === redirect.to ? '' : ` (through ${redirect.to})`;
      moved.push({ from: redirect.from, to: landing.to, reason: `named in ${redirectsFile}${via}`, editor: true });
    }
  });
  for (const [path, verdict] of derived) {
    if (editorFrom.has(path)) continue;
    if ('to' in verdict) moved.push({ from: path, to: verdict.to, reason: verdict.reason, editor: false });
    else if ('held' in verdict) held.push({ path, collection: verdict.held.collection, id: verdict.held.id });
    else {
      const record = verdict.gone;
      const until = record.until ? ` in ${short(record.until)}` : ' since the last commit';
      const why =
        record.until?.why === 'draft'
          ? `made a draft${until}`
          : record.until?.why === 'moved'
            ? `left without a page${until}`
            : `removed${until}`;
      const section = sectionOf(record, routes, byPath);
      gone.push({
        path,
        page: gonePagePath(section.path),
        kind: record.kind,
        title: record.title,
        section,
        reason: `${record.file} (“${record.title}”) ${why}; no successor in ${redirectsFile}`,
      });
    }
  }
  moved.sort((a, b) => (a.from < b.from ? -1 : 1));
  gone.sort((a, b) => (a.path < b.path ? -1 : 1));
  held.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { moved, gone, held, problems };
}

/** Where the CMS links each entry (`preview_path`): /_entry/<folder>/<file name>, which sends the editor to its page. */
export const ENTRY_PREFIX = '/_entry';

/** The link of an entry of collection `collection` whose file is named `id`. */
export const entryLinkPath = (collection: RoutedCollection, id: string) => `${ENTRY_PREFIX}/${collection}/${id}`;

/**
 * Each live entry's link for editors, to its page as it is now (a rename or a placeholder in its path
 * cannot break it); an entry without a page of its own (a product shown as a card) links to the page
 * that lists it.
 */
export function entryLinks(entries: readonly { collection: RoutedCollection; id: string }[], routes: readonly Route<Source>[]) {
  const links: { from: string; to: string }[] = [];
  for (const { collection, id } of entries) {
    const kind = ROUTED_COLLECTIONS[collection].kind;
    const own = routes.find((r) => r.kind === kind && r.id === id && (!r.listing || r.listing.page === 1));
    const lister = own ?? routes.find((r) => (!r.listing || r.listing.page === 1) && r.source.lists?.includes(kind));
    if (lister) links.push({ from: entryLinkPath(collection, id), to: lister.path });
  }
  return links;
}

/** What the build publishes about the paths of earlier builds, read from the content folder and its history. */
export interface PublishedSite extends Published {
  /** Each live entry's link for editors (`preview_path`): /_entry/… to its page. */
  entryLinks: { from: string; to: string }[];
  /** The build's time (BUILD_TIME, else now), also in a preview. */
  builtAt: Date;
  /** When scheduled entries go live: the times the site must be built again, soonest first. */
  due: Date[];
  history: Pick<PathHistory, 'commits' | 'shallow' | 'source' | 'problem'> & { paths: number; milliseconds: number };
}

/**
 * The paths of earlier builds (the git history of `contentDir`, ./history.ts) resolved against the live
 * content of `manifest`: what astro.config.mjs hands the pages and the deploy files, and what the
 * pre-publish check compares. Problems of the editors' redirects throw, in the content check's lines.
 * With `requireHistory` (a production build) so does a history git cannot give in full (no repository,
 * no git, a repository git refuses, no commit of content/, a shallow clone): without it the site would
 * publish no 301 and no 410, silently; the error is the history's one line, what to fix.
 */
export function readPublished(
  manifest: Pick<Manifest, 'routes' | 'redirects' | 'entries' | 'scheduled' | 'site'>,
  contentDir: string,
  env: Record<string, string | undefined> = process.env,
  { requireHistory = false }: { requireHistory?: boolean } = {},
): PublishedSite {
  const started = performance.now();
  const builtAt = buildTime(env);
  const history = readPathHistory(contentDir, { at: builtAt, values: placeholderValues(manifest.site) });
  if (history.problem && requireHistory) throw new Error(history.problem);
  const published = resolvePublished({
    history,
    routes: manifest.routes,
    redirects: manifest.redirects,
    scheduled: manifest.scheduled,
    contentPath: history.contentPath ?? 'content',
    entries: manifest.entries,
  });
  // An entry the site published, scheduled again for later, would leave its address answering 404 until then.
  const rescheduled = published.held.map(({ path, collection, id }) => {
    const entry = manifest.scheduled.find((s) => s.collection === collection && s.id === id);
    return {
      file: entry?.file ?? `${collection}/${id}`,
      field: ['publishAt'],
      problem: `${path} is on the site already; a publishAt after now (${entry?.publishAt.toISOString() ?? '?'}) would take it off until then: leave publishAt empty or set a time already past (to take the page off, delete it or start its file name with _)`,
    };
  });
  const problems = [...published.problems, ...rescheduled];
  if (problems.length > 0) throw new ContentError(problems.map((p) => line(p.file, p.field, p.problem)));
  return {
    ...published,
    entryLinks: entryLinks(manifest.entries, manifest.routes),
    builtAt,
    due: dueTimes(
      manifest.scheduled.map((s) => ({ publishAt: s.publishAt })),
      builtAt,
    ),
    history: {
      commits: history.commits,
      shallow: history.shallow,
      source: history.source,
      ...(history.problem ? { problem: history.problem } : {}),
      paths: history.paths.length,
      milliseconds: performance.now() - started,
    },
  };
}

/** Each moved path's meta-refresh page (for hosts without dist/_redirects): the target's title, name and canonical URL. */
export function redirectPages(moved: readonly { from: string; to: string }[], routes: readonly Route<Source>[], host: string) {
  return moved.map(({ from, to }) => {
    const target = routes.find((r) => r.path === to || r.meta.aliases.includes(to));
    if (!target) throw new Error(`${from} leads to ${to}, which is not a page of the site`);
    return { from, to, title: target.meta.title, name: target.meta.name, canonical: absoluteUrl(host, target.meta.path) };
  });
}
