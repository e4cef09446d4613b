/**
 * What the build writes for Netlify: each page's CSP from its own inline scripts, the feed's Content-Type, the speculation
 * rules, the redirects of earlier paths (301, 410 with the gone page's headers, the CMS's entry links), dist/publishing.json,
 * and a preview deploy's noindex.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageHeaderRules, writeDeployFiles } from '../../../src/lib/deploy/integration';
import { redirectRules } from '../../../src/lib/deploy/published-files';
import { PREVIEW_ROBOTS } from '../../../src/lib/deploy/preview';
import { headersFor, parseCsp, parseHeadersFile, parseRedirectsFile, sha256Source } from '../../../src/lib/deploy/netlify';
import { ADMIN_PATH, ADMIN_POLICY, PAGE_CACHE, scriptlessMetaCsp } from '../../../src/lib/deploy/csp';
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

const builtAt = new Date('2026-12-01T08:00:00Z');
/** Nothing earlier to answer for, no schedule. */
const none = { published: { moved: [], gone: [], entryLinks: [], builtAt, due: [] } };

describe('redirect rules and the files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers moved paths with forced 301s, gone ones with a forced 410 and their gone page, entry links with 302s', () => {
    expect(
      redirectRules({
        moved: [{ from: '/careers', to: '/join-acme' }],
        gone: [{ path: '/post/old', page: '/_gone/post/old' }],
        entryLinks: [{ from: '/_entry/posts/hello', to: '/post/hello' }],
      }),
    ).toEqual([
      { from: '/careers', to: '/join-acme', status: 301, force: true },
      { from: '/post/old', to: '/_gone/post/old', status: 410, force: true },
      { from: '/_entry/posts/hello', to: '/post/hello', status: 302, force: true },
    ]);
  });

  it('writes _headers for every page of a build folder (not Pagefind), a gone path with its gone page’s, _redirects and publishing.json', () => {
    writeFileSync(join(dir, 'index.html'), '<script>a()</script>');
    mkdirSync(join(dir, 'post'));
    writeFileSync(join(dir, 'post', 'hello.html'), '<p>no script</p>');
    mkdirSync(join(dir, '_gone', 'post'), { recursive: true });
    writeFileSync(join(dir, '_gone', 'post', 'old.html'), '<script>gone()</script>');
    mkdirSync(join(dir, 'pagefind'));
    writeFileSync(join(dir, 'pagefind', 'x.html'), '<script>ignored()</script>');
    writeDeployFiles(dir, {
      redirectPages: [
        { from: '/old', to: '/post/hello', title: 'Hello & welcome', name: 'Hello', canonical: 'https://acme.example/post/hello' },
      ],
      published: {
        moved: [{ from: '/old', to: '/post/hello' }],
        gone: [{ path: '/post/old', page: '/_gone/post/old' }],
        entryLinks: [],
        builtAt,
        due: [new Date('2026-12-02T08:00:00Z')],
      },
    });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.map((r) => r.for)).toEqual(['/_gone/post/old', '/', '/old', '/post/hello', '/post/old', '/publishing.json']);
    // The moved path's page for other hosts: a meta refresh to the page, noindex, its canonical the page's.
    expect(readFileSync(join(dir, 'old.html'), 'utf8')).toBe(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${scriptlessMetaCsp({})}"><title>Hello &amp; welcome</title><meta http-equiv="refresh" content="0; url=/post/hello"><meta name="robots" content="noindex"><link rel="canonical" href="https://acme.example/post/hello"></head><body><a href="/post/hello">Hello</a></body></html>\n`,
    );
    const home = headers.find((r) => r.for === '/')!;
    expect(scriptSrc(home)).toContain(`'${sha256Source('a()')}'`);
    expect(parseCsp(home.values['Content-Security-Policy']).get('connect-src')).toEqual(["'self'"]);
    // A request for the gone path gets the policy of the page Netlify sends for it.
    expect(headersFor(headers, '/post/old')).toEqual(headersFor(headers, '/_gone/post/old'));
    expect(scriptSrc(headers.find((r) => r.for === '/post/old')!)).toContain(`'${sha256Source('gone()')}'`);
    expect(parseRedirectsFile(readFileSync(join(dir, '_redirects'), 'utf8'))).toEqual([
      { from: '/old', to: '/post/hello', status: 301, force: true },
      { from: '/post/old', to: '/_gone/post/old', status: 410, force: true },
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'publishing.json'), 'utf8'))).toEqual({
      builtAt: '2026-12-01T08:00:00.000Z',
      due: ['2026-12-02T08:00:00.000Z'],
      securityTxtExpires: '2027-11-26T08:00:00.000Z',
      renewBy: '2027-10-27T08:00:00.000Z',
    });
    rmSync(join(dir, '_gone'), { recursive: true });
    rmSync(join(dir, 'old.html'));
  });

  it('marks a preview deploy noindex, by a robots meta on every page and one X-Robots-Tag rule; the live site by neither', () => {
    writeFileSync(join(dir, 'index.html'), '<html><head><meta charset="utf-8"><title>Home</title></head><script>a()</script></html>');
    writeFileSync(
      join(dir, 'post', 'hello.html'),
      '<html><head><meta charset="utf-8" /><meta name="robots" content="noindex"></head></html>',
    );
    writeDeployFiles(dir, none);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('robots');
    expect(headersFor(parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8')), '/')['X-Robots-Tag']).toBeUndefined();
    writeDeployFiles(dir, { ...none, preview: true });
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    for (const path of ['/', '/post/hello', '/anything']) expect(headersFor(headers, path)['X-Robots-Tag']).toBe(PREVIEW_ROBOTS);
    const home = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(home).toContain(`<meta charset="utf-8"><meta name="robots" content="${PREVIEW_ROBOTS}"><title>`);
    expect(readFileSync(join(dir, 'post', 'hello.html'), 'utf8').match(/name="robots"/g)).toHaveLength(1);
    // The meta changes no script: the page's CSP hashes are the same.
    expect(scriptSrc(headers.find((r) => r.for === '/')!)).toContain(`'${sha256Source('a()')}'`);
    writeFileSync(join(dir, 'index.html'), '<script>a()</script>');
    writeFileSync(join(dir, 'post', 'hello.html'), '<p>no script</p>');
  });

  it('serves the RSS feed as RSS once the build has one', () => {
    writeFileSync(join(dir, 'rss.xml'), '<rss version="2.0"/>');
    writeDeployFiles(dir, none);
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.map((r) => r.for)).toEqual(['/', '/post/hello', FEED_PATH, '/publishing.json']);
    expect(headers.find((r) => r.for === FEED_PATH)!.values).toEqual({
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });

  it('writes the speculation rules, names them on every page but the CMS, and types them for browsers', () => {
    writeFileSync(join(dir, 'admin.html'), '<p>editor</p>');
    const rules = speculationRules(['/admin', '/login']);
    writeDeployFiles(dir, { ...none, speculationRules: rules });
    expect(JSON.parse(readFileSync(join(dir, 'speculation-rules.json'), 'utf8'))).toEqual(rules);
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    const named = Object.fromEntries(headers.map((r) => [r.for, r.values['Speculation-Rules']]));
    expect(named).toEqual({
      '/': '"/speculation-rules.json"',
      '/admin': undefined,
      '/post/hello': '"/speculation-rules.json"',
      '/publishing.json': undefined,
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
    writeDeployFiles(dir, none);
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
    writeDeployFiles(dir, none);
    const headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
    expect(headers.some((r) => 'Speculation-Rules' in r.values || r.for === '/speculation-rules.json')).toBe(false);
    expect(() => readFileSync(join(dir, 'speculation-rules.json'))).toThrow();
  });
});
