/**
 * Migration names in the order they were written. Supabase's CLI names a migration by the UTC time it
 * was made (`supabase migration new`) and applies them in name order; `supabase db push` refuses (or,
 * with --include-all, applies out of order) a file that sorts before one a database already has. So:
 * - a name is `YYYYMMDDHHMMSS_name.sql`, a real UTC time (the CLI skips any other file with a warning);
 * - a name is no later than the commit that added it (files not committed yet: than now): a name in the
 *   future makes the next `migration new` sort before it;
 * - names are in commit order: a file committed later (or not yet) sorts after every file committed before it.
 *
 * Commit times come from one `git log` of supabase/migrations, renames read as a delete and an add, since
 * the commit that gave a file its name is the one that matters. What it cannot tell: the order in which
 * branches reached main (a commit's time is when it was made, not merged).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const MIGRATIONS_DIR = 'supabase/migrations';

/**
 * How far a name may be ahead of its commit: a committer's clock that drifted (a laptop or VM off NTP, resumed
 * from sleep) or a time rounded up by hand. The names this guards against were 5-12 days ahead.
 */
export const NAME_SLACK_MS = 60 * 60 * 1000;

const NAME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})_[a-z0-9_]+\.sql$/;

export interface MigrationHistory {
  /** The commit time (ms) of the commit that added each file, by file name; a file absent here is not committed. */
  added: Map<string, number>;
  /** Why the commit times cannot be trusted (no git, a shallow clone), when they cannot. */
  unknown?: string;
}

/** The UTC time a migration's name says, or undefined when the name is not `YYYYMMDDHHMMSS_name.sql`. */
export function nameTime(file: string): number | undefined {
  const m = NAME.exec(file);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 20261301 over into January; a real time reads back as written.
  return new Date(time).toISOString().replace(/\D/g, '').slice(0, 14) === file.slice(0, 14) ? time : undefined;
}

/**
 * `git log --format=%ct --name-only` read into each file's earliest adding commit: the log is newest first,
 * so a later line (an older commit) overwrites.
 */
export function parseAddedLog(log: string): Map<string, number> {
  const added = new Map<string, number>();
  let time = 0;
  for (const line of log.split('\n')) {
    if (/^\d+$/.test(line)) time = Number(line) * 1000;
    else if (line.trim()) added.set(line.slice(line.lastIndexOf('/') + 1), time);
  }
  return added;
}

/**
 * The migrations of a checkout and their commit times. Without `rev`, the files on disk (untracked ones
 * included) against HEAD's history; with it, the files of that commit and its history (tests on old commits).
 */
export function readMigrations(root: string, rev?: string): { files: string[]; history: MigrationHistory } {
  const git = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const files = rev
    ? git(['ls-tree', '--name-only', `${rev}:${MIGRATIONS_DIR}`])
        .split('\n')
        .filter(Boolean)
    : readdirSync(join(root, MIGRATIONS_DIR)).filter((name) => !name.startsWith('.'));
  let shallow: string;
  let log: string;
  try {
    shallow = git(['rev-parse', '--is-shallow-repository']).trim();
    log = git(['log', ...(rev ? [rev] : []), '--no-renames', '--diff-filter=A', '--format=%ct', '--name-only', '--', MIGRATIONS_DIR]);
  } catch {
    return { files, history: { added: new Map(), unknown: 'no git history (not a repository, or no commit yet)' } };
  }
  const history: MigrationHistory = { added: parseAddedLog(log) };
  // A shallow clone's oldest commit seems to add every file it holds: those times are not when they were added.
  if (shallow === 'true') history.unknown = 'a shallow clone (git fetch --unshallow reads the rest)';
  return { files, history };
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What is wrong with the names, each with its file and times; `notes` says what could not be checked. */
export function migrationNameProblems(files: string[], history: MigrationHistory, now: number): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  const dated: { file: string; named: number; at: number; committed: boolean }[] = [];
  for (const file of [...files].sort()) {
    const named = nameTime(file);
    if (named === undefined) problems.push(`${MIGRATIONS_DIR}/${file}: not named YYYYMMDDHHMMSS_name.sql (a UTC time, lower-case name)`);
    else dated.push({ file, named, at: history.added.get(file) ?? now, committed: history.added.has(file) });
  }

  // Named later than its commit. Without trustworthy commit times each name is judged against now:
  // a name in the future is wrong whatever the history says.
  if (history.unknown) notes.push(`migration names: ${history.unknown}, so each name was checked against now, not its commit`);
  for (const m of dated) {
    const limit = history.unknown ? now : m.at;
    if (m.named > limit + NAME_SLACK_MS)
      problems.push(
        `${MIGRATIONS_DIR}/${m.file}: named ${utc(m.named)}, after ${history.unknown || !m.committed ? 'now' : 'the commit that added it'} (${utc(limit)}); rename it to a time at or before that, keeping the order`,
      );
  }

  // Commit order: nothing committed later (or not yet) may sort before a file committed earlier.
  for (const m of dated) {
    const before = dated.filter((e) => e.at < m.at && e.file > m.file).at(-1);
    if (before)
      problems.push(
        `${MIGRATIONS_DIR}/${m.file}: ${m.committed ? `committed ${utc(m.at)}` : 'not committed yet'}, but sorts before ${before.file}, committed earlier (${utc(before.at)}); name it after ${before.file.slice(0, 14)}`,
      );
  }
  return { problems, notes };
}
