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
 * An entry's paths are filled with the placeholder values of content/site.yaml
 * as it was at that commit: after a rebrand (`slug`), the old addresses are the
 * ones really published (/join-corvana), not today's slug put into old paths.
 *
 * Reading git is ./git-log.ts (a few calls, however long the history; when git
 * cannot give it, `problem` says why and what to fix, and a production build
 * stops: ./published.ts); turning a file's version into paths is
 * ./entry-facts.ts. Each version is parsed once (a page's YAML, a markdown
 * file's frontmatter only): well under a second for 1,000 content commits
 * (`npm run bench:published`).
 */
import { basename } from 'node:path';
import { ROUTED_COLLECTIONS, type RouteKind, type RoutedCollection } from '../content/model';
import { listingPagePath, POSTS_PER_PAGE } from './build';
import { entryOf, filledFacts, liveBefore, NO_FACTS, SITE_FILE, siteValuesOf, writtenIn, type Facts, type Written } from './entry-facts';
import { HistoryUnreadable, readContentLog, type Commit, type CommitRef, type ContentLog } from './git-log';

export type { CommitRef } from './git-log';

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
  /** Where the record came from: git, or nothing (`problem` says why). */
  source: 'git' | 'none';
  /** Why the record is missing (no repository, no git, git refusing, no commit) or incomplete (shallow), and what to fix: one line. */
  problem?: string;
  /** The repository root and content/ relative to it (when from git). */
  root?: string;
  contentPath?: string;
}

interface Entry {
  uid: number;
  file: string;
  collection: RoutedCollection;
  /** The version of its file at the commit replayed. */
  blob: string;
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

const SHALLOW =
  'The build runs on a shallow clone of the repository, so it cannot know every address the site has published: fetch the whole history first (git fetch --unshallow, or a full clone in CI); Netlify clones in full.';

/**
 * The paths published by the history of the repository holding `contentDir`, judged up to `at`
 * (the build's time); `values` (those of the site being built) fill placeholders where no
 * version of content/site.yaml says otherwise.
 */
export function readPathHistory(contentDir: string, { at, values }: { at: Date; values: Record<string, string> }): PathHistory {
  let log: ContentLog;
  try {
    log = readContentLog(contentDir);
  } catch (error) {
    if (!(error instanceof HistoryUnreadable)) throw error;
    return { paths: [], commits: 0, shallow: false, source: 'none', problem: error.message };
  }
  const { root, contentPath, shallow, commits, texts } = log;
  const history = replay(commits, texts, { at, values, contentPath });
  return { ...history, shallow, source: 'git', root, contentPath, ...(shallow ? { problem: SHALLOW } : {}) };
}

/** The record from the commits and their files' texts: the pure part of `readPathHistory`. */
export function replay(
  commits: readonly Commit[],
  texts: ReadonlyMap<string, string>,
  { at, values, contentPath }: { at: Date; values: Record<string, string>; contentPath: string },
): Pick<PathHistory, 'paths' | 'commits'> {
  const siteFile = contentPath ? `${contentPath}/${SITE_FILE}` : SITE_FILE;
  /** The placeholder values of content/site.yaml at the commit replayed (as text, to see whether a version changed them). */
  let filled = values;
  let filledKey = JSON.stringify(values);
  const written = new Map<string, Written>();
  const factsFor = (blob: string, collection: RoutedCollection) => {
    const key = `${collection} ${blob}`;
    if (!written.has(key)) {
      const text = texts.get(blob);
      written.set(key, text === undefined ? { blog: false } : writtenIn(text, ROUTED_COLLECTIONS[collection].format === 'markdown'));
    }
    return filledFacts(written.get(key)!, filled);
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
    const site = changes.find((ch) => ch.file === siteFile && ch.status !== 'D');
    const siteValues = site && siteValuesOf(texts.get(site.blob) ?? '', values);
    if (siteValues && JSON.stringify(siteValues) !== filledKey) {
      // New values (a rebrand): every entry's paths are filled again, as this commit's build filled them.
      filled = siteValues;
      filledKey = JSON.stringify(siteValues);
      for (const entry of state.values()) {
        entry.facts = factsFor(entry.blob, entry.collection);
        entry.settled = false;
        changed.add(entry);
      }
    }
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
        entry = {
          uid: ++uids,
          file: change.file,
          collection: target.collection,
          blob: change.blob,
          draft: false,
          facts: NO_FACTS,
          settled: false,
        };
        state.set(change.file, entry);
        byUid.set(entry.uid, entry);
      }
      entry.blob = change.blob;
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
