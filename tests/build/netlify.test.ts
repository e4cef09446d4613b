/**
 * What Netlify gets beyond what the pre-publish check reads (src/lib/deploy/gate/,
 * tests/build/gate.test.ts: each page's CSP header against its scripts, HSTS and
 * nosniff on pages, caching, redirects, the feed's Content-Type): netlify.toml
 * holds only build-independent settings (build command with the check, publish
 * folder, the security headers on every path; the opener policy is per page,
 * in dist/_headers, the resource policy per page and file except the fixed folders:
 * same-origin, and cross-origin on the social cards); the CSP <meta> Astro writes into
 * each page allows its inline scripts and nothing unsafe; inline scripts carry
 * no build-time value.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { headersFor, inlineScripts, matchesRule, parseCsp, parseHeadersFile } from '../../src/lib/deploy/netlify';
import { builtPages, pagePath } from '../../src/lib/deploy/dist-folder';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';
import { DIST, distFiles, readNetlifyToml, requireDist } from '../support/site-under-test';
import { join } from 'node:path';

const toml = readNetlifyToml();
const fixed = toml.headers ?? [];
const metaCsp = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
const builtScripts = () => builtPages(DIST).flatMap((page) => inlineScripts(page.html, page.file));

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

  // A CSP here would give pages a second policy: the pre-publish check refuses that.
  it("holds no redirect: they are the build's dist/_redirects, from content/redirects.yaml", () => {
    expect(toml.redirects).toBeUndefined();
  });

  it('sends the security headers on every path', () => {
    for (const path of ['/', '/about', '/_astro/x.js', '/favicon.svg', '/no-such-page']) {
      const headers = headersFor(fixed, path);
      expect(headers['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['Permissions-Policy'], path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      // Per page, in dist/_headers: a value here would be a second one for /admin.
      expect(headers['Cross-Origin-Opener-Policy'], path).toBeUndefined();
      expect(headers['X-Frame-Options'], path).toBe('DENY');
    }
    // On pages the pre-publish check reads HSTS and nosniff with their values; here they reach the other files too.
    for (const path of ['/_astro/x.js', '/favicon.svg', '/no-such-page']) {
      expect(Object.keys(headersFor(fixed, path)), path).toEqual(
        expect.arrayContaining(['Strict-Transport-Security', 'X-Content-Type-Options']),
      );
    }
  });

  it('serves the social cards cross-origin with a year of cache, and the fixed folders same-origin, each in one rule', () => {
    const card = headersFor(fixed, '/social-cards/services/telecommunications.png');
    expect(card['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    expect(card['Cache-Control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/_astro/x.js', '/pagefind/pagefind.js'])
      expect(headersFor(fixed, path)['Cross-Origin-Resource-Policy'], path).toBe('same-origin');
    // Pages and the other files get theirs from dist/_headers: a value on /* would be a second one (the pre-publish check refuses it).
    for (const path of ['/', '/about', '/favicon.svg'])
      expect(headersFor(fixed, path)['Cross-Origin-Resource-Policy'], path).toBeUndefined();
  });

  it('gives every page one Cross-Origin-Opener-Policy, same-origin, and /admin same-origin-allow-popups, with netlify.toml', () => {
    const published = [...fixed, ...parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'))];
    const pages = distFiles().filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'));
    for (const path of pages.map(pagePath)) {
      const values = published.filter((r) => matchesRule(r.for, path)).flatMap((r) => r.values['Cross-Origin-Opener-Policy'] ?? []);
      expect(values, path).toEqual([path === ADMIN_PATH ? 'same-origin-allow-popups' : 'same-origin']);
    }
  });
});

describe('the CSP <meta> of every page', () => {
  beforeAll(requireDist);

  it('allows each inline script of its page', () => {
    const pages = new Map(builtPages(DIST).map((page) => [page.file, page.html]));
    const scripts = builtScripts();
    expect(scripts.length, 'Astro islands need inline bootstrap scripts').toBeGreaterThan(0);
    for (const script of scripts) {
      const meta = metaCsp(pages.get(script.file)!);
      expect(meta, `${script.file} has no CSP <meta> (security.csp in astro.config.mjs)`).toBeTruthy();
      expect(parseCsp(meta!).get('script-src'), `${script.file}: the page's own CSP does not allow its inline script`).toContain(
        `'${script.hash}'`,
      );
    }
  });

  // Its connect-src is the header's, which the pre-publish check compares.
  it('is hash-only for scripts, default-src none', () => {
    const publicPages = builtPages(DIST).filter((page) => page.path !== ADMIN_PATH);
    expect(publicPages.length).toBeGreaterThan(40);
    for (const { file, html } of publicPages) {
      const meta = metaCsp(html);
      expect(meta, file).toBeTruthy();
      const policy = parseCsp(meta!);
      expect(policy.get('script-src'), file).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src'), file).not.toContain("'unsafe-eval'");
      expect(policy.get('default-src'), file).toEqual(["'none'"]);
    }
  });

  it('inline scripts carry no build-time values, so their hashes are the same in every build mode', () => {
    const values = [...readFileSync('.env.test', 'utf8').matchAll(/^PUBLIC_[A-Z_]+=(.+)$/gm)].map((m) => m[1].trim());
    expect(values.length).toBeGreaterThan(0);
    for (const script of builtScripts()) {
      for (const value of values) expect(script.content.includes(value), `${script.file} inlines ${value}`).toBe(false);
    }
  });
});
