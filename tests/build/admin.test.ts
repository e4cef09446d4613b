/**
 * The CMS at /admin in the build: kept out of search engines, the sitemap and
 * the site search; Sveltia CMS served from the site itself and loaded by no
 * public page; its own CSP (the public one plus ADMIN_POLICY, no eval) in its
 * <meta> and its dist/_headers rule, and its own opener policy, while every
 * public page keeps the strict ones.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsp, parseHeadersFile } from '../../src/lib/deploy/netlify';
import { ADMIN_PATH, ADMIN_POLICY } from '../../src/lib/deploy/csp';
import { contentModel } from '../../src/lib/content/model';
import { readProductCategories } from '../../src/lib/content/read';
import type { CmsConfig } from '../../src/lib/cms/config';
import { CONTENT, DIST, distFiles, pagefindPages, pagefindPath, readDist, requireDist, sitemapPaths } from '../support/site-under-test';

const metaCsp = (html: string) => parseCsp(/<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '');
const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);

describe('/admin in the build', () => {
  beforeAll(requireDist);
  const html = () => readDist('admin.html');

  it('is noindex, out of the sitemap and out of the search index', () => {
    expect(html()).toMatch(/<meta name="robots" content="noindex, nofollow">/);
    expect(sitemapPaths()).not.toContain(ADMIN_PATH);
    expect(html()).not.toContain('data-pagefind-body');
    const indexed = pagefindPages(DIST).map((p) => pagefindPath(p.url));
    expect(indexed.length).toBeGreaterThan(20);
    expect(indexed).not.toContain(ADMIN_PATH);
    const searchable = distFiles().filter(
      (f) => f.endsWith('.html') && !f.startsWith('pagefind/') && readDist(f).includes('data-pagefind-body'),
    );
    expect(searchable).not.toContain('admin.html');
  });

  it('loads the CMS from this origin, and no public page loads its script', () => {
    const own = scriptsOf(html());
    expect(own.length).toBe(1);
    expect(own[0]).toMatch(/^\/_astro\/admin\./);
    // The entry fetches the configuration and imports the CMS chunk side by side.
    const chunks = [...new Set(readDist(own[0].slice(1)).match(/_astro\/[\w.-]+\.js/g) ?? [])];
    const cms = chunks.filter((chunk) => readDist(chunk).includes('@sveltia/cms'));
    expect(cms.length).toBe(1);
    // Its fonts are bundled too: the CDN copies it asks for first are refused by the policy.
    expect(distFiles().some((f) => /^_astro\/source-sans-3-latin-wght-normal.*\.woff2$/.test(f))).toBe(true);
    for (const file of distFiles().filter((f) => f.endsWith('.html') && f !== 'admin.html' && !f.startsWith('pagefind/'))) {
      const text = readDist(file);
      expect(text.includes('/_astro/admin.'), file).toBe(false);
      for (const chunk of cms) expect(text.includes(chunk), `${file} loads ${chunk}`).toBe(false);
    }
  });

  it('has its own CSP, the same in its <meta> and its header, without eval, and the opener policy of its sign-in popup', () => {
    const rules = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
    const admin = rules.find((r) => r.for === ADMIN_PATH)!;
    const header = parseCsp(admin.values['Content-Security-Policy']);
    const meta = metaCsp(html());
    expect(admin.values['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    // The page has no inline script: its header allows none (Astro's <meta> lists the site's island hashes).
    expect(header.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    for (const csp of [header, meta]) {
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.github.com', 'https://www.githubstatus.com']));
      expect(csp.get('font-src')).toEqual(["'self'"]);
    }
    for (const directive of ADMIN_POLICY.directives) {
      const [name, ...sources] = directive.split(' ');
      for (const source of sources) {
        expect(header.get(name), `${name} ${source} in the header`).toContain(source);
        expect(meta.get(name), `${name} ${source} in the meta`).toContain(source);
      }
      expect(meta.get(name)).toEqual(header.get(name));
    }
    for (const name of ['default-src', 'object-src', 'frame-ancestors']) expect(header.get(name), name).toEqual(["'none'"]);
    for (const rule of rules.filter((r) => r.for !== ADMIN_PATH && r.values['Content-Security-Policy'])) {
      const csp = parseCsp(rule.values['Content-Security-Policy']);
      expect(csp.get('script-src'), rule.for).not.toContain("'unsafe-eval'");
      expect(csp.get('connect-src'), rule.for).not.toContain('https://api.github.com');
      expect(rule.values['Cross-Origin-Opener-Policy'], rule.for).toBe('same-origin');
    }
  });

  it('serves the configuration generated from the schemas of the content it was built from', () => {
    const config = JSON.parse(readDist('admin/config.json')) as CmsConfig;
    const model = contentModel(readProductCategories(CONTENT));
    const names = config.collections.flatMap((c) => [c.name, ...(c.files ?? []).map((f) => f.name)]);
    for (const source of model.filter((s) => s.kind === 'folder' || s.cms)) expect(names, source.name).toContain(source.name);
    const products = config.collections.find((c) => c.name === 'products')!;
    expect(products.fields!.find((f) => f.name === 'category')!.options).toEqual(readProductCategories(CONTENT));
    expect(config.load_config_file).toBe(false);
    expect(config.output).toEqual({ omit_empty_optional_fields: true });
    expect(config.app_title).toBe(/<title>([^<]+)<\/title>/.exec(html())![1]);
    expect(existsSync(join(DIST, config.logo.src))).toBe(true);
  });
});
