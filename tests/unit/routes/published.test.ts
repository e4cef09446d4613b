/**
 * What the build answers at each path an earlier build published (src/lib/routes/published.ts), from a
 * history and live routes given here: 301 to where a moved entry is now (chains collapsed), 410 with a
 * section for a gone one, an editor's successor instead, an old path taken back by a new entry, a scheduled
 * entry's old path held, the blog's later pages; the editors' redirects refused in the content check's
 * words when they hide a page, land nowhere or loop; and the entries' links for the CMS.
 */
import { describe, it, expect, afterAll, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRoutes, routeSourceOf, type Redirect } from '../../../src/lib/routes/build';
import type { PublishedPath } from '../../../src/lib/routes/history';
import { entryLinks, ENTRY_PREFIX, gonePagePath, readPublished, resolvePublished } from '../../../src/lib/routes/published';
import { readManifest } from '../../../src/lib/routes/manifest';
import { ContentError } from '../../../src/lib/content/validate';
import { snapshot, writeHistory } from '../../support/content-history';
import { FIXTURE_CONTENT } from '../../fixtures';
import type { RoutedCollection } from '../../../src/lib/content/model';
import { later, meta, posts } from '../../fixtures/route-sources';

const routes = buildRoutes([
  routeSourceOf('page', 'home', { meta: meta('/', { name: 'Home' }) }),
  routeSourceOf('page', 'blog', { meta: meta('/blog', { name: 'Blog' }), listing: { later } }),
  routeSourceOf('page', 'products', { meta: meta('/products', { name: 'Products' }), sections: [{ type: 'product-grid' }] }),
  routeSourceOf('page', 'company', { meta: meta('/company', { name: 'Company' }) }),
  routeSourceOf('page', 'about', { meta: meta('/company/about-us', { name: 'About' }) }),
  routeSourceOf('page', 'contact', { meta: meta('/contact', { name: 'Contact', aliases: ['/talk'] }) }),
  routeSourceOf('product', 'widget', { title: 'Widget', meta: meta('/widget') }),
  ...posts(13),
]);

const KINDS = { pages: 'page', posts: 'post', products: 'product', services: 'service' } as const;
/** A history record: `path` was last published by the entry of `collection`/`id`. */
const was = (path: string, collection: RoutedCollection, id: string, extra: Partial<PublishedPath> = {}): PublishedPath => ({
  path,
  file: `content/${collection}/${id}.${collection === 'pages' ? 'yaml' : 'md'}`,
  collection,
  id,
  kind: KINDS[collection],
  title: `Title of ${path}`,
  ...extra,
});
const resolve = (paths: PublishedPath[], redirects: Redirect[] = [], scheduled: { collection: RoutedCollection; id: string }[] = []) =>
  resolvePublished({ history: { paths }, routes, redirects, scheduled });

const ref = { commit: 'a1b2c3d4e5f6', time: new Date('2025-02-01T10:00:00Z') };

describe('moved entries', () => {
  it('answer 301 to where the entry is now: every old path of a chain straight to the last', () => {
    const { moved, gone, problems } = resolve([
      was('/about', 'pages', 'about', { until: { ...ref, why: 'moved' } }),
      was('/company/about', 'pages', 'about', { until: { ...ref, why: 'moved' } }),
      was('/company/about-us', 'pages', 'about'),
    ]);
    expect(problems).toEqual([]);
    expect(gone).toEqual([]);
    expect(moved.map(({ from, to }) => `${from} → ${to}`)).toEqual(['/about → /company/about-us', '/company/about → /company/about-us']);
    expect(moved[0]).toMatchObject({
      editor: false,
      reason: 'content/pages/about.yaml moved from /about to /company/about-us (a1b2c3d, 2025-02-01)',
    });
  });

  it('end where a live page serves the path: a new entry took it back, or it is an alias now', () => {
    const { moved, gone } = resolve([
      was('/contact', 'pages', 'old-contact', { until: { ...ref, why: 'removed' } }),
      was('/talk', 'posts', 'x'),
    ]);
    expect(moved).toEqual([]);
    expect(gone).toEqual([]);
  });

  it('send a later page of the blog that no longer exists to the blog, and keep one that does', () => {
    const { moved } = resolve([was('/blog/2', 'pages', 'blog', { page: 2 }), was('/blog/3', 'pages', 'blog', { page: 3 })]);
    expect(moved.map(({ from, to }) => `${from} → ${to}`)).toEqual(['/blog/3 → /blog']);
  });
});

describe('gone entries', () => {
  it('answer 410 with a gone page that links to their section: the page listing their kind, the page above, home', () => {
    const { gone, moved } = resolve([
      was('/post/old', 'posts', 'old', { until: { ...ref, why: 'removed' } }),
      was('/gadget', 'products', 'gadget', { until: { ...ref, why: 'removed' } }),
      was('/company/history', 'pages', 'history', { until: { ...ref, why: 'draft' } }),
      was('/team', 'pages', 'team', { parent: '/company' }),
      was('/lonely', 'pages', 'lonely'),
    ]);
    expect(moved).toEqual([]);
    expect(Object.fromEntries(gone.map((g) => [g.path, g.section.path]))).toEqual({
      '/post/old': '/blog',
      '/gadget': '/products',
      '/company/history': '/company',
      '/team': '/company',
      '/lonely': '/',
    });
    const post = gone.find((g) => g.path === '/post/old')!;
    // One gone page per section: the blog's for every gone post, /_gone for the home page's.
    expect(post).toMatchObject({ page: gonePagePath('/blog'), kind: 'post', title: 'Title of /post/old', section: { name: 'Blog' } });
    expect(Object.fromEntries(gone.map((g) => [g.path, g.page]))).toEqual({
      '/post/old': '/_gone/blog',
      '/gadget': '/_gone/products',
      '/company/history': '/_gone/company',
      '/team': '/_gone/company',
      '/lonely': '/_gone',
    });
    expect(post.reason).toBe(
      'content/posts/old.md (“Title of /post/old”) removed in a1b2c3d, 2025-02-01; no successor in content/redirects.yaml',
    );
    expect(gone.find((g) => g.path === '/company/history')!.reason).toMatch(/made a draft in a1b2c3d/);
  });

  it('are gone even when a new file took the deleted one’s name, and never the home page', () => {
    const { gone, moved } = resolve([
      was('/old-widget', 'products', 'widget', { until: { ...ref, why: 'removed' } }),
      was('/', 'pages', 'x'),
    ]);
    expect(moved).toEqual([]);
    expect(gone.map((g) => g.path)).toEqual(['/old-widget']);
  });

  it('answer 301 to the successor an editor names, through old paths and other redirects, collapsed, stopping at the first live page', () => {
    const { moved, gone, problems } = resolve(
      [
        was('/post/old', 'posts', 'old', { until: { ...ref, why: 'removed' } }),
        was('/about', 'pages', 'about', { until: { ...ref, why: 'moved' } }),
      ],
      [
        { from: '/post/old', to: '/about' },
        { from: '/hiring', to: '/talk' },
      ],
    );
    expect(problems).toEqual([]);
    expect(gone).toEqual([]);
    expect(moved.map(({ from, to, editor }) => [from, to, editor])).toEqual([
      ['/about', '/company/about-us', false],
      // /talk is an alias of /contact: a live page, so the editor's redirect lands there.
      ['/hiring', '/talk', true],
      ['/post/old', '/company/about-us', true],
    ]);
    expect(moved.find((m) => m.from === '/post/old')!.reason).toBe('named in content/redirects.yaml (through /about)');
  });

  it('of an entry scheduled again are held (readPublished refuses them: the address would answer 404 until then)', () => {
    const result = resolve([was('/post/again', 'posts', 'again')], [], [{ collection: 'posts', id: 'again' }]);
    expect(result).toMatchObject({ moved: [], gone: [], held: [{ path: '/post/again', collection: 'posts', id: 'again' }] });
  });
});

describe("the editors' redirects", () => {
  it('are refused, in the content check’s words, when they hide a live page, name a path twice, land nowhere or loop', () => {
    const { problems, moved } = resolve(
      [was('/post/old', 'posts', 'old', { until: { ...ref, why: 'removed' } })],
      [
        { from: '/contact', to: '/blog' },
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
        { from: '/c', to: '/nowhere' },
        { from: '/d', to: '/post/old' },
        { from: '/c', to: '/blog' },
      ],
    );
    expect(moved).toEqual([]);
    expect(problems.map((p) => `${p.file} › ${p.field.join('.')}: ${p.problem}`)).toEqual([
      'content/redirects.yaml › 0.from: /contact is a live page (content/pages/contact), which this redirect would hide: remove the redirect, or give that page another path first',
      'content/redirects.yaml › 5.from: /c is redirected twice (also entry 3): keep one of the two',
      'content/redirects.yaml › 1.to: /b: it loops: /b → /a → /b; name the path of a page of the site',
      'content/redirects.yaml › 2.to: /a: it loops: /a → /b → /a; name the path of a page of the site',
      'content/redirects.yaml › 3.to: /nowhere: /nowhere is not a page of the site; name the path of a page of the site',
      'content/redirects.yaml › 4.to: /post/old: /post/old was removed (it answers 410); name the path of a page of the site',
    ]);
  });
});

describe('entry links for the CMS', () => {
  it("lead from /_entry/<folder>/<file> to the entry's page, or to the page that lists it when it has none", () => {
    const links = entryLinks(
      [
        { collection: 'pages', id: 'about' },
        { collection: 'posts', id: 'post-3' },
        { collection: 'products', id: 'card-only' },
        { collection: 'services', id: 'unlisted' },
      ],
      routes,
    );
    expect(links).toEqual([
      { from: `${ENTRY_PREFIX}/pages/about`, to: '/company/about-us' },
      { from: '/_entry/posts/post-3', to: '/post/p3' },
      { from: '/_entry/products/card-only', to: '/products' },
    ]);
  });
});

describe('readPublished, on the fixture content with a past in git', () => {
  const root = mkdtempSync(join(tmpdir(), 'published-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const content = join(root, 'content');
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  const second = join(content, 'posts', 'second.md');
  const text = readFileSync(second, 'utf8');
  writeHistory(root, [{ time: '2025-03-02T10:00:00Z', files: snapshot(root, 'content') }]);
  const env = { BUILD_TIME: '2026-12-01T08:00:00Z' };
  const at = new Date(env.BUILD_TIME);

  it('refuses to take a published entry off the site by scheduling it again, in the content check’s words', () => {
    writeFileSync(second, text.replace('published: 2025-03-02', 'published: 2025-03-02\npublishAt: 2027-01-01T09:00:00Z'));
    let error: unknown;
    try {
      readPublished(readManifest(content, at), content, env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual([
      `${second} › publishAt: /post/second is on the site already; a publishAt after now (2027-01-01T09:00:00.000Z) would take it off until then: leave publishAt empty or set a time already past (to take the page off, delete it or start its file name with _)`,
    ]);
    writeFileSync(second, text);
  });

  it('says when the next scheduled entry is due and when the build ran', () => {
    const scheduled = join(content, 'posts', 'soon.md');
    writeFileSync(
      scheduled,
      text
        .replace('/post/second', '/post/soon')
        .replace('published: 2025-03-02', 'published: 2026-12-02\npublishAt: 2026-12-02T09:00:00+01:00'),
    );
    const published = readPublished(readManifest(content, at), content, env);
    expect(published).toMatchObject({ builtAt: at, due: [new Date('2026-12-02T08:00:00Z')], gone: [] });
    // The fixture's own redirects only: its one commit moved nothing.
    expect(published.moved.every((m) => m.editor)).toBe(true);
    expect(published.history).toMatchObject({ source: 'git', commits: 1, shallow: false });
    rmSync(scheduled);
  });

  /** readPublished of `contentDir` in a production build and in a test build, with `vars` in the environment meanwhile. */
  const both = (contentDir: string, vars: Record<string, string> = {}) => {
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    try {
      const manifest = readManifest(contentDir, at);
      let stopped = '';
      try {
        readPublished(manifest, contentDir, env, { requireHistory: true });
      } catch (error) {
        stopped = (error as Error).message;
      }
      return { stopped, test: readPublished(manifest, contentDir, env).history };
    } finally {
      vi.unstubAllEnvs();
    }
  };

  it('stops a production build that cannot read the history in full, with the line to fix; a test build goes on with it', () => {
    const cases: Record<string, { contentDir: string; vars?: Record<string, string>; fix: RegExp }> = {};
    const clone = join(root, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${root}`, clone]);
    cases.shallow = { contentDir: join(clone, 'content'), fix: /shallow clone.*git fetch --unshallow/ };
    const archive = mkdtempSync(join(tmpdir(), 'archive-'));
    cpSync(content, join(archive, 'content'), { recursive: true });
    cases['no repository'] = {
      contentDir: join(archive, 'content'),
      fix: /no git repository .*: build from a clone of the repository with its full history$/,
    };
    cases['no git'] = { contentDir: content, vars: { PATH: join(root, 'no-bin') }, fix: /^git is not installed .*: install git$/ };
    cases['git refuses'] = {
      contentDir: content,
      vars: { GIT_TEST_ASSUME_DIFFERENT_OWNER: '1' },
      fix: new RegExp(`dubious ownership.*: git config --global --add safe\\.directory ${root}$`),
    };
    const untracked = join(root, 'site-copy');
    cpSync(content, untracked, { recursive: true });
    cases['no commit of content/'] = { contentDir: untracked, fix: /^no commit of the repository .*: commit it first$/ };
    try {
      for (const [name, { contentDir, vars, fix }] of Object.entries(cases)) {
        const { stopped, test } = both(contentDir, vars);
        expect(stopped, name).toMatch(fix);
        expect(stopped, name).toMatch(/no 301, no 410|cannot know every address/);
        expect(test.problem, name).toBe(stopped);
      }
    } finally {
      rmSync(archive, { recursive: true, force: true });
    }
    // The full history: nothing to say.
    expect(both(content)).toEqual({ stopped: '', test: expect.not.objectContaining({ problem: expect.anything() }) });
  });
});

describe('readPublished after a rebrand', () => {
  it('answers the old address, filled with the slug of its day, with a 301 to the page at the new one', () => {
    const root = mkdtempSync(join(tmpdir(), 'rebrand-'));
    try {
      const content = join(root, 'content');
      cpSync(FIXTURE_CONTENT, content, { recursive: true });
      // The careers page's kind of path: /join-{slug}.
      const about = readFileSync(join(content, 'pages', 'about.yaml'), 'utf8');
      writeFileSync(
        join(content, 'pages', 'join.yaml'),
        about.replace('path: /about', 'path: /join-{slug}').replace(/ {2}aliases: .*\n/, ''),
      );
      const site = readFileSync(join(content, 'site.yaml'), 'utf8');
      expect(site).toContain('slug: acme');
      writeHistory(root, [
        {
          time: '2025-01-01T10:00:00Z',
          files: { ...snapshot(root, 'content'), 'content/site.yaml': site.replace('slug: acme', 'slug: oldco') },
        },
        { time: '2025-06-01T10:00:00Z', message: 'rebrand', files: { 'content/site.yaml': site } },
      ]);
      const at = new Date('2026-01-01T00:00:00Z');
      const { moved, gone } = readPublished(readManifest(content, at), content, { BUILD_TIME: at.toISOString() });
      expect(gone).toEqual([]);
      expect(moved.find((m) => m.from === '/join-oldco')).toMatchObject({ to: '/join-acme', editor: false });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
