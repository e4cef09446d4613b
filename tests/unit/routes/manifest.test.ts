/** The route manifest read from the files (src/lib/routes/manifest.ts), on the fixture content. */
import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifest, servedPaths } from '../../../src/lib/routes/manifest';
import { ContentError } from '../../../src/lib/content/validate';
import { FIXTURE_CONTENT } from '../../fixtures';

const manifest = readManifest(FIXTURE_CONTENT);

describe('route manifest', () => {
  it('routes every entry with a page: pages, products with meta, services, posts; not a product without meta', () => {
    expect(manifest.routes.map((r) => `${r.kind} ${r.path}`).sort()).toEqual(
      [
        'page /',
        'page /about',
        'page /login',
        'page /news',
        'post /post/first',
        'post /post/second',
        'product /widget',
        'service /services/repair',
      ].sort(),
    );
  });
  it('fills placeholders: branded redirects come from the slug', () => {
    expect(manifest.redirects).toEqual([
      { from: '/old-about', to: '/about' },
      { from: '/acme-widgets', to: '/widget' },
    ]);
  });
  it('marks a page with its own file (layout: custom)', () => {
    expect(manifest.routes.find((r) => r.path === '/login')!.ownFile).toBe(true);
    expect(manifest.routes.find((r) => r.path === '/about')!.ownFile).toBe(false);
  });
  it('serves each alias besides its canonical path', () => {
    expect(
      servedPaths(manifest)
        .filter((s) => s.isAlias)
        .map((s) => [s.path, s.route.path]),
    ).toEqual([['/company', '/about']]);
  });
  it('lists the posts on the blog, newest first, and puts them under it in breadcrumbs', () => {
    const blog = manifest.routes.find((r) => r.listing?.page === 1)!;
    expect(blog.listing!.posts.map((p) => p.path)).toEqual(['/post/second', '/post/first']);
    expect(manifest.routes.find((r) => r.path === '/post/first')!.meta.parent).toBe('/news');
  });
});

describe('two entries with one path', () => {
  const root = mkdtempSync(join(tmpdir(), 'manifest-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  it('is refused in the content check’s words: the second file, its field, the other file, what to do', () => {
    const content = join(root, 'content');
    cpSync(FIXTURE_CONTENT, content, { recursive: true });
    const about = readFileSync(join(content, 'pages', 'about.yaml'), 'utf8');
    writeFileSync(join(content, 'pages', 'team.yaml'), about.replace(/^( {2}path: ).*$/m, '$1/about').replace(/^ {2}aliases:.*$/m, ''));
    let error: unknown;
    try {
      readManifest(content);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual([
      `${join(content, 'pages', 'team.yaml')} › meta.path: /about is also the path of ${join(content, 'pages', 'about.yaml')}: give one of them another path (two pages cannot share an address)`,
    ]);
  });
});
