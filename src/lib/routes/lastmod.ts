/**
 * Sitemap `lastmod`: the date of the last commit that touched an entry's
 * content file. A file git does not know (not committed yet, or a copy of
 * content/ outside the repository) gets none: the sitemap then says nothing
 * rather than claiming a change on every deploy, as the build time would.
 * Neither does a file whose last change lies beyond the history of a shallow clone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EXTENSIONS } from '../content/files';
import { collectionOf, ROUTED_COLLECTIONS } from '../content/model';
import type { RouteSource } from './build';

/** The content file an entry was read from. */
export function entryFile(contentDir: string, { kind, id }: Pick<RouteSource, 'kind' | 'id'>): string | undefined {
  const { dir, format } = ROUTED_COLLECTIONS[collectionOf(kind)];
  return EXTENSIONS[format].map((ext) => resolve(contentDir, dir, `${id}${ext}`)).find(existsSync);
}

const git = (cwd: string, args: string[]) =>
  execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The commits a shallow clone was cut at (none in a full clone). */
function shallowBoundary(root: string): Set<string> {
  const file = resolve(root, git(root, ['rev-parse', '--git-path', 'shallow']).trim());
  return new Set(existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
}

/** Absolute path -> date of the last commit that touched it, for every tracked file under `dir` (one `git log`). */
export function lastCommitDates(dir: string): Map<string, Date> {
  const dates = new Map<string, Date>();
  let root: string;
  let log: string;
  try {
    root = git(dir, ['rev-parse', '--show-toplevel']).trim();
    // Newest first: the first commit that names a file is its last change.
    log = git(root, ['log', '--format=%x00%H %cI', '--name-only', '--', relative(root, resolve(dir)) || '.']);
  } catch {
    return dates; // not a git checkout (or no git): no dates
  }
  // In a shallow clone the oldest fetched commit seems to add every file it holds: its date says
  // nothing about them, so files first named there get no date.
  const boundary = shallowBoundary(root);
  let date: Date | undefined;
  const seen = new Set<string>();
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) {
      const [hash, iso] = line.slice(1).split(' ');
      date = boundary.has(hash) ? undefined : new Date(iso);
    } else if (line && !seen.has(line)) {
      seen.add(line);
      if (date) dates.set(join(root, line), date);
    }
  }
  return dates;
}

/** The sitemap's lastmod for an entry: its file's last commit, or undefined. */
export function gitLastmod(contentDir: string): (source: Pick<RouteSource, 'kind' | 'id'>) => Date | undefined {
  const dates = lastCommitDates(contentDir);
  return (source) => {
    const file = entryFile(contentDir, source);
    return file ? dates.get(file) : undefined;
  };
}
