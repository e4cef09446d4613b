/**
 * netlify.toml: build settings, the redirects of content/redirects.yaml, the
 * security headers and caching rules, and the CSP script hashes of the build.
 * The file is generated (`npm run sync:netlify`); these tests fail when it is
 * stale or when a required header or value is missing.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { readManifest, servedPaths } from '../../src/lib/manifest';
import { buildInlineScripts, headersFor, parseCsp, renderNetlifyToml, type HeaderRule } from '../../src/lib/netlify';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, SUPABASE_HEADER_SOURCE, originOf } from '../../src/lib/security';
import { CONTENT, DIST, distFiles, readDist, readNetlifyToml, requireDist } from '../support/site';

const manifest = readManifest(CONTENT);
const toml = readNetlifyToml();
const rules = (toml.headers ?? []) as HeaderRule[];
const everywhere = headersFor(rules, '/');
const csp = parseCsp(everywhere['Content-Security-Policy'] ?? '');

describe('netlify.toml build settings', () => {
  it('builds with npm run build on Node 24 and publishes dist with pretty URLs', () => {
    const build = toml.build as { command: string; publish: string; environment: Record<string, string>; processing: { html: { pretty_urls: boolean } } };
    expect(build.command).toBe('npm run build');
    expect(build.publish).toBe('dist');
    expect(build.environment.NODE_VERSION).toBe('24');
    expect(build.environment.ASTRO_TELEMETRY_DISABLED).toBe('1');
    // build.format 'file' writes dist/about.html: pretty URLs serve it at /about and send /about/ to /about.
    expect(build.processing.html.pretty_urls).toBe(true);
  });

  it('lists exactly the redirects of content/redirects.yaml, as forced 301s', () => {
    const redirects = (toml.redirects ?? []).map((r) => ({ from: r.from, to: r.to, status: r.status, force: r.force }));
    expect(redirects).toEqual(manifest.redirects.map((r) => ({ ...r, status: 301, force: true })));
  });
});

describe('security headers on every path', () => {
  const samplePaths = ['/', ...manifest.routes.map((r) => r.path), '/_astro/x.js', '/no-such-page'];

  it.each(samplePaths)('%s gets every security header', (path) => {
    const headers = headersFor(rules, path);
    expect(headers['Content-Security-Policy']).toBe(everywhere['Content-Security-Policy']);
    expect(Number(/max-age=(\d+)/.exec(headers['Strict-Transport-Security'] ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/geolocation=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/microphone=\(\)/);
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('has a strict Content-Security-Policy', () => {
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(["'none'", "'self'"]).toContain(csp.get('default-src')?.join(' '));
    expect(csp.get('connect-src')).toEqual(["'self'", SUPABASE_HEADER_SOURCE]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, sources] of csp) {
      expect(sources.filter((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:' && name !== 'img-src'), name).toEqual([]);
    }
  });
});

describe('caching', () => {
  beforeAll(requireDist);

  it('caches the hashed assets in /_astro for a year, immutable, and nothing else there', () => {
    const assets = distFiles('_astro');
    expect(assets.length).toBeGreaterThan(0);
    for (const file of assets) expect(headersFor(rules, `/${file}`)['Cache-Control'], file).toBe(IMMUTABLE_CACHE);
  });

  it('revalidates every page (canonical paths, aliases, redirect sources, the 404 page)', () => {
    const paths = [...servedPaths(manifest).map((s) => s.path), ...manifest.redirects.map((r) => r.from), '/no-such-page', '/404'];
    for (const path of paths) expect(headersFor(rules, path)['Cache-Control'], path).toBe(REVALIDATE_CACHE);
    for (const file of distFiles().filter((f) => f.endsWith('.html'))) {
      expect(headersFor(rules, `/${file}`)['Cache-Control'], file).toBe(REVALIDATE_CACHE);
    }
  });
});

describe('CSP against the build', () => {
  beforeAll(requireDist);

  it('allows every inline script of every page by hash, in the header and in the page <meta>', () => {
    const scripts = buildInlineScripts(DIST);
    expect(scripts.length, 'Astro islands need inline bootstrap scripts').toBeGreaterThan(0);
    const header = new Set(csp.get('script-src'));
    for (const script of scripts) {
      expect(header.has(`'${script.hash}'`), `${script.file}: inline script ${script.content.slice(0, 60)}… not in the netlify.toml CSP; run npm run sync:netlify`).toBe(true);
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(readDist(script.file))?.[1];
      expect(meta, `${script.file} has no CSP <meta> (security.csp in astro.config.mjs)`).toBeTruthy();
      expect(parseCsp(meta!).get('script-src'), `${script.file}: the page's own CSP does not allow its inline script`).toContain(`'${script.hash}'`);
    }
  });

  it('writes a CSP <meta> into every page with hash-only scripts and connect-src limited to the site and Supabase', () => {
    const env = Object.fromEntries(
      readFileSync('.env.test', 'utf8').split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => l.split(/=(.*)/s).slice(0, 2)),
    );
    const allowed = ["'self'", originOf(env.PUBLIC_SUPABASE_URL), originOf(process.env.PUBLIC_SUPABASE_URL)];
    for (const file of distFiles().filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'))) {
      const html = readDist(file);
      if (!/<html/i.test(html)) continue; // meta-refresh redirect stubs
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
      expect(meta, file).toBeTruthy();
      const policy = parseCsp(meta!);
      expect(policy.get('script-src'), file).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src'), file).not.toContain("'unsafe-eval'");
      expect(policy.get('default-src'), file).toEqual(["'none'"]);
      for (const source of policy.get('connect-src') ?? []) expect(allowed, `${file} connect-src`).toContain(source);
    }
  });

  it('inline scripts carry no build-time values, so their hashes are the same in every build mode', () => {
    const env = readFileSync('.env.test', 'utf8');
    const values = [...env.matchAll(/^PUBLIC_[A-Z_]+=(.+)$/gm)].map((m) => m[1].trim());
    expect(values.length).toBeGreaterThan(0);
    for (const script of buildInlineScripts(DIST)) {
      for (const value of values) expect(script.content.includes(value), `${script.file} inlines ${value}`).toBe(false);
    }
  });

  it('netlify.toml is in sync with content/ and the build (else: npm run sync:netlify)', () => {
    const expected = renderNetlifyToml({ manifest, scriptHashes: buildInlineScripts(DIST).map((s) => s.hash) });
    expect(readFileSync('netlify.toml', 'utf8'), 'netlify.toml is stale: run `npm run sync:netlify` and commit it').toBe(expected);
  });
});
