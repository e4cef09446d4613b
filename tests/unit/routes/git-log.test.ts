/**
 * Reading the history of content/ from git (src/lib/routes/git-log.ts), on repositories made here: each way
 * git cannot give it (no repository, no git, a repository git refuses, a failing log, no commit of content/)
 * is one line naming the fix; a shallow clone says so; a blobless clone fetches every old version in one batch.
 */
import { describe, it, expect, afterAll, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryUnreadable, readContentLog } from '../../../src/lib/routes/git-log';
import { writeHistory } from '../../support/content-history';

const root = mkdtempSync(join(tmpdir(), 'git-log-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let repos = 0;

const page = (path: string) => `meta:\n  path: ${path}\n  title: Page at ${path}\nsections: []\n`;
/** A repository whose content/pages/x.yaml had three paths in three commits. */
function repository() {
  const repo = join(root, `repo-${++repos}`);
  mkdirSync(repo);
  writeHistory(repo, [
    { time: '2025-01-01T10:00:00Z', files: { 'content/site.yaml': 'site: { slug: acme }\n', 'content/pages/x.yaml': page('/x') } },
    { time: '2025-02-01T10:00:00Z', files: { 'content/pages/x.yaml': page('/y') } },
    { time: '2025-03-01T10:00:00Z', files: { 'content/pages/x.yaml': page('/z'), 'README.md': 'not content\n' } },
  ]);
  return repo;
}

/** The line readContentLog throws for `contentDir`, with `env` set meanwhile. */
function unreadable(contentDir: string, env: Record<string, string> = {}): string {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    readContentLog(contentDir);
  } catch (error) {
    expect(error).toBeInstanceOf(HistoryUnreadable);
    return (error as Error).message;
  } finally {
    vi.unstubAllEnvs();
  }
  throw new Error(`${contentDir}: the history was read`);
}

describe('the content commits', () => {
  it('are the commits of the entry folders and content/site.yaml, oldest first, each version with its text', () => {
    const log = readContentLog(join(repository(), 'content'));
    expect(log).toMatchObject({ contentPath: 'content', shallow: false });
    expect(log.commits.map((c) => c.changes.map((ch) => `${ch.status} ${ch.file}`))).toEqual([
      ['A content/pages/x.yaml', 'A content/site.yaml'],
      ['M content/pages/x.yaml'],
      ['M content/pages/x.yaml'],
    ]);
    expect(log.texts.get(log.commits[1].changes[0].blob)).toBe(page('/y'));
  });
});

describe('a history git cannot give: one line, what to fix', () => {
  it('no repository (a source archive)', () => {
    const plain = join(root, 'archive', 'content');
    mkdirSync(join(plain, 'pages'), { recursive: true });
    expect(unreadable(plain)).toMatch(
      /is in no git repository \(a source archive.*\): build from a clone of the repository with its full history$/,
    );
  });

  it('no git', () => {
    const content = join(repository(), 'content');
    expect(unreadable(content, { PATH: join(root, 'no-bin') })).toMatch(/^git is not installed \(not on PATH\), .*: install git$/);
  });

  it('a repository git refuses to read (another owner: safe.directory)', () => {
    const repo = repository();
    // Git's own switch for its ownership check, as a clone owned by another user would fail.
    expect(unreadable(join(repo, 'content'), { GIT_TEST_ASSUME_DIFFERENT_OWNER: '1' })).toMatch(
      new RegExp(`dubious ownership.*: git config --global --add safe\\.directory ${repo}$`),
    );
  });

  it('a log that fails (a version git cannot find), in git’s words', () => {
    const repo = repository();
    const tree = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD~1^{tree}'], { encoding: 'utf8' }).trim();
    // fast-import writes a history this small as loose objects (fastimport.unpackLimit): lose one.
    unlinkSync(join(repo, '.git', 'objects', tree.slice(0, 2), tree.slice(2)));
    expect(unreadable(join(repo, 'content'))).toMatch(/^git cannot read the history of .*content \(fatal: .*\), .*: fix what git says/);
  });

  it('no commit of content/ (not committed yet), and no commit at all', () => {
    const repo = join(root, `repo-${++repos}`);
    mkdirSync(repo);
    writeHistory(repo, [{ time: '2025-01-01T10:00:00Z', files: { 'README.md': 'no content yet\n' } }]);
    mkdirSync(join(repo, 'content', 'pages'), { recursive: true });
    writeFileSync(join(repo, 'content', 'pages', 'x.yaml'), page('/x'));
    expect(unreadable(join(repo, 'content'))).toMatch(
      /^no commit of the repository at .* touches .*content \(not committed yet\?\), .*: commit it first$/,
    );
    const empty = join(root, `repo-${++repos}`);
    execFileSync('git', ['init', '-q', empty]);
    mkdirSync(join(empty, 'content'));
    expect(unreadable(join(empty, 'content'))).toMatch(/has no commit yet, .*: commit .*content first$/);
  });

  it('a shallow clone is read, and says so', () => {
    const clone = join(root, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repository()}`, clone]);
    const log = readContentLog(join(clone, 'content'));
    expect(log.shallow).toBe(true);
    expect(log.commits).toHaveLength(1);
  });
});

describe('a blobless clone', () => {
  it('fetches the old versions in one batch, and reads what a full clone reads', () => {
    const repo = repository();
    const origin = join(root, 'origin.git');
    execFileSync('git', ['clone', '-q', '--bare', repo, origin]);
    execFileSync('git', ['-C', origin, 'config', 'uploadpack.allowFilter', 'true']);
    const clone = join(root, 'blobless');
    execFileSync('git', ['clone', '-q', '--filter=blob:none', `file://${origin}`, clone]);
    const trace = join(root, 'trace.txt');
    vi.stubEnv('GIT_TRACE', trace);
    const log = readContentLog(join(clone, 'content'));
    vi.unstubAllEnvs();
    const fetches = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => /run_command: .*git-upload-pack/.test(l));
    expect(fetches).toHaveLength(1);
    const full = readContentLog(join(repo, 'content'));
    expect([...log.texts].sort()).toEqual([...full.texts].sort());
    expect(log.commits.map((c) => c.changes)).toEqual(full.commits.map((c) => c.changes));
  });
});
