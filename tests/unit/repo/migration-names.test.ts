/** Migration names in the order they were written (src/lib/repo/migration-names.ts). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MIGRATIONS_DIR,
  migrationNameProblems,
  nameTime,
  parseAddedLog,
  readMigrations,
  type MigrationHistory,
} from '../../../src/lib/repo/migration-names';

const at = (iso: string) => Date.parse(iso);
/** A history as `git log --format=%ct --name-only` prints it, newest first. */
const log = (...commits: [string, ...string[]][]) =>
  commits.map(([iso, ...files]) => `${at(iso) / 1000}\n\n${files.map((f) => `supabase/migrations/${f}`).join('\n')}\n`).join('\n');
const NOW = at('2026-12-03T07:00:00Z');
const check = (files: string[], history: MigrationHistory, now = NOW) => {
  const { problems, notes } = migrationNameProblems(files, history, now);
  // Each problem starts with its file's path; the fixtures' files exist nowhere, so the tests read their names.
  return { problems: problems.map((p) => p.slice(MIGRATIONS_DIR.length + 1)), notes };
};

describe('migration names', () => {
  it('reads a name as the UTC time it says, and refuses names that are no time', () => {
    expect(nameTime('20261203064500_form_hold.sql')).toBe(at('2026-12-03T06:45:00Z'));
    for (const bad of ['20261303064500_x.sql', '2026120306450_x.sql', '20261203064500-x.sql', '20261203064500_Form.sql', 'x.sql'])
      expect(nameTime(bad), bad).toBeUndefined();
    expect(check(['20261203064500-x.sql', 'notes.txt'], { added: new Map() }).problems).toEqual([
      expect.stringContaining('20261203064500-x.sql: not named YYYYMMDDHHMMSS_name.sql'),
      expect.stringContaining('notes.txt: not named'),
    ]);
  });

  it('keeps the earliest commit that added a file (the log is newest first)', () => {
    const added = parseAddedLog(log(['2026-12-02T10:00:00Z', 'b.sql'], ['2026-11-30T10:00:00Z', 'a.sql', 'b.sql']));
    expect(added).toEqual(
      new Map([
        ['a.sql', at('2026-11-30T10:00:00Z')],
        ['b.sql', at('2026-11-30T10:00:00Z')],
      ]),
    );
  });

  it('refuses a name later than the commit that added it, beyond an hour, with the file and both times', () => {
    const added = parseAddedLog(log(['2026-11-29T07:03:00Z', '20261211120000_form_health.sql', '20261129075900_late_by_56_min.sql']));
    const { problems } = check(['20261211120000_form_health.sql', '20261129075900_late_by_56_min.sql'], { added });
    expect(problems).toEqual([
      '20261211120000_form_health.sql: named 2026-12-11 12:00 UTC, after the commit that added it (2026-11-29 07:03 UTC); rename it to a time at or before that, keeping the order',
    ]);
  });

  it("passes today's migrations, committed or not, and judges an uncommitted one against now", () => {
    const added = parseAddedLog(
      log(['2026-12-03T06:20:00Z', '20261203061500_today.sql'], ['2026-12-02T12:59:00Z', '20261128235000_old.sql']),
    );
    const files = ['20261128235000_old.sql', '20261203061500_today.sql', '20261203065800_untracked.sql'];
    expect(check(files, { added }).problems).toEqual([]);
    expect(check([...files, '20261203090000_ahead.sql'], { added }).problems).toEqual([
      expect.stringContaining('20261203090000_ahead.sql: named 2026-12-03 09:00 UTC, after now (2026-12-03 07:00 UTC)'),
    ]);
  });

  it('refuses a file that sorts before one committed earlier, committed or not', () => {
    const added = parseAddedLog(
      log(['2026-12-01T11:00:00Z', '20261201090000_b_written_later.sql'], ['2026-12-01T10:00:00Z', '20261201095000_a.sql']),
    );
    const { problems } = check(['20261201095000_a.sql', '20261201090000_b_written_later.sql', '20261201093000_c_uncommitted.sql'], {
      added,
    });
    expect(problems).toEqual([
      '20261201090000_b_written_later.sql: committed 2026-12-01 11:00 UTC, but sorts before 20261201095000_a.sql, committed earlier (2026-12-01 10:00 UTC); name it after 20261201095000',
      '20261201093000_c_uncommitted.sql: not committed yet, but sorts before 20261201095000_a.sql, committed earlier (2026-12-01 10:00 UTC); name it after 20261201095000',
    ]);
    // Files of one commit may come in any order among themselves.
    expect(
      check(['20261201095000_a.sql', '20261201090000_b.sql'], {
        added: parseAddedLog(log(['2026-12-01T11:00:00Z', '20261201095000_a.sql', '20261201090000_b.sql'])),
      }).problems,
    ).toEqual([]);
  });

  it('without trustworthy commit times says so and judges names against now only', () => {
    const { problems, notes } = check(['20261121105000_a.sql', '20261211120000_b.sql'], { added: new Map(), unknown: 'a shallow clone' });
    expect(notes).toEqual(['migration names: a shallow clone, so each name was checked against now, not its commit']);
    expect(problems).toEqual([expect.stringContaining('20261211120000_b.sql: named 2026-12-11 12:00 UTC, after now')]);
  });
});

describe('migration names read from git', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migration-names-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const git = (cwd: string, args: string[], date?: string) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd,
      env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const repo = join(dir, 'repo');
  const migrations = join(repo, 'supabase/migrations');

  it('reads a rename as the commit that gave the name, and an untracked file as not committed', () => {
    mkdirSync(migrations, { recursive: true });
    git(repo, ['init', '-q']);
    writeFileSync(join(migrations, '20261211120000_ahead.sql'), 'select 1;\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-qm', 'add'], '2026-11-29T07:03:00Z');
    expect(check(readMigrations(repo).files, readMigrations(repo).history).problems).toEqual([
      expect.stringContaining('named 2026-12-11 12:00 UTC, after the commit that added it (2026-11-29 07:03 UTC)'),
    ]);
    renameSync(join(migrations, '20261211120000_ahead.sql'), join(migrations, '20261129070000_ahead.sql'));
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-qm', 'rename'], '2026-12-02T12:59:00Z');
    writeFileSync(join(migrations, '20261203065000_new.sql'), 'select 2;\n');
    const { files, history } = readMigrations(repo);
    expect(history.added.get('20261129070000_ahead.sql')).toBe(at('2026-12-02T12:59:00Z'));
    expect(check(files, history)).toEqual({ problems: [], notes: [] });
  });

  it('says a shallow clone cannot tell when files were added', () => {
    git(dir, ['clone', '-q', '--depth', '1', `file://${repo}`, 'shallow']);
    expect(readMigrations(join(dir, 'shallow')).history.unknown).toMatch(/shallow clone/);
  });
});

// The repository's own history: before the rename (ec36586) the names ran ahead of their commits; after it (cb4119b) none does.
const known = (rev: string) => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-shallow-repository'], { encoding: 'utf8' }).trim() === 'false' &&
      execFileSync('git', ['cat-file', '-t', rev], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'commit'
    );
  } catch {
    return false;
  }
};
describe.skipIf(!known('ec36586') || !known('cb4119b'))("the repository's history", () => {
  it('finds the 15 names ahead of their commits and 3 out of commit order on ec36586, none on cb4119b', () => {
    const before = readMigrations('.', 'ec36586');
    const { problems } = check(before.files, before.history);
    expect(problems.filter((p) => p.includes('after the commit that added it'))).toHaveLength(15);
    expect(problems.filter((p) => p.includes('committed earlier'))).toHaveLength(3);
    const after = readMigrations('.', 'cb4119b');
    expect(check(after.files, after.history)).toEqual({ problems: [], notes: [] });
  });
});
