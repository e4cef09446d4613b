/**
 * Every path the site has published, from the git history of content/ (src/lib/routes/history.ts), on
 * repositories written here: renames and their chains, removals, drafts, scheduled entries (published when
 * their time came between commits, never when it had not), the blog's later pages, the first-parent history
 * of a merged branch, a shallow clone, a folder outside git, and paths filled with content/site.yaml as it was
 * at each commit (a rebrand).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPathHistory, type PublishedPath } from '../../../src/lib/routes/history';
import { writeHistory } from '../../support/content-history';

const root = mkdtempSync(join(tmpdir(), 'history-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const values = { slug: 'acme', brand: 'Acme' };
let repos = 0;

const page = (path: string, extra = '') => `meta:\n  path: ${path}\n  title: Page at ${path}\n${extra}sections: []\n`;
const post = (path: string, extra = '') =>
  `---\nmeta:\n  path: ${path}\n  title: Post at ${path}\npublished: 2025-01-01\n${extra}---\nText.\n`;

/** A repository of `commits` (content/ at its root's content folder), read as of `at`. */
function historyOf(commits: Parameters<typeof writeHistory>[1], at = '2026-01-01T00:00:00Z') {
  const repo = join(root, `repo-${++repos}`);
  mkdirSync(repo);
  writeHistory(repo, commits);
  return readPathHistory(join(repo, 'content'), { at: new Date(at), values });
}

const byPath = (paths: PublishedPath[]) => Object.fromEntries(paths.map((p) => [p.path, p]));

describe('renames and removals', () => {
  it('keeps every path of a chain of renames, each naming the entry where it is now, with the commit it moved in', () => {
    const history = historyOf([
      { time: '2025-01-01T10:00:00Z', files: { 'content/pages/about.yaml': page('/about'), 'content/pages/home.yaml': page('/') } },
      { time: '2025-02-01T10:00:00Z', files: { 'content/pages/about.yaml': page('/about-us') } },
      { time: '2025-03-01T10:00:00Z', files: { 'content/pages/about.yaml': page('/company/about') } },
    ]);
    expect(history.source).toBe('git');
    expect(history.commits).toBe(3);
    expect(history.shallow).toBe(false);
    const paths = byPath(history.paths);
    expect(Object.keys(paths).sort()).toEqual(['/', '/about', '/about-us', '/company/about']);
    for (const old of ['/about', '/about-us'])
      expect(paths[old]).toMatchObject({ file: 'content/pages/about.yaml', collection: 'pages', id: 'about', kind: 'page' });
    expect(paths['/about'].until).toMatchObject({ why: 'moved', time: new Date('2025-02-01T10:00:00Z') });
    expect(paths['/about-us'].until).toMatchObject({ why: 'moved', time: new Date('2025-03-01T10:00:00Z') });
    expect(paths['/company/about'].until).toBeUndefined();
    expect(paths['/about'].title).toBe('Page at /about');
  });

  it('follows a file renamed in git, and records removals and drafts with the commit they happened in', () => {
    const history = historyOf([
      {
        time: '2025-01-01T10:00:00Z',
        files: {
          'content/posts/a.md': post('/post/a'),
          'content/posts/b.md': post('/post/b'),
          'content/posts/c.md': post('/post/c'),
        },
      },
      { time: '2025-02-01T10:00:00Z', renames: { 'content/posts/a.md': 'content/posts/renamed.md' }, files: {} },
      { time: '2025-03-01T10:00:00Z', files: { 'content/posts/b.md': null } },
      { time: '2025-04-01T10:00:00Z', renames: { 'content/posts/c.md': 'content/posts/_c.md' }, files: {} },
    ]);
    const paths = byPath(history.paths);
    expect(paths['/post/a']).toMatchObject({ file: 'content/posts/renamed.md', id: 'renamed' });
    expect(paths['/post/a'].until).toBeUndefined();
    expect(paths['/post/b']).toMatchObject({ file: 'content/posts/b.md', until: { why: 'removed' } });
    expect(paths['/post/c']).toMatchObject({ file: 'content/posts/_c.md', id: '_c', until: { why: 'draft' } });
  });

  it('fills placeholders in paths with the values given, and ignores files that are no entry or have no page', () => {
    const history = historyOf([
      {
        time: '2025-01-01T10:00:00Z',
        files: {
          'content/pages/join.yaml': page('/join-{slug}', '  aliases: [/careers]\n'),
          'content/products/card-only.md': '---\ntitle: Card\n---\n',
          'content/lists/values.yaml': page('/not-an-entry'),
          'content/pages/broken.yaml': 'meta: [\n',
        },
      },
    ]);
    expect(history.paths.map((p) => p.path).sort()).toEqual(['/careers', '/join-acme']);
  });
});

describe('placeholders, as content/site.yaml had them at each commit', () => {
  const site = (slug: string, brand = 'Acme') => `site:\n  brand: ${brand}\n  slug: ${slug}\n`;

  it('keeps the old slug in the paths published before a rebrand, and fills the later ones with the new', () => {
    const history = historyOf([
      {
        time: '2025-01-01T10:00:00Z',
        files: { 'content/site.yaml': site('oldco', 'OldCo'), 'content/pages/join.yaml': page('/join-{slug}') },
      },
      { time: '2025-02-01T10:00:00Z', files: { 'content/posts/a.md': post('/post/{slug}-news') } },
      // The rebrand touches only content/site.yaml (with a field today's schema does not know: its words still count).
      { time: '2025-03-01T10:00:00Z', files: { 'content/site.yaml': `${site('acme')}  retired: yes\n` } },
    ]);
    const paths = byPath(history.paths);
    expect(Object.keys(paths).sort()).toEqual(['/join-acme', '/join-oldco', '/post/acme-news', '/post/oldco-news']);
    expect(history.commits).toBe(3);
    expect(paths['/join-oldco'].until).toMatchObject({ why: 'moved', time: new Date('2025-03-01T10:00:00Z') });
    expect(paths['/post/oldco-news']).toMatchObject({ file: 'content/posts/a.md', until: { why: 'moved' } });
    expect(paths['/join-acme'].until).toBeUndefined();
  });

  it("fills with the build's values before content/site.yaml was ever committed", () => {
    const history = historyOf([{ time: '2025-01-01T10:00:00Z', files: { 'content/pages/join.yaml': page('/join-{slug}') } }]);
    expect(history.paths.map((p) => p.path)).toEqual(['/join-acme']);
  });
});

describe('what counts as published', () => {
  it('never a draft, nor an entry scheduled past the next commit and the build; an entry whose time came between commits, yes', () => {
    const history = historyOf(
      [
        {
          time: '2025-01-01T10:00:00Z',
          files: {
            'content/posts/_draft.md': post('/post/draft'),
            // Due on 2025-01-15, between the commits: published then, by the rebuild its time triggered.
            'content/posts/soon.md': post('/post/soon', 'publishAt: 2025-01-15T09:00:00+01:00\n'),
            // Due after the next commit, which removes it: never published.
            'content/posts/never.md': post('/post/never', 'publishAt: 2025-03-01T09:00:00Z\n'),
            // Due after the build.
            'content/posts/later.md': post('/post/later', 'publishAt: 2026-06-01T09:00:00Z\n'),
            // A publishAt that cannot be read is never live.
            'content/posts/unreadable.md': post('/post/unreadable', 'publishAt: 2025-01-02\n'),
          },
        },
        {
          time: '2025-02-01T10:00:00Z',
          files: {
            'content/posts/soon.md': post('/post/soon-renamed', 'publishAt: 2025-01-15T09:00:00+01:00\n'),
            'content/posts/never.md': null,
          },
        },
      ],
      '2026-01-01T00:00:00Z',
    );
    expect(history.paths.map((p) => p.path).sort()).toEqual(['/post/soon', '/post/soon-renamed']);
  });

  it("judges the last commit's scheduled entries at the build's time: one minute before, not published; one after, published", () => {
    const commits = [
      { time: '2025-01-01T10:00:00Z', files: { 'content/posts/s.md': post('/post/s', 'publishAt: 2025-06-01T09:00:00+02:00\n') } },
    ];
    expect(historyOf(commits, '2025-06-01T06:59:00Z').paths).toEqual([]);
    expect(historyOf(commits, '2025-06-01T07:01:00Z').paths.map((p) => p.path)).toEqual(['/post/s']);
  });

  it("records the blog's later pages for the posts there were", () => {
    const posts = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`content/posts/p${i}.md`, post(`/post/p${i}`)]));
    const history = historyOf([
      { time: '2025-01-01T10:00:00Z', files: { 'content/pages/blog.yaml': page('/blog', 'layout: blog\n'), ...posts } },
      { time: '2025-02-01T10:00:00Z', files: { 'content/posts/p0.md': null } },
    ]);
    expect(byPath(history.paths)['/blog/2']).toMatchObject({ file: 'content/pages/blog.yaml', page: 2 });
    expect(history.paths.filter((p) => p.path.startsWith('/blog/'))).toHaveLength(1);
  });

  it("reads the production branch's first-parent history: a merged branch's own commits were never deployed", () => {
    const repo = join(root, `repo-${++repos}`);
    mkdirSync(repo);
    writeHistory(repo, [{ time: '2025-01-01T10:00:00Z', files: { 'content/pages/x.yaml': page('/x') } }]);
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    };
    const run = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { env, stdio: 'ignore' });
    run('checkout', '-q', '-b', 'cms/pages/x');
    writeFileSync(join(repo, 'content/pages/x.yaml'), page('/x-draft'));
    run('commit', '-q', '-am', 'draft');
    writeFileSync(join(repo, 'content/pages/x.yaml'), page('/x-final'));
    run('commit', '-q', '-am', 'final');
    run('checkout', '-q', 'main');
    run('merge', '-q', '--no-ff', '-m', 'publish', 'cms/pages/x');
    const history = readPathHistory(join(repo, 'content'), { at: new Date(), values });
    expect(history.paths.map((p) => p.path).sort()).toEqual(['/x', '/x-final']);
  });
});

describe('where the record comes from', () => {
  it('is nothing outside git, saying why, and says when a clone is shallow', () => {
    const plain = join(root, 'plain', 'content');
    mkdirSync(join(plain, 'pages'), { recursive: true });
    writeFileSync(join(plain, 'pages', 'x.yaml'), page('/x'));
    // tmpdir() is no repository (every way git cannot give the history: tests/unit/routes/git-log.test.ts).
    expect(readPathHistory(plain, { at: new Date(), values })).toMatchObject({
      source: 'none',
      paths: [],
      commits: 0,
      problem: expect.stringMatching(/is in no git repository/),
    });

    const origin = join(root, `repo-${++repos}`);
    mkdirSync(origin);
    writeHistory(origin, [
      { time: '2025-01-01T10:00:00Z', files: { 'content/pages/x.yaml': page('/x') } },
      { time: '2025-02-01T10:00:00Z', files: { 'content/pages/x.yaml': page('/y') } },
    ]);
    const clone = join(root, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, clone]);
    const shallow = readPathHistory(join(clone, 'content'), { at: new Date(), values });
    expect(shallow).toMatchObject({ source: 'git', shallow: true, commits: 1, problem: expect.stringMatching(/shallow clone/) });
    expect(shallow.paths.map((p) => p.path)).toEqual(['/y']);
  });
});
