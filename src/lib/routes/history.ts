/**
 * Every path the site has published, read from the git history of content/:
 * the permanent record, in the repository itself, so it needs no network, no
 * build cache and no earlier deploy (a first deploy, an offline build and a
 * build after "Clear cache and deploy" read the same record). Netlify builds
 * from a full clone; a shallow clone is reported (`shallow`), as what lies
 * beyond it is unknown.
 *
 * What counts as published: the history of the production branch as it was
 * deployed (the first-parent chain of HEAD: a merged branch counts from its
 * merge, never its own commits), and at each commit every entry that was on
 * the site while that commit was the newest: not a draft (`_x.md`), with a
 * page (`meta.path`, its aliases; the blog's later pages for the posts there
 * were), and live before the next commit came (src/lib/content/publishing.ts:
 * a post scheduled for a day that came while nothing was committed was
 * published on that day, by the rebuild its time triggered).
 *
 * Cost: one `git log` of the entry folders and one `git cat-file --batch` of
 * the versions it names, each parsed once (a page's YAML, a markdown file's
 * frontmatter only): well under a second for 1,000 content commits
 * (`npm run bench:published`).
 */
import { execFileSync } from 'node:child_process';
import { basename, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { EXTENSIONS, entryId } from '../content/files';
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS, type RouteKind, type RoutedCollection } from '../content/model';
import { fill, unknownPlaceholders } from '../content/placeholders';
import { parseDateTime } from '../content/publishing';
import { listingPagePath, POSTS_PER_PAGE } from './build';

/** A commit of the history, where a path began or stopped being an entry's. */
export interface CommitRef {
  commit: string;
  time: Date;
}

/** A path the site has published, with the entry that last had it. */
export interface PublishedPath {
  path: string;
  /** The entry's file now (renames followed), relative to the repository root: content/posts/x.md. */
  file: string;
  collection: RoutedCollection;
  /** Its entry id now (the file's name; `_x` once it became a draft). */
  id: string;
  kind: RouteKind;
  /** Its title when it was last published at the path. */
  title: string;
  /** A later page of the blog: its number (the blog's own entry is `file`). */
  page?: number;
  /** The path's page when it was last published here, when it named one: its section for a gone page. */
  parent?: string;
  /** When the path stopped being this entry's (moved, removed, made a draft); none while it still is at HEAD. */
  until?: CommitRef & { why: 'moved' | 'removed' | 'draft' };
}

export interface PathHistory {
  /** Every path published, each with its last entry, in the order they were first published. */
  paths: PublishedPath[];
  /** Content commits read. */
  commits: number;
  /** The clone is shallow: paths published before its oldest commit are unknown. */
  shallow: boolean;
  /** Where the record came from: git, or nothing (no git, or content/ outside a repository). */
  source: 'git' | 'none';
  /** The repository root and content/ relative to it (when from git). */
  root?: string;
  contentPath?: string;
}

/** What a version of an entry file says about its pages. */
interface Facts {
  paths: string[];
  title: string;
  parent?: string;
  /** Epoch ms; NaN for a publishAt that cannot be read (such a version never went live). */
  publishAt?: number;
  /** The page that lists the posts (`layout: blog`). */
  blog: boolean;
}

interface Entry {
  uid: number;
  file: string;
  collection: RoutedCollection;
  draft: boolean;
  facts: Facts;
  /** Live with these facts already recorded (or never to be: a draft, no page). */
  settled: boolean;
}

interface Owner {
  uid: number;
  page?: number;
  title: string;
  parent?: string;
  until?: PublishedPath['until'];
}

const SITE_PATH = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;
const NO_FACTS: Facts = { paths: [], title: '', blog: false };

const git = (cwd: string, args: string[], input?: string) =>
  execFileSync('git', ['-C', cwd, '-c', 'core.quotePath=false', ...args], {
    input,
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'ignore'],
  });

/** A path as content writes it, placeholders filled; undefined when it is not a valid site path. */
function sitePathOf(value: unknown, values: Record<string, string>): string | undefined {
  if (typeof value !== 'string' || unknownPlaceholders(value, values).length > 0) return undefined;
  const path = fill(value, values);
  return SITE_PATH.test(path) ? path : undefined;
}

/** The facts of one version of an entry file (a YAML document, or markdown whose frontmatter holds the fields). */
export function factsOf(text: string, markdown: boolean, values: Record<string, string>): Facts {
  let source = text;
  if (markdown) {
    const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!match) return NO_FACTS;
    source = match[1];
  }
  let data: Record<string, unknown>;
  try {
    data = (parseYaml(source) ?? {}) as Record<string, unknown>;
  } catch {
    return NO_FACTS;
  }
  if (typeof data !== 'object' || Array.isArray(data)) return NO_FACTS;
  const meta = (data.meta ?? undefined) as Record<string, unknown> | undefined;
  const path = sitePathOf(meta?.path, values);
  if (!meta || !path) return { ...NO_FACTS, blog: data.layout === 'blog' };
  const aliases = Array.isArray(meta.aliases) ? meta.aliases.map((a) => sitePathOf(a, values)).filter((a) => a !== undefined) : [];
  const title = typeof meta.title === 'string' && unknownPlaceholders(meta.title, values).length === 0 ? fill(meta.title, values) : path;
  const publishAt = data.publishAt === undefined ? undefined : (parseDateTime(data.publishAt)?.getTime() ?? Number.NaN);
  return {
    paths: [...new Set([path, ...aliases])],
    title,
    parent: sitePathOf(meta.parent, values),
    ...(publishAt === undefined ? {} : { publishAt }),
    blog: data.layout === 'blog',
  };
}

/** Whether a version with `facts` was on the site at some moment before `end` (epoch ms). */
const liveBefore = (facts: Facts, end: number) => facts.publishAt === undefined || facts.publishAt < end;

/** The routed collection a repository path belongs to, with its entry id (drafts included), or undefined. */
function entryOf(contentPath: string, file: string): { collection: RoutedCollection; id: string } | undefined {
  for (const collection of ROUTED_COLLECTION_NAMES) {
    const { dir, format } = ROUTED_COLLECTIONS[collection];
    const folder = contentPath ? `${contentPath}/${dir}/` : `${dir}/`;
    if (!file.startsWith(folder) || file.slice(folder.length).includes('/')) continue;
    const name = basename(file);
    if (!EXTENSIONS[format].some((ext) => name.endsWith(ext))) continue;
    return { collection, id: entryId(name) };
  }
  return undefined;
}

/** One change of a commit, from `git log --raw`. */
interface Change {
  status: string;
  blob: string;
  file: string;
  from?: string;
}

interface Commit extends CommitRef {
  changes: Change[];
}

/** The content commits of the first-parent chain of HEAD, oldest first, with their changes to entry files. */
function readCommits(root: string, contentPath: string): Commit[] {
  const specs = ROUTED_COLLECTION_NAMES.map((c) => `${contentPath ? `${contentPath}/` : ''}${ROUTED_COLLECTIONS[c].dir}/`);
  const text = git(root, [
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--reverse',
    '--raw',
    '--no-abbrev',
    '-M',
    '--format=%x00%H %ct',
    'HEAD',
    '--',
    ...specs,
  ]).toString('utf8');
  const commits: Commit[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('\0')) {
      const [commit, seconds] = line.slice(1).split(' ');
      commits.push({ commit, time: new Date(Number(seconds) * 1000), changes: [] });
    } else if (line.startsWith(':') && commits.length > 0) {
      // :100644 100644 <old> <new> M\tpath   or   … R100\told\tnew
      const [head, ...files] = line.split('\t');
      const [, , , blob, status] = head.split(' ');
      const change: Change =
        status.startsWith('R') || status.startsWith('C')
          ? { status: status[0], blob, from: files[0], file: files[1] }
          : { status: status[0], blob, file: files[0] };
      commits.at(-1)!.changes.push(change);
    }
  }
  return commits;
}

/** The text of each blob, read in one `git cat-file --batch`. */
function readBlobs(root: string, blobs: string[]): Map<string, string> {
  const texts = new Map<string, string>();
  if (blobs.length === 0) return texts;
  const out = git(root, ['cat-file', '--batch'], `${blobs.join('\n')}\n`);
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(10, at);
    const [sha, type, size] = out.subarray(at, end).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) {
      at = end + 1;
      continue;
    }
    const bytes = Number(size);
    texts.set(sha, out.subarray(end + 1, end + 1 + bytes).toString('utf8'));
    at = end + 1 + bytes + 1;
  }
  return texts;
}

const EMPTY = (source: PathHistory['source']): PathHistory => ({ paths: [], commits: 0, shallow: false, source });

/**
 * The paths published by the history of the repository holding `contentDir`, judged up to `at`
 * (the build's time), placeholders filled with `values` (those of the site being built).
 */
export function readPathHistory(contentDir: string, { at, values }: { at: Date; values: Record<string, string> }): PathHistory {
  let root: string;
  let shallow: boolean;
  try {
    // One call: the repository's root, whether the clone is shallow, and that HEAD exists (it fails without a commit).
    [root, shallow] = (([top, flag]) => [top, flag === 'true'] as const)(
      git(resolve(contentDir), ['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD']).toString('utf8').split('\n'),
    );
  } catch {
    return EMPTY('none'); // not a git checkout (or no commit yet, or no git)
  }
  const contentPath = relative(root, resolve(contentDir)).split('\\').join('/');
  if (contentPath.startsWith('..')) return EMPTY('none');
  const commits = readCommits(root, contentPath);
  const blobs = new Set(commits.flatMap((c) => c.changes.filter((ch) => ch.status !== 'D').map((ch) => ch.blob)));
  const texts = readBlobs(root, [...blobs]);
  const history = replay(commits, texts, { at, values, contentPath });
  return { ...history, shallow, source: 'git', root, contentPath };
}

/** The record from the commits and their files' texts: the pure part of `readPathHistory`. */
export function replay(
  commits: readonly Commit[],
  texts: ReadonlyMap<string, string>,
  { at, values, contentPath }: { at: Date; values: Record<string, string>; contentPath: string },
): Pick<PathHistory, 'paths' | 'commits'> {
  const factsCache = new Map<string, Facts>();
  const factsFor = (blob: string, collection: RoutedCollection) => {
    const key = `${collection} ${blob}`;
    if (!factsCache.has(key)) {
      const text = texts.get(blob);
      factsCache.set(key, text === undefined ? NO_FACTS : factsOf(text, ROUTED_COLLECTIONS[collection].format === 'markdown', values));
    }
    return factsCache.get(key)!;
  };

  const state = new Map<string, Entry>();
  const byUid = new Map<number, Entry>();
  /** Files of entries since removed, by uid: where a gone path's entry last was. */
  const lastFile = new Map<number, string>();
  const owners = new Map<string, Owner>();
  let uids = 0;

  const record = (path: string, owner: Owner) => {
    const current = owners.get(path);
    if (current && current.uid === owner.uid && current.page === owner.page && !current.until) {
      current.title = owner.title;
      current.parent = owner.parent;
      return;
    }
    owners.set(path, owner);
  };
  /** The entry's published paths that it no longer has stop being its own at `ref`. */
  const release = (entry: Entry, keep: readonly string[], ref: CommitRef, why: 'moved' | 'removed' | 'draft') => {
    for (const [path, owner] of owners) if (owner.uid === entry.uid && !owner.until && !keep.includes(path)) owner.until = { ...ref, why };
  };

  for (let i = 0; i < commits.length; i++) {
    const { commit, time, changes } = commits[i];
    const ref = { commit, time };
    const changed = new Set<Entry>();
    for (const change of changes) {
      if (change.from !== undefined && change.status === 'R') {
        const moving = state.get(change.from);
        const target = entryOf(contentPath, change.file);
        state.delete(change.from);
        if (moving && target) {
          moving.file = change.file;
          moving.collection = target.collection;
          state.set(change.file, moving);
        } else if (moving) {
          release(moving, [], ref, 'removed');
          lastFile.set(moving.uid, change.from);
        }
      }
      const target = entryOf(contentPath, change.file);
      if (!target) continue;
      if (change.status === 'D') {
        const gone = state.get(change.file);
        if (gone) {
          release(gone, [], ref, 'removed');
          lastFile.set(gone.uid, gone.file);
          state.delete(change.file);
        }
        continue;
      }
      let entry = state.get(change.file);
      if (!entry) {
        entry = { uid: ++uids, file: change.file, collection: target.collection, draft: false, facts: NO_FACTS, settled: false };
        state.set(change.file, entry);
        byUid.set(entry.uid, entry);
      }
      entry.facts = factsFor(change.blob, target.collection);
      entry.draft = basename(change.file).startsWith('_');
      entry.settled = false;
      changed.add(entry);
    }

    // The interval this commit was the newest: until the next one, or the build.
    const end = Math.min(i + 1 < commits.length ? commits[i + 1].time.getTime() : at.getTime(), at.getTime());
    for (const entry of changed) {
      if (entry.draft) release(entry, [], ref, 'draft');
      else if (liveBefore(entry.facts, end)) release(entry, entry.facts.paths, ref, 'moved');
    }
    let posts = 0;
    let blog: Entry | undefined;
    for (const entry of state.values()) {
      const live = !entry.draft && entry.facts.paths.length > 0 && liveBefore(entry.facts, end);
      if (live && entry.collection === 'posts') posts++;
      if (live && entry.facts.blog && !blog) blog = entry;
      if (entry.settled) continue;
      if (entry.draft || entry.facts.paths.length === 0) {
        entry.settled = true;
        continue;
      }
      if (!live) continue; // scheduled: looked at again with the next interval
      const { title, parent } = entry.facts;
      for (const path of entry.facts.paths) record(path, { uid: entry.uid, title, parent });
      entry.settled = true;
    }
    if (blog) {
      const pages = Math.max(1, Math.ceil(posts / POSTS_PER_PAGE));
      for (let page = 2; page <= pages; page++)
        record(listingPagePath(blog.facts.paths[0], page), { uid: blog.uid, page, title: blog.facts.title });
    }
  }

  const paths: PublishedPath[] = [];
  for (const [path, owner] of owners) {
    const entry = byUid.get(owner.uid)!;
    const file = state.get(entry.file) === entry ? entry.file : (lastFile.get(owner.uid) ?? entry.file);
    const where = entryOf(contentPath, file)!;
    paths.push({
      path,
      file,
      collection: where.collection,
      id: where.id,
      kind: ROUTED_COLLECTIONS[where.collection].kind,
      title: owner.title,
      ...(owner.page ? { page: owner.page } : {}),
      ...(owner.parent ? { parent: owner.parent } : {}),
      ...(owner.until ? { until: owner.until } : {}),
    });
  }
  return { paths, commits: commits.length };
}
