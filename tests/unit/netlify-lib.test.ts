/** The pieces the netlify.toml gates rely on: Netlify path matching, header merging, inline script detection. */
import { describe, it, expect } from 'vitest';
import { headersFor, htmlCachePatterns, inlineScripts, matchesRule, parseCsp, sha256Source, type HeaderRule } from '../../src/lib/netlify';
import { headerCsp, originOf } from '../../src/lib/security';
import type { Manifest } from '../../src/lib/manifest';

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

  it('gives every folder that holds pages one revalidation rule', () => {
    const route = (path: string, aliases: string[] = []) => ({ path, meta: { path, aliases } });
    const manifest = { routes: [route('/'), route('/about'), route('/services/x', ['/x-alias']), route('/post/a/b')], redirects: [{ from: '/old/y', to: '/about' }] } as unknown as Manifest;
    expect(htmlCachePatterns(manifest)).toEqual(['/', '/:page', '/old/:page', '/post/a/:page', '/services/:page']);
  });
});

describe('inline scripts and the CSP', () => {
  it('hashes executable inline scripts and skips external scripts and data blocks', () => {
    const html = '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"@context":"x"}</script>';
    expect(inlineScripts(html).map((s) => s.content)).toEqual(['a()', 'b()']);
    expect(sha256Source('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('builds a header policy with sorted hashes and no unsafe script source', () => {
    const policy = parseCsp(headerCsp(['sha256-b', 'sha256-a', 'sha256-a']));
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-a'", "'sha256-b'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('takes the origin of the Supabase URL', () => {
    expect(originOf('https://abc.supabase.co/')).toBe('https://abc.supabase.co');
    expect(originOf('your-project')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
