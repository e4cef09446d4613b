/**
 * What Netlify gets: netlify.toml holds only build-independent settings
 * (build command with the pre-publish check, publish folder, fixed security
 * headers, caching of /_astro); the build writes each page's CSP into
 * dist/_headers and the redirects into dist/_redirects. The CSP <meta> that
 * Astro writes into each page agrees with the header.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '../../src/lib/routes/manifest';
import { buildInlineScripts, headersFor, parseCsp, parseHeadersFile, parseRedirectsFile } from '../../src/lib/deploy/netlify';
import { ADMIN_PATH, originOf } from '../../src/lib/deploy/csp';
import { CONTENT, DIST, distFiles, readDist, readNetlifyToml, requireDist } from '../support/site';
import { FEED_PATH } from '../../src/lib/seo/feed';
import { SPECULATION_RULES_PATH } from '../../src/lib/routes/speculation';

const manifest = readManifest(CONTENT);
const toml = readNetlifyToml();
const fixed = toml.headers ?? [];
const testEnv = Object.fromEntries(
  readFileSync('.env.test', 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => l.split(/=(.*)/s).slice(0, 2)),
);
const metaCsp = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];

describe('netlify.toml', () => {
  it('builds with npm run build, then the pre-publish check, on Node 24, and publishes dist with pretty URLs', () => {
    const build = toml.build as {
      command: string;
      publish: string;
      environment: Record<string, string>;
      processing: { html: { pretty_urls: boolean } };
    };
    expect(build.command).toBe('npm run build && npm run check:dist');
    expect(build.publish).toBe('dist');
    expect(build.environment.NODE_VERSION).toBe('24');
    expect(build.environment.ASTRO_TELEMETRY_DISABLED).toBe('1');
    expect(build.processing.html.pretty_urls).toBe(true);
  });

  it('holds nothing that depends on the build: no CSP, no script hash, no redirect', () => {
    const text = readFileSync('netlify.toml', 'utf8');
    expect(text).not.toMatch(/sha256-/);
    expect(text).not.toMatch(/^\s*Content-Security-Policy\s*=/m);
    expect(toml.redirects).toBeUndefined();
  });

  it('sends the fixed security headers on every path, HSTS with preload', () => {
    for (const path of ['/', '/about', '/_astro/x.js', '/no-such-page']) {
      const headers = headersFor(fixed, path);
      expect(headers['Strict-Transport-Security'], path).toMatch(/^max-age=(\d{8,}); includeSubDomains; preload$/);
      expect(Number(/max-age=(\d+)/.exec(headers['Strict-Transport-Security'])![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
      expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin');
      expect(headers['X-Frame-Options']).toBe('DENY');
    }
    expect(headersFor(fixed, '/_astro/x.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(fixed, '/about')['Cache-Control']).toBeUndefined();
  });
});

describe('the deploy files of the build', () => {
  beforeAll(requireDist);

  it('_redirects lists exactly content/redirects.yaml as forced 301s', () => {
    const rules = parseRedirectsFile(readFileSync(join(DIST, '_redirects'), 'utf8'));
    expect(rules).toEqual(manifest.redirects.map((r) => ({ ...r, status: 301, force: true })));
  });

  it("_headers gives every page one CSP, pinned to the Supabase origin of the build, with that page's script hashes, and the feed its Content-Type", () => {
    const all = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
    // The feed and the speculation rules get a Content-Type (the rules are checked in tests/unit/deploy-files.test.ts and by the gate).
    const rules = all.filter((rule) => rule.for !== FEED_PATH && rule.for !== SPECULATION_RULES_PATH);
    expect(all.filter((rule) => rule.for === FEED_PATH).map((rule) => rule.values)).toEqual([
      { 'Content-Type': 'application/rss+xml; charset=utf-8' },
    ]);
    const pages = distFiles().filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'));
    expect(rules.length).toBe(pages.length);
    const supabase = originOf(process.env.PUBLIC_SUPABASE_URL) ?? originOf(testEnv.PUBLIC_SUPABASE_URL);
    // /admin (the CMS) has its own policy, checked in tests/build/admin.test.ts.
    for (const rule of rules.filter((r) => r.for !== ADMIN_PATH)) {
      const csp = parseCsp(rule.values['Content-Security-Policy']);
      expect(csp.get('connect-src'), rule.for).toEqual(["'self'", supabase]);
      expect(csp.get('script-src'), rule.for).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src'), rule.for).not.toContain("'unsafe-eval'");
    }
  });
});

describe('the CSP <meta> of every page', () => {
  beforeAll(requireDist);

  it('allows each inline script of its page', () => {
    const scripts = buildInlineScripts(DIST);
    expect(scripts.length, 'Astro islands need inline bootstrap scripts').toBeGreaterThan(0);
    for (const script of scripts) {
      const meta = metaCsp(readDist(script.file));
      expect(meta, `${script.file} has no CSP <meta> (security.csp in astro.config.mjs)`).toBeTruthy();
      expect(parseCsp(meta!).get('script-src'), `${script.file}: the page's own CSP does not allow its inline script`).toContain(
        `'${script.hash}'`,
      );
    }
  });

  it("is hash-only for scripts, default-src none, connect-src limited to the site and the build's Supabase", () => {
    const allowed = ["'self'", originOf(testEnv.PUBLIC_SUPABASE_URL), originOf(process.env.PUBLIC_SUPABASE_URL)];
    const publicPages = distFiles().filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/') && f !== 'admin.html');
    expect(publicPages.length).toBeGreaterThan(40);
    for (const file of publicPages) {
      const meta = metaCsp(readDist(file));
      expect(meta, file).toBeTruthy();
      const policy = parseCsp(meta!);
      expect(policy.get('script-src'), file).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src'), file).not.toContain("'unsafe-eval'");
      expect(policy.get('default-src'), file).toEqual(["'none'"]);
      for (const source of policy.get('connect-src') ?? []) expect(allowed, `${file} connect-src`).toContain(source);
    }
  });

  it('inline scripts carry no build-time values, so their hashes are the same in every build mode', () => {
    const values = [...readFileSync('.env.test', 'utf8').matchAll(/^PUBLIC_[A-Z_]+=(.+)$/gm)].map((m) => m[1].trim());
    expect(values.length).toBeGreaterThan(0);
    for (const script of buildInlineScripts(DIST)) {
      for (const value of values) expect(script.content.includes(value), `${script.file} inlines ${value}`).toBe(false);
    }
  });
});
