/** The Netlify pieces the deploy files and the check rely on: path matching, header merging, inline script detection, the _headers and _redirects formats. */
import { describe, it, expect } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  headersFor,
  inlineScripts,
  matchesRule,
  pageFile,
  pagePath,
  parseCsp,
  parseHeadersFile,
  parseRedirectsFile,
  publishedHeaderRules,
  renderHeadersFile,
  renderRedirectsFile,
  servedFile,
  sha256Source,
  type HeaderRule,
} from '../../src/lib/deploy/netlify';
import { headerCsp, originOf } from '../../src/lib/deploy/csp';

describe('Netlify path matching', () => {
  it('matches like Netlify: / exactly, * the rest, :name one segment', () => {
    expect(matchesRule('/', '/')).toBe(true);
    expect(matchesRule('/', '/about')).toBe(false);
    expect(matchesRule('/*', '/')).toBe(true);
    expect(matchesRule('/*', '/a/b.js')).toBe(true);
    expect(matchesRule('/_astro/*', '/_astro/x.js')).toBe(true);
    expect(matchesRule('/_astro/*', '/about')).toBe(false);
    expect(matchesRule('/:page', '/about')).toBe(true);
    expect(matchesRule('/:page', '/_astro/x.js')).toBe(false);
    expect(matchesRule('/services/:page', '/services/x')).toBe(true);
    expect(matchesRule('/services/:page', '/services/x/y')).toBe(false);
  });

  it('appends the values of a header that several rules set', () => {
    const rules: HeaderRule[] = [
      { for: '/*', values: { 'Cache-Control': 'a' } },
      { for: '/_astro/*', values: { 'cache-control': 'b', X: '1' } },
    ];
    expect(headersFor(rules, '/_astro/x.js')).toEqual({ 'Cache-Control': 'a, b', X: '1' });
    expect(headersFor(rules, '/about')).toEqual({ 'Cache-Control': 'a' });
  });

  it('maps built files to the paths Netlify serves them at (pretty URLs)', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('about.html')).toBe('/about');
    expect(pagePath('services/x.html')).toBe('/services/x');
    expect(pagePath('post/index.html')).toBe('/post');
    expect(pagePath('404.html')).toBe('/404');
  });

  it('finds the built file of a page path, and the file Netlify answers a request with', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/about')).toBe('about.html');
    expect(pageFile('/services/x')).toBe('services/x.html');
    const dist = mkdtempSync(join(tmpdir(), 'served-file-'));
    try {
      mkdirSync(join(dist, 'services'));
      mkdirSync(join(dist, 'post'));
      for (const file of ['index.html', 'about.html', 'services/x.html', 'post/index.html', 'rss.xml'])
        writeFileSync(join(dist, file), file);
      expect(servedFile(dist, '/')).toBe(join(dist, 'index.html'));
      expect(servedFile(dist, '/about')).toBe(join(dist, 'about.html'));
      expect(servedFile(dist, '/about/')).toBe(join(dist, 'about.html'));
      expect(servedFile(dist, '/services/x')).toBe(join(dist, 'services/x.html'));
      expect(servedFile(dist, '/post')).toBe(join(dist, 'post/index.html'));
      expect(servedFile(dist, '/rss.xml')).toBe(join(dist, 'rss.xml'));
      expect(servedFile(dist, '/services')).toBeUndefined();
      expect(servedFile(dist, '/missing')).toBeUndefined();
      expect(servedFile(dist, '/../../etc/passwd')).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the published header rules', () => {
  it("are netlify.toml's fixed rules, then the build's _headers (none without the file)", () => {
    const toml = '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Frame-Options = "DENY"\n';
    const dist = mkdtempSync(join(tmpdir(), 'published-'));
    try {
      expect(publishedHeaderRules(toml, dist)).toEqual([{ for: '/*', values: { 'X-Frame-Options': 'DENY' } }]);
      writeFileSync(join(dist, '_headers'), '/about\n  Cache-Control: no-cache\n');
      expect(publishedHeaderRules(toml, dist)).toEqual([
        { for: '/*', values: { 'X-Frame-Options': 'DENY' } },
        { for: '/about', values: { 'Cache-Control': 'no-cache' } },
      ]);
      expect(publishedHeaderRules('', dist)).toEqual([{ for: '/about', values: { 'Cache-Control': 'no-cache' } }]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('_headers and _redirects files', () => {
  it('write and read back the same rules, comments skipped', () => {
    const rules: HeaderRule[] = [
      { for: '/', values: { 'Content-Security-Policy': "default-src 'none'; script-src 'self'", 'Cache-Control': 'a, b' } },
      { for: '/about', values: { X: '1' } },
    ];
    const text = renderHeadersFile(rules, ['generated']);
    expect(text.startsWith('# generated\n/\n  Content-Security-Policy: ')).toBe(true);
    expect(parseHeadersFile(text)).toEqual(rules);
    const redirects = [
      { from: '/old', to: '/new', status: 301, force: true },
      { from: '/a', to: '/b', status: 302, force: false },
    ];
    expect(renderRedirectsFile(redirects)).toBe('/old /new 301!\n/a /b 302\n');
    expect(parseRedirectsFile(`# c\n${renderRedirectsFile(redirects)}`)).toEqual(redirects);
  });

  it('refuse a line they cannot read', () => {
    expect(() => parseHeadersFile('  X-Orphan: 1')).toThrow('cannot read');
    expect(() => parseRedirectsFile('/a /b moved')).toThrow('cannot read');
  });
});

describe('inline scripts and the CSP', () => {
  it('hashes executable inline scripts and skips external scripts and data blocks', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"@context":"x"}</script>';
    expect(inlineScripts(html).map((s) => s.content)).toEqual(['a()', 'b()']);
    expect(sha256Source('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('builds a header policy with sorted hashes, the exact Supabase origin and no unsafe script source', () => {
    const policy = parseCsp(headerCsp({ scriptHashes: ['sha256-b', 'sha256-a', 'sha256-a'], supabase: 'https://db.corvana.example' }));
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-a'", "'sha256-b'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://db.corvana.example']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parseCsp(headerCsp({ scriptHashes: [] })).get('connect-src')).toEqual(["'self'"]);
  });

  it('takes the origin of the Supabase URL', () => {
    expect(originOf('https://abc.supabase.co/')).toBe('https://abc.supabase.co');
    expect(originOf('your-project')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
