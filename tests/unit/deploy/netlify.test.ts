/** The Netlify pieces the deploy files and the check rely on: path matching, header merging, inline script detection, the _headers and _redirects formats, the answer to a request under _redirects. */
import { describe, it, expect } from 'vitest';
import {
  headersFor,
  inlineScripts,
  matchesRule,
  netlifyAnswer,
  parseHeadersFile,
  parseRedirectsFile,
  renderHeadersFile,
  renderRedirectsFile,
  sha256Source,
  type HeaderRule,
} from '../../../src/lib/deploy/netlify';
import { servedFile } from '../../../src/lib/deploy/dist-folder';

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

describe('inline scripts', () => {
  it('hashes executable inline scripts and skips external scripts and data blocks', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"@context":"x"}</script>';
    expect(inlineScripts(html).map((s) => s.content)).toEqual(['a()', 'b()']);
    expect(sha256Source('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe("Netlify's answer to a request under dist/_redirects", () => {
  const files = new Set(['index.html', 'about.html', '404.html', '_gone/post/old.html', 'careers.html']);
  const served = (path: string) => servedFile(path, (file) => files.has(file));
  const rules = parseRedirectsFile(
    [
      '/careers /join 301!',
      '/about /about-us 301',
      '/post/old /_gone/post/old 410!',
      '/_entry/pages/about /about 302!',
      '/app /index.html 200',
    ].join('\n'),
  );
  const answer = (path: string) => netlifyAnswer(path, rules, served);

  it('redirects by a forced rule even where a file is, and sends a 410 with the rule’s page', () => {
    expect(answer('/careers')).toEqual({ status: 301, location: '/join' });
    expect(answer('/post/old')).toEqual({ status: 410, file: '_gone/post/old.html' });
    expect(answer('/_entry/pages/about')).toEqual({ status: 302, location: '/about' });
  });

  it('lets a file shadow a rule that is not forced, serves files and pretty URLs, and 404.html with 404 for the rest', () => {
    expect(answer('/about')).toEqual({ status: 200, file: 'about.html' });
    expect(answer('/')).toEqual({ status: 200, file: 'index.html' });
    expect(answer('/app')).toEqual({ status: 200, file: 'index.html' });
    expect(answer('/nothing')).toEqual({ status: 404, file: '404.html' });
  });
});
