/** Sitemap lastmod from git: an entry file's last commit date, or nothing outside git or before the first commit. */
import { describe, it, expect, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryFile, gitLastmod } from '../../../src/lib/routes/lastmod';

const root = mkdtempSync(join(tmpdir(), 'lastmod-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function commit(dir: string, date: string, file: string) {
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  execFileSync('git', ['-C', dir, 'add', file], { env });
  execFileSync('git', ['-C', dir, 'commit', '-q', '-m', `edit ${file}`], { env });
}

function contentIn(dir: string) {
  mkdirSync(join(dir, 'content', 'pages'), { recursive: true });
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(join(dir, 'content', 'pages', 'about.yaml'), 'a: 1\n');
  writeFileSync(join(dir, 'content', 'posts', 'hello.md'), '---\n---\n');
  writeFileSync(join(dir, 'content', 'pages', 'new.yml'), 'a: 1\n');
  return join(dir, 'content');
}

describe('lastmod from git', () => {
  it('is the date of the last commit that touched the entry file', () => {
    const repo = join(root, 'repo');
    mkdirSync(repo);
    execFileSync('git', ['-C', repo, 'init', '-q']);
    const content = contentIn(repo);
    commit(repo, '2025-01-01T10:00:00Z', 'content/pages/about.yaml');
    commit(repo, '2025-02-01T10:00:00Z', 'content/posts/hello.md');
    writeFileSync(join(content, 'pages', 'about.yaml'), 'a: 2\n');
    commit(repo, '2025-03-01T10:00:00Z', 'content/pages/about.yaml');
    const lastmod = gitLastmod(content);
    expect(lastmod({ kind: 'page', id: 'about' })?.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(lastmod({ kind: 'post', id: 'hello' })?.toISOString()).toBe('2025-02-01T10:00:00.000Z');
    // Written but never committed: no date.
    expect(lastmod({ kind: 'page', id: 'new' })).toBeUndefined();
    expect(entryFile(content, { kind: 'page', id: 'new' })).toBe(join(content, 'pages', 'new.yml'));
  });

  it('is absent for a file whose last change lies beyond a shallow clone, present for later changes', () => {
    const origin = join(root, 'deep');
    mkdirSync(origin);
    execFileSync('git', ['-C', origin, 'init', '-q']);
    contentIn(origin);
    commit(origin, '2025-01-01T10:00:00Z', 'content/posts/hello.md');
    commit(origin, '2025-02-01T10:00:00Z', 'content/pages/new.yml');
    commit(origin, '2025-03-01T10:00:00Z', 'content/pages/about.yaml');
    const shallow = join(root, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '2', `file://${origin}`, shallow]);
    const lastmod = gitLastmod(join(shallow, 'content'));
    expect(lastmod({ kind: 'page', id: 'about' })?.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    // The clone starts at the 2025-02-01 commit, which then seems to add hello.md (really changed on 2025-01-01).
    expect(lastmod({ kind: 'post', id: 'hello' })).toBeUndefined();
  });

  it('is absent for a copy of content/ outside any git checkout', () => {
    const copy = contentIn(join(root, 'copy'));
    expect(gitLastmod(copy)({ kind: 'page', id: 'about' })).toBeUndefined();
  });
});
