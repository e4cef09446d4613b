/**
 * The history of content/ as git keeps it, for ./history.ts: the content commits of the production branch
 * (the first-parent chain of HEAD), each with its changes to entry files and content/site.yaml, and the text
 * of every version they name. Three git calls on a full clone (rev-parse, log, cat-file --batch). A blobless
 * clone (`git clone --filter=blob:none`, as a build host may make) holds no old versions and fetches each one
 * git reads, one round trip apiece: here they are listed first and fetched in one batch.
 *
 * When git cannot give the history (no repository: a source archive; no git; a repository git refuses to read;
 * no commit of content/), `HistoryUnreadable` says so in one line, with what to fix.
 */
import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS } from '../content/model';
import { SITE_FILE } from './entry-facts';

/** A commit of the history, where a path began or stopped being an entry's. */
export interface CommitRef {
  commit: string;
  time: Date;
}

/** One change of a commit, from `git log --raw`. */
export interface Change {
  status: string;
  blob: string;
  file: string;
  from?: string;
}

export interface Commit extends CommitRef {
  changes: Change[];
}

export interface ContentLog {
  /** The repository root, and content/ relative to it ('' when content/ is the root). */
  root: string;
  contentPath: string;
  /** The clone is shallow: commits before its oldest are unknown. */
  shallow: boolean;
  /** Oldest first. */
  commits: Commit[];
  /** The text of each version the commits name, by blob id. */
  texts: Map<string, string>;
}

/** Why the history of content/ cannot be read, and what to do about it: one line. */
export class HistoryUnreadable extends Error {}

const CANNOT = 'so the build cannot know the addresses the site has published (no 301, no 410)';

const git = (cwd: string, args: string[], input?: string) =>
  execFileSync('git', ['-C', cwd, '-c', 'core.quotePath=false', ...args], {
    input,
    maxBuffer: 1 << 30,
    // stderr is kept for the error's line, never printed.
    stdio: ['pipe', 'pipe', 'pipe'],
  });

/** The one line of a failed git call: what went wrong, and the command that fixes it. */
function unreadable(error: unknown, contentDir: string): HistoryUnreadable {
  const { code, stderr, message } = error as { code?: string; stderr?: Buffer | string; message?: string };
  const said = String(stderr ?? '').trim();
  if (code === 'ENOENT') return new HistoryUnreadable(`git is not installed (not on PATH), ${CANNOT}: install git`);
  const owner = /dubious ownership in repository at '([^']+)'/.exec(said);
  if (owner)
    return new HistoryUnreadable(
      `git refuses to read the repository at ${owner[1]}, which another user owns ("dubious ownership"), ${CANNOT}: git config --global --add safe.directory ${owner[1]}`,
    );
  if (/not a git repository/i.test(said))
    return new HistoryUnreadable(
      `${contentDir} is in no git repository (a source archive, or a copy of the files), ${CANNOT}: build from a clone of the repository with its full history`,
    );
  if (/ambiguous argument 'HEAD'|unknown revision/.test(said))
    return new HistoryUnreadable(`the repository of ${contentDir} has no commit yet, ${CANNOT}: commit ${contentDir} first`);
  const first = said.split('\n').find((l) => /^(fatal|error):/.test(l)) ?? said.split('\n')[0] ?? message;
  return new HistoryUnreadable(
    `git cannot read the history of ${contentDir} (${first || message}), ${CANNOT}: fix what git says (git log -- ${contentDir} shows it)`,
  );
}

/** The remote a partial clone fetches missing objects from (`remote.<name>.promisor`), or undefined in a full clone. */
function promisorRemote(root: string): string | undefined {
  try {
    const line = git(root, ['config', '--get-regexp', String.raw`^remote\..+\.promisor$`]).toString('utf8');
    return /^remote\.(.+)\.promisor true$/m.exec(line)?.[1];
  } catch {
    return undefined; // no such setting: a full clone
  }
}

const LOG = ['log', '--first-parent', '--diff-merges=first-parent', '--reverse', '--raw', '--no-abbrev'];

/**
 * A partial clone lacks old versions, and git would fetch each as it reads it (rename detection in `git log -M`
 * too): list them from a log without renames (trees only, which the clone has) and fetch them in one go,
 * as git's own on-demand fetch does, but once.
 */
function prefetch(root: string, remote: string, specs: string[]) {
  const text = git(root, [...LOG, '--no-renames', '--format=', 'HEAD', '--', ...specs]).toString('utf8');
  const blobs = new Set<string>();
  for (const line of text.split('\n')) {
    const [, , , blob, status] = line.split('\t')[0].split(' ');
    if (line.startsWith(':') && status !== 'D') blobs.add(blob);
  }
  if (blobs.size === 0) return;
  git(
    root,
    [
      ...['-c', 'fetch.negotiationAlgorithm=noop', 'fetch', remote],
      ...['--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', '--filter=blob:none', '--stdin'],
    ],
    `${[...blobs].join('\n')}\n`,
  );
}

/** The content commits of the first-parent chain of HEAD, oldest first, with their changes to `specs`. */
function readCommits(root: string, specs: string[]): Commit[] {
  const text = git(root, [...LOG, '-M', '--format=%x00%H %ct', 'HEAD', '--', ...specs]).toString('utf8');
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

/** The text of each blob, read in one `git cat-file --batch`; a version git cannot give is an unreadable history. */
function readBlobs(root: string, blobs: string[], contentDir: string): Map<string, string> {
  const texts = new Map<string, string>();
  if (blobs.length === 0) return texts;
  const out = git(root, ['cat-file', '--batch'], `${blobs.join('\n')}\n`);
  const missing: string[] = [];
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(10, at);
    const [sha, type, size] = out.subarray(at, end).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) {
      missing.push(sha);
      at = end + 1;
      continue;
    }
    const bytes = Number(size);
    texts.set(sha, out.subarray(end + 1, end + 1 + bytes).toString('utf8'));
    at = end + 1 + bytes + 1;
  }
  if (missing.length > 0)
    throw new HistoryUnreadable(
      `${missing.length} version(s) of files in ${contentDir} are missing from the repository (${missing[0]}), ${CANNOT}: fetch them (git fetch --refetch) or build from a full clone`,
    );
  return texts;
}

/** The history of the repository holding `contentDir`; throws HistoryUnreadable when git cannot give it. */
export function readContentLog(contentDir: string): ContentLog {
  const dir = resolve(contentDir);
  try {
    // One call: the repository's root, whether the clone is shallow, and that HEAD exists (it fails without a commit).
    const [root, flag] = git(dir, ['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD']).toString('utf8').split('\n');
    const contentPath = relative(root, dir).split('\\').join('/');
    if (contentPath.startsWith('..')) throw unreadable({ stderr: 'not a git repository' }, contentDir);
    const prefix = contentPath ? `${contentPath}/` : '';
    const specs = [...ROUTED_COLLECTION_NAMES.map((c) => `${prefix}${ROUTED_COLLECTIONS[c].dir}/`), `${prefix}${SITE_FILE}`];
    const remote = promisorRemote(root);
    if (remote) prefetch(root, remote, specs);
    const commits = readCommits(root, specs);
    if (commits.length === 0)
      throw new HistoryUnreadable(
        `no commit of the repository at ${root} touches ${contentDir} (not committed yet?), ${CANNOT}: commit it first`,
      );
    const blobs = new Set(commits.flatMap((c) => c.changes.filter((ch) => ch.status !== 'D').map((ch) => ch.blob)));
    return { root, contentPath, shallow: flag === 'true', commits, texts: readBlobs(root, [...blobs], contentDir) };
  } catch (error) {
    throw error instanceof HistoryUnreadable ? error : unreadable(error, contentDir);
  }
}
