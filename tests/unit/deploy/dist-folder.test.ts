/** Reading a build folder: its pages and the paths they answer, the file a request path is served from, the sitemap, the header rules. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  builtPages,
  distFiles,
  headerRules,
  htmlFiles,
  pageFile,
  pagePath,
  servedFile,
  sitemapPaths,
  sitemapUrls,
} from '../../../src/lib/deploy/dist-folder';

const dist = mkdtempSync(join(tmpdir(), 'dist-folder-'));
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), text);
};

beforeAll(() => {
  write('index.html', '<h1>Home</h1>');
  write('about.html', '<h1>About</h1>');
  write('services/managed.html', '<h1>Managed</h1>');
  write('404.html', '<h1>Not found</h1>');
  write('pagefind/fragment.html', 'not a page');
  write('_astro/island.js', 'export {}');
  write('favicon.svg', '<svg/>');
  write('sitemap-index.xml', '<sitemapindex><sitemap><loc>https://x.example/sitemap-0.xml</loc></sitemap></sitemapindex>');
  write(
    'sitemap-0.xml',
    '<urlset><url><loc>https://x.example/</loc></url><url><loc>https://x.example/about</loc></url><url><loc>https://x.example/about</loc></url></urlset>',
  );
  write('_headers', "# generated\n/about\n  Content-Security-Policy: default-src 'none'\n");
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('pages and paths', () => {
  it('maps built files to the paths Netlify serves them at (pretty URLs), and back', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('about.html')).toBe('/about');
    expect(pagePath('services/x.html')).toBe('/services/x');
    expect(pagePath('post/index.html')).toBe('/post');
    expect(pagePath('404.html')).toBe('/404');
    for (const path of ['/', '/about', '/services/x', '/404']) expect(pagePath(pageFile(path))).toBe(path);
    expect(pageFile('/services/x')).toBe('services/x.html');
  });

  it('lists every file, and as pages the HTML outside Pagefind and /_astro', () => {
    expect(distFiles(dist)).toEqual(expect.arrayContaining(['_astro/island.js', 'pagefind/fragment.html', 'services/managed.html']));
    expect(htmlFiles(dist)).toEqual(['404.html', 'about.html', 'index.html', 'services/managed.html']);
    expect(builtPages(dist).map((p) => [p.path, p.html])).toEqual([
      ['/404', '<h1>Not found</h1>'],
      ['/about', '<h1>About</h1>'],
      ['/', '<h1>Home</h1>'],
      ['/services/managed', '<h1>Managed</h1>'],
    ]);
  });

  it('serves a request path from its file or its page, never a path ending in "/" or climbing out', () => {
    const files = new Set(distFiles(dist));
    const served = (path: string) => servedFile(path, (file) => files.has(file));
    expect(served('/')).toBe('index.html');
    expect(served('/about')).toBe('about.html');
    expect(served('/services/managed')).toBe('services/managed.html');
    expect(served('/favicon.svg')).toBe('favicon.svg');
    expect(served('/_astro/island.js')).toBe('_astro/island.js');
    expect(served('/about/')).toBeUndefined();
    expect(served('/missing')).toBeUndefined();
    expect(served('/../secrets.txt')).toBeUndefined();
    expect(served('/_astro/../about.html')).toBeUndefined();
  });
});

describe('sitemap and headers', () => {
  it('reads the sitemap through its index, each URL once', () => {
    expect(sitemapUrls(dist)).toEqual(['https://x.example/', 'https://x.example/about']);
    expect(sitemapPaths(dist)).toEqual(['/', '/about']);
    expect(() => sitemapUrls(join(dist, 'services'))).toThrow(/sitemap-index\.xml is missing/);
  });

  it("applies netlify.toml's rules and the build's _headers, or the first alone without that file", () => {
    const toml = '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Frame-Options = "DENY"\n';
    expect(headerRules(dist, toml)).toEqual([
      { for: '/*', values: { 'X-Frame-Options': 'DENY' } },
      { for: '/about', values: { 'Content-Security-Policy': "default-src 'none'" } },
    ]);
    expect(headerRules(join(dist, 'services'), toml)).toHaveLength(1);
  });
});
