/** What the build writes for Netlify: each page's CSP from its own inline scripts, the feed's Content-Type, the speculation rules and the redirects. */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageHeaderRules, redirectRules, writeDeployFiles } from '../../../src/lib/deploy/integration';
import { parseCsp, parseHeadersFile, parseRedirectsFile, sha256Source } from '../../../src/lib/deploy/netlify';
import { ADMIN_PATH, ADMIN_POLICY, PAGE_CACHE } from '../../../src/lib/deploy/csp';
import { FEED_PATH } from '../../../src/lib/seo/feed';
import { speculationRules } from '../../../src/lib/routes/speculation';

const scriptSrc = (rule: { values: Record<string, string> }) => parseCsp(rule.values['Content-Security-Policy']).get('script-src');

describe('page header rules', () => {
  const pages = [
    { file: 'index.html', html: '<html><script>boot()</script><script type="module">island()</script></html>' },
    { file: 'about.html', html: '<html><script src="/_astro/x.js"></script><script type="application/ld+json">{"a":1}</script></html>' },
    { file: 'services/new.html', html: '<html><script>boot()</script><script>brandNew()</script></html>' },
  ];
  const rules = pageHeaderRules(pages, { supabase: 'https://db.acme.example' });

  it('gives a page with a new inline script its hash', () => {
    const rule = rules.find((r) => r.for === '/services/new')!;
    expect(scriptSrc(rule)).toContain(`'${sha256Source('brandNew()')}'`);
    expect(scriptSrc(rule)).toContain(`'${sha256Source('boot()')}'`);
  });

  it('gives a page only the hashes of its own inline scripts, none for data blocks or external scripts', () => {
    expect(scriptSrc(rules.find((r) => r.for === '/')!)).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      ...[sha256Source('boot()'), sha256Source('island()')].sort().map((h) => `'${h}'`),
    ]);
    expect(scriptSrc(rules.find((r) => r.for === '/about')!)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(scriptSrc(rules.find((r) => r.for === '/services/new')!)).not.toContain(`'${sha256Source('island()')}'`);
  });

  it('names each page by its served path once, with the build Supabase origin and revalidation', () => {
    expect(rules.map((r) => r.for)).toEqual(['/', '/about', '/services/new']);
    for (const rule of rules) {
      expect(parseCsp(rule.values['Content-Security-Policy']).get('connect-src')).toEqual(["'self'", 'https://db.acme.example']);
      expect(rule.values['Cache-Control']).toBe(PAGE_CACHE);
    }
  });

  it('gives every page the strict opener policy, and the CMS the one its sign-in popup needs, with its own CSP and no eval', () => {
    const withAdmin = pageHeaderRules(
      [...pages, { file: 'admin.html', html: '<html><script type="module" src="/_astro/a.js"></script></html>' }],
      {},
    );
    const opener = Object.fromEntries(withAdmin.map((r) => [r.for, r.values['Cross-Origin-Opener-Policy']]));
    expect(opener).toEqual({
      '/': 'same-origin',
      '/about': 'same-origin',
      '/services/new': 'same-origin',
      [ADMIN_PATH]: 'same-origin-allow-popups',
    });
    const admin = parseCsp(withAdmin.find((r) => r.for === ADMIN_PATH)!.values['Content-Security-Policy']);
    expect(admin.get('connect-src')).toEqual(["'self'", ...ADMIN_POLICY.directives[0].split(' ').slice(1)]);
    expect(admin.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(parseCsp(withAdmin[0].values['Content-Security-Policy']).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('redirect rules and the files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns content redirects into forced 301s', () => {
    expect(redirectRules([{ from: '/careers', to: '/join-acme' }])).toEqual([
      { from: '/careers', to: '/join-acme', status: 301, force: true },
    ]);
  });

  it('writes _headers for every page of a build folder (not Pagefind) and _redirects', () => {
    writeFileSync(join(dir, 'index.html'), '<script>a()</script>');
    mkdirSync(join(dir, 'post'));
    writeFileSync(join(dir, 'post', 'hello.html'), '<p>no script</p>');
    mkdirSync(join(dir, 'pagefind'));
    writeFileSync(join(dir, 'pagefind', 'x.html'), '<script>ignored()</script>');
    writeDeployFiles(dir, { redirects: [{ from: '/old', to: '/post/hello' }] });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.map((r) => r.for)).toEqual(['/', '/post/hello']);
    expect(scriptSrc(headers[0])).toContain(`'${sha256Source('a()')}'`);
    expect(parseCsp(headers[0].values['Content-Security-Policy']).get('connect-src')).toEqual(["'self'"]);
    expect(parseRedirectsFile(readFileSync(join(dir, '_redirects'), 'utf8'))).toEqual([
      { from: '/old', to: '/post/hello', status: 301, force: true },
    ]);
  });

  it('serves the RSS feed as RSS once the build has one', () => {
    writeFileSync(join(dir, 'rss.xml'), '<rss version="2.0"/>');
    writeDeployFiles(dir, { redirects: [] });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.map((r) => r.for)).toEqual(['/', '/post/hello', FEED_PATH]);
    expect(headers.at(-1)!.values).toEqual({
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });

  it('writes the speculation rules, names them on every page but the CMS, and types them for browsers', () => {
    writeFileSync(join(dir, 'admin.html'), '<p>editor</p>');
    const rules = speculationRules(['/admin', '/login']);
    writeDeployFiles(dir, { redirects: [], speculationRules: rules });
    expect(JSON.parse(readFileSync(join(dir, 'speculation-rules.json'), 'utf8'))).toEqual(rules);
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    const named = Object.fromEntries(headers.map((r) => [r.for, r.values['Speculation-Rules']]));
    expect(named).toEqual({
      '/': '"/speculation-rules.json"',
      '/admin': undefined,
      '/post/hello': '"/speculation-rules.json"',
      [FEED_PATH]: undefined,
      '/speculation-rules.json': undefined,
    });
    expect(headers.find((r) => r.for === '/speculation-rules.json')!.values).toEqual({
      'Content-Type': 'application/speculationrules+json',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });

  it('gives every page and file one resource policy, same-origin, but leaves the folders netlify.toml covers (the cards: cross-origin) to it', () => {
    for (const file of ['_astro/x.js', 'social-cards/about.png', 'favicon.svg', '.well-known/security.txt']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'x');
    }
    writeDeployFiles(dir, { redirects: [] });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    const policy = Object.fromEntries(headers.map((r) => [r.for, r.values['Cross-Origin-Resource-Policy']]));
    expect(policy['/']).toBe('same-origin');
    expect(policy['/favicon.svg']).toBe('same-origin');
    expect(policy['/.well-known/security.txt']).toBe('same-origin');
    expect(Object.keys(policy).filter((path) => /^\/(_astro|social-cards|pagefind)\//.test(path))).toEqual([]);
    // Each path once: Netlify would send two rules' values joined, or either.
    expect(new Set(headers.map((r) => r.for)).size).toBe(headers.length);
  });

  it('writes no rules and names none without them', () => {
    rmSync(join(dir, 'speculation-rules.json'));
    writeDeployFiles(dir, { redirects: [] });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.some((r) => 'Speculation-Rules' in r.values || r.for === '/speculation-rules.json')).toBe(false);
    expect(() => readFileSync(join(dir, 'speculation-rules.json'))).toThrow();
  });
});
