/**
 * The pre-publish check (scripts/check-dist.mjs, src/lib/deploy/gate/check-dist.ts), the
 * one check of what it checks: the real build passes, and a copy of it broken
 * in one way per rule fails with the page and the rule named, through the same
 * command Netlify runs. The build and browser tests leave these rules to it.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDist, type Problem } from '../../src/lib/deploy/gate/check-dist';
import { BUDGETS, pageWeight } from '../../src/lib/deploy/gate/budgets';
import { originOf } from '../../src/lib/deploy/csp';
import { markPreview, PREVIEW_ROBOTS } from '../../src/lib/deploy/preview';
import { renderHeadersFile } from '../../src/lib/deploy/netlify';
import { builtPages } from '../../src/lib/deploy/dist-folder';
import { CONTENT, DIST, requireDist, sitePages } from '../support/site-under-test';

const BROKEN = '.tmp/gate-dist';
const netlifyToml = readFileSync('netlify.toml', 'utf8');
/** The Supabase origin the test build was made with (.env.test, unless the environment set one). */
const testSupabase =
  originOf(process.env.PUBLIC_SUPABASE_URL) ?? originOf(/^PUBLIC_SUPABASE_URL=(.+)$/m.exec(readFileSync('.env.test', 'utf8'))?.[1]);

function edit(file: string, change: (text: string) => string) {
  const path = join(BROKEN, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the fixture edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

describe('the pre-publish check', () => {
  let problems: Problem[] = [];
  beforeAll(() => {
    requireDist();
    rmSync(BROKEN, { recursive: true, force: true });
    cpSync(DIST, BROKEN, { recursive: true, filter: (src) => !src.includes('pagefind') });
    // One mistake per rule.
    edit('about.html', (html) => html.replace(/<script>/, '<script>console.log("changed");'));
    edit('contact.html', (html) => html.replace('href="/about"', 'href="/abuot"').replace('href="#main"', 'href="#mian"'));
    edit('products.html', (html) =>
      html.replace('<a ', '<a target="_blank" ').replace('</main>', `<p>${randomBytes(16_000).toString('base64')}</p></main>`),
    );
    // A stylesheet over the CSS budget (random text does not compress).
    writeFileSync(join(BROKEN, '_astro', 'gate-heavy.css'), `/* ${randomBytes(BUDGETS.css + 4_000).toString('base64')} */`);
    edit('privacy-policy.html', (html) => html.replace('</head>', '<link rel="stylesheet" href="/_astro/gate-heavy.css"></head>'));
    // The page's <meta> CSP lets it connect where its header does not.
    edit('partners.html', (html) => html.replace("connect-src 'self'", "connect-src 'self' https://elsewhere.example"));
    edit('_redirects', (text) => text.replace(/^\/careers .*\n/m, '').replace(/^(\/security-compliance \S+) 301!$/m, '$1 302'));
    edit('_headers', (text) => text.replace(/^\/rss\.xml\n {2}Content-Type: .*\n/m, '').replace(/^\/search\n( {2}.*\n)+/m, ''));
    edit('_headers', (text) => text.replace(/(\n\/login\n {2}Content-Security-Policy: [^\n]*script-src 'self')/, "$1 'unsafe-inline'"));
    edit('.well-known/security.txt', (text) => text.replace(/^Expires: .*$/m, 'Expires: 2020-01-01T00:00:00Z'));
    // The rebuild trigger told to renew security.txt on the day it expires, not a margin before.
    edit('publishing.json', (text) => text.replace(/"renewBy": "[^"]*"/, `"renewBy": "${JSON.parse(text).securityTxtExpires}"`));
    appendFileSync(join(BROKEN, 'robots.txt'), '\n# sb_secret_abcdefghijklmnop\n');
    // The rules served as JSON (browsers would ignore them), and a page that does not name them.
    edit('_headers', (text) =>
      text
        .replace(/^\/speculation-rules\.json\n {2}Content-Type: .*\n/m, '')
        .replace(/(\n\/platform\n(?: {2}(?!Speculation-Rules)[^\n]*\n)*) {2}Speculation-Rules: [^\n]*\n/, '$1'),
    );
    // A public page and the CMS given eval, the CMS's policy widened to any host, its sign-in
    // popup cut off by the strict opener policy, and a public page given the CMS's.
    edit('_headers', (text) =>
      text
        .replace(/(\n\/services\n {2}Content-Security-Policy: [^\n]*script-src 'self')/, "$1 'unsafe-eval'")
        .replace(/(\n\/admin\n {2}Content-Security-Policy: [^\n]*script-src 'self')/, "$1 'unsafe-eval'")
        .replace(/(\n\/admin\n {2}Content-Security-Policy: [^\n]*connect-src 'self')/, '$1 https:')
        .replace(
          /(\n\/admin\n {2}Content-Security-Policy: [^\n]*\n {2}Cross-Origin-Opener-Policy: )same-origin-allow-popups/,
          '$1same-origin',
        )
        .replace(
          /(\n\/about\n {2}Content-Security-Policy: [^\n]*\n {2}Cross-Origin-Opener-Policy: )same-origin/,
          '$1same-origin-allow-popups',
        ),
    );
    // Social cards: one missing, one of the wrong size, one another page's, a head without the version, alt text or large card.
    rmSync(join(BROKEN, 'social-cards', 'about.png'));
    const partners = readFileSync(join(BROKEN, 'social-cards', 'partners.png'));
    partners.writeUInt32BE(600, 16); // the header's width
    writeFileSync(join(BROKEN, 'social-cards', 'partners.png'), partners);
    cpSync(join(BROKEN, 'social-cards', 'contact.png'), join(BROKEN, 'social-cards', 'services.png'));
    edit('marketing.html', (html) => html.replaceAll(/(social-cards\/marketing\.png)\?v=[0-9a-f]+/g, '$1'));
    edit('investors.html', (html) =>
      html.replace('content="summary_large_image"', 'content="summary"').replace(/<meta property="og:image:alt"[^>]*>/, ''),
    );
    // Pictures: a page whose pictures come to more than a phone's budget (random bytes: nothing shrinks them), one without its size.
    writeFileSync(join(BROKEN, '_astro', 'gate-photo.avif'), randomBytes(BUDGETS.pictures + 30_000));
    edit('accessibility.html', (html) =>
      html.replace(
        '</main>',
        '<picture><source type="image/avif" srcset="/_astro/gate-photo.avif 720w" sizes="100vw"><img src="/_astro/gate-photo.avif" width="720" height="540" alt="A photo"></picture></main>',
      ),
    );
    edit('advertising.html', (html) => html.replace('</main>', '<img src="/favicon.svg" alt="The mark"></main>'));
    // A file that lost its resource policy.
    edit('_headers', (text) => text.replace(/(\n\/robots\.txt\n) {2}Cross-Origin-Resource-Policy: [^\n]*\n/, '$1'));
    problems = checkDist({ dist: BROKEN, contentDir: CONTENT, netlifyToml });
  });

  it("passes the real build, its pages pinned to the test build's Supabase origin", () => {
    expect(testSupabase).toMatch(/^https:\/\//);
    expect(checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml, supabase: testSupabase })).toEqual([]);
  });

  it('weighs the stylesheets of every page (a change in how Astro links them cannot hide them from the CSS budget)', () => {
    const unweighed = sitePages().filter((page) => {
      const weight = pageWeight(DIST, page.file);
      return weight.stylesheets.length === 0 && weight.css === 0;
    });
    expect(unweighed.map((page) => page.path)).toEqual([]);
  });

  it('names the page and the rule of each mistake', () => {
    const found = (page: string, rule: Problem['rule'], detail: RegExp) =>
      problems.some((p) => p.page === page && p.rule === rule && detail.test(p.detail));
    expect(found('/about', 'headers', /inline script "console\.log\("changed"\).*is not in its CSP header/)).toBe(true);
    expect(found('/contact', 'link', /href="\/abuot" no page or file at \/abuot/)).toBe(true);
    expect(found('/contact', 'link', /href="#mian" no element with id "mian"/)).toBe(true);
    expect(found('/products', 'new-tab', /target=_blank without noopener/)).toBe(true);
    expect(found('/products', 'budget', /HTML is [\d.]+ KB gzip, over 14\.5 KB/)).toBe(true);
    expect(found('/privacy-policy', 'budget', /CSS is [\d.]+ KB gzip, over 12\.0 KB/)).toBe(true);
    expect(found('/partners', 'headers', /connect-src of the header \('self' https:\S+\) differs from the page's <meta>/)).toBe(true);
    expect(found('/search', 'headers', /no Content-Security-Policy header rule in dist\/_headers/)).toBe(true);
    expect(found('/login', 'headers', /script-src allows 'unsafe-inline'/)).toBe(true);
    expect(found('_redirects', 'redirects', /missing "\/careers \/join-\w+ 301!" \(named in content\/redirects\.yaml\)/)).toBe(true);
    expect(
      found(
        '_redirects',
        'redirects',
        /"\/security-compliance \S+ 302" is not what the content and its history give \(content\/redirects\.yaml/,
      ),
    ).toBe(true);
    expect(found('/rss.xml', 'headers', /Content-Type is "", not "application\/rss\+xml; charset=utf-8"/)).toBe(true);
    expect(found('/.well-known/security.txt', 'security.txt', /has passed/)).toBe(true);
    expect(found('/publishing.json', 'publishing', /^securityTxtExpires (\S+) and renewBy \1 are not \1 and \S+ \(its builtAt's\)$/)).toBe(
      true,
    );
    expect(
      found(
        '/publishing.json',
        'publishing',
        /^securityTxtExpires \S+ is not the Expires of security\.txt \(2020-01-01T00:00:00Z\): the rebuild trigger would renew it at the wrong time$/,
      ),
    ).toBe(true);
    expect(found('/robots.txt', 'secret', /sb_secret_/)).toBe(true);
    expect(found('/speculation-rules.json', 'headers', /Content-Type is "", not "application\/speculationrules\+json"/)).toBe(true);
    expect(found('/platform', 'headers', /Speculation-Rules is "", not ""\/speculation-rules\.json""/)).toBe(true);
    expect(problems.some((p) => p.page === '/about' && /Speculation-Rules/.test(p.detail))).toBe(false);
    expect(found('/services', 'headers', /script-src allows 'unsafe-eval'/)).toBe(true);
    expect(found('/admin', 'headers', /script-src allows 'unsafe-eval'/)).toBe(true);
    expect(found('/admin', 'headers', /connect-src has a wildcard: .*https:/)).toBe(true);
    expect(found('/admin', 'headers', /Cross-Origin-Opener-Policy is "same-origin", not "same-origin-allow-popups"/)).toBe(true);
    expect(found('/about', 'headers', /Cross-Origin-Opener-Policy is "same-origin-allow-popups", not "same-origin"/)).toBe(true);
    expect(found('/robots.txt', 'headers', /Cross-Origin-Resource-Policy is "", not "same-origin"/)).toBe(true);
  });

  it('names the page whose pictures would send a phone more than the budget, with each file and its weight, and a picture without its size', () => {
    const pictures = problems.filter((p) => p.rule === 'picture');
    expect(pictures).toEqual([
      {
        page: '/accessibility',
        rule: 'picture',
        detail: `its pictures send ${((BUDGETS.pictures + 30_000) / 1000).toFixed(1)} KB to a 390 px phone (2 device pixels per px), over 200.0 KB: /_astro/gate-photo.avif ${((BUDGETS.pictures + 30_000) / 1000).toFixed(1)} KB`,
      },
      {
        page: '/advertising',
        rule: 'picture',
        detail: '<img src="/favicon.svg"> has no width and height: the text below it would jump when it arrives',
      },
    ]);
  });

  it("names each page whose social card is missing, of the wrong size, another page's, or not the one its head names", () => {
    const cards = problems.filter((p) => p.rule === 'card');
    const on = (page: string, detail: RegExp) => cards.some((p) => p.page === page && detail.test(p.detail));
    expect(on('/about', /its card \/social-cards\/about\.png is not in the build/)).toBe(true);
    expect(on('/partners', /its card \/social-cards\/partners\.png is 600×630, not 1200×630/)).toBe(true);
    expect(on('/services', /its card \/social-cards\/services\.png is version [0-9a-f]{12}, not the [0-9a-f]{12} its head names/)).toBe(
      true,
    );
    expect(on('/marketing', /og:image \S+marketing\.png has no \?v= version/)).toBe(true);
    expect(on('/investors', /twitter:card is "summary", not "summary_large_image"/)).toBe(true);
    expect(on('/investors', /og:image:alt is missing or empty/)).toBe(true);
    // Nothing else: every other page's card passed.
    expect(new Set(cards.map((p) => p.page))).toEqual(new Set(['/about', '/partners', '/services', '/marketing', '/investors']));
  });

  it('refuses social cards without cross-origin or a long cache, and a resource policy on /* (pages would get two)', () => {
    const noCardRule = netlifyToml.replace(/\[\[headers\]\]\n {2}for = "\/social-cards\/\*"\n {2}\[headers\.values\]\n( {4}.*\n)+/, '');
    expect(noCardRule).not.toBe(netlifyToml);
    const bare = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml: noCardRule }).filter((p) => p.page === '/newsbox');
    expect(bare.map((p) => p.detail)).toEqual([
      'its card /social-cards/newsbox.png has Cache-Control "", not one immutable value of a year or more',
      'its card /social-cards/newsbox.png has Cross-Origin-Resource-Policy "", not "cross-origin" (other sites could not show it)',
    ]);
    const onAll = netlifyToml.replace(/(for = "\/\*"\n {2}\[headers\.values\]\n)/, '$1    Cross-Origin-Resource-Policy = "same-origin"\n');
    const twice = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml: onAll });
    expect(
      twice.some((p) => p.page === '/' && /Cross-Origin-Resource-Policy is "same-origin, same-origin" \(2 rules set it\)/.test(p.detail)),
    ).toBe(true);
    expect(
      twice.some(
        (p) => p.page === '/newsbox' && p.rule === 'card' && /Cross-Origin-Resource-Policy "same-origin, cross-origin"/.test(p.detail),
      ),
    ).toBe(true);
  });

  it('refuses an opener policy in netlify.toml too: /admin would get two values', () => {
    const overlapping = netlifyToml.replace(
      /(for = "\/\*"\n {2}\[headers\.values\]\n)/,
      '$1    Cross-Origin-Opener-Policy = "same-origin"\n',
    );
    expect(overlapping).not.toBe(netlifyToml);
    const twice = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml: overlapping });
    const opener = twice.filter((p) => p.rule === 'headers' && /Cross-Origin-Opener-Policy .*\(2 rules set it\)/.test(p.detail));
    expect(opener.map((p) => p.page)).toEqual(expect.arrayContaining(['/', '/admin']));
    expect(opener.find((p) => p.page === '/admin')!.detail).toBe(
      'Cross-Origin-Opener-Policy is "same-origin, same-origin-allow-popups" (2 rules set it), not "same-origin-allow-popups"',
    );
  });

  it("refuses a second CSP rule for a page and a Supabase origin other than the build's", () => {
    const overlapping = `${netlifyToml}\n[[headers]]\n  for = "/*"\n  [headers.values]\n    Content-Security-Policy = "default-src 'self'"\n`;
    const twice = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml: overlapping });
    expect(
      twice.filter((p) => p.rule === 'headers' && /2 rules set its Content-Security-Policy/.test(p.detail)).map((p) => p.page),
    ).toContain('/');
    const other = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml, supabase: 'https://other.supabase.co' });
    expect(
      other.some((p) => p.page === '/' && /not 'self' and the build's Supabase origin https:\/\/other\.supabase\.co/.test(p.detail)),
    ).toBe(true);
    expect(
      other.some(
        (p) => p.page === '/admin' && /not the CMS policy: 'self' https:\/\/other\.supabase\.co https:\/\/api\.github\.com/.test(p.detail),
      ),
    ).toBe(true);
  });

  it("refuses netlify.toml's fixed headers weakened: HSTS without preload, no nosniff, assets not immutable, a second Cache-Control", () => {
    const weakened = netlifyToml
      .replace('; preload"', '"')
      .replace(/^\s*X-Content-Type-Options = .*\n/m, '')
      .replace('max-age=31536000, immutable', 'max-age=3600')
      .replace('X-Frame-Options = "DENY"', 'X-Frame-Options = "DENY"\n    Cache-Control = "public, max-age=600"');
    expect(weakened).not.toContain('preload');
    const problems = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml: weakened });
    const on = (page: string, detail: RegExp) => problems.some((p) => p.page === page && p.rule === 'headers' && detail.test(p.detail));
    expect(on('/about', /Strict-Transport-Security ".*" needs max-age ≥ 31536000, includeSubDomains and preload/)).toBe(true);
    expect(on('/about', /X-Content-Type-Options is not nosniff/)).toBe(true);
    expect(on('/about', /Cache-Control is "public, max-age=600, public, max-age=60, must-revalidate"/)).toBe(true);
    const asset = problems.find((p) => p.page.startsWith('/_astro/'));
    expect(asset?.detail).toMatch(/Cache-Control is "public, max-age=600, public, max-age=3600", not one immutable value/);
  });

  it('refuses a preview deploy that search engines could index, and the noindex header on the live site; a preview keeps the live canonicals', () => {
    const previewContexts = ['deploy-preview', 'branch-deploy'];
    // The live build, published as a preview without the marks: every page refused.
    for (const CONTEXT of previewContexts) {
      const unmarked = checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml, env: { ...process.env, CONTEXT } });
      const refused = new Set(unmarked.filter((p) => /a preview deploy \([a-z-]+\) must be noindex/.test(p.detail)).map((p) => p.page));
      expect(refused.size, CONTEXT).toBe(builtPages(DIST).length);
    }
    // The same build marked as the build marks a preview (src/lib/deploy/preview.ts).
    const preview = '.tmp/gate-preview';
    rmSync(preview, { recursive: true, force: true });
    cpSync(DIST, preview, { recursive: true, filter: (src) => !src.includes('pagefind') });
    try {
      appendFileSync(join(preview, '_headers'), renderHeadersFile(markPreview(preview)));
      for (const CONTEXT of previewContexts)
        expect(checkDist({ dist: preview, contentDir: CONTENT, netlifyToml, env: { ...process.env, CONTEXT } }), CONTEXT).toEqual([]);
      const live = checkDist({ dist: preview, contentDir: CONTENT, netlifyToml, env: { ...process.env, CONTEXT: 'production' } });
      expect(live.filter((p) => p.page === '/').map((p) => p.detail)).toEqual([
        `X-Robots-Tag "${PREVIEW_ROBOTS}" on the live site: it keeps the page out of search engines`,
      ]);
      // Whatever a crawler finds on the preview's address points at the live site's pages.
      const canonical = (dir: string) => /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(join(dir, 'about.html'), 'utf8'))?.[1];
      expect(canonical(preview)).toBe(canonical(DIST));
      expect(readFileSync(join(preview, 'sitemap-0.xml'), 'utf8')).toBe(readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8'));
    } finally {
      rmSync(preview, { recursive: true, force: true });
    }
  });

  it("refuses content whose scheduled entries their own build would refuse: a live page's path, another scheduled entry's, a redirect's", () => {
    const content = '.tmp/gate-content';
    rmSync(content, { recursive: true, force: true });
    cpSync(CONTENT, content, { recursive: true });
    const post = (name: string, path: string, publishAt: string) => {
      const file = join(content, 'posts', `${name}.md`);
      writeFileSync(
        file,
        [
          '---',
          'meta:',
          `  path: ${path}`,
          `  name: Gate ${name}`,
          `  title: "Gate probe ${name} of the {brand} blog"`,
          '  description: "A post scheduled for later in a copy of the content, whose path its own build could not have."',
          'published: 2099-01-01',
          'author: The test',
          `publishAt: ${publishAt}`,
          '---',
          'Later.',
          '',
        ].join('\n'),
      );
      return file;
    };
    try {
      // One mistake per rule: each would pass today's build and fail the unattended one at its time.
      const atLive = post('at-live', '/about', '2099-01-05T09:00:00Z');
      const sooner = post('sooner', '/post/gate-twice', '2099-01-01T09:00:00Z');
      const later = post('later', '/post/gate-twice', '2099-02-01T09:00:00Z');
      const redirected = post('redirected', '/careers', '2099-03-01T09:00:00Z');
      const problems = checkDist({ dist: DIST, contentDir: content, netlifyToml });
      expect(problems.map((p) => [p.page, p.rule])).toEqual(Array(3).fill([content, 'content']));
      const details = problems.map((p) => p.detail);
      expect(details).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${atLive} › meta\\.path: /about is already the path of ${content}/pages/about\\.yaml: the build at`),
        ),
      );
      expect(details).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${later} › meta\\.path: /post/gate-twice is already the path of ${sooner} \\(scheduled for 2099-01-01T09:00:00Z\\)`),
        ),
      );
      expect(details).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${redirected} › meta\\.path: /careers is redirected to /join-\\w+ by ${content}/redirects\\.yaml`),
        ),
      );
      const command = spawnSync(process.execPath, ['scripts/check-dist.mjs'], {
        encoding: 'utf8',
        env: { ...process.env, OUT_DIR: DIST, CONTENT_DIR: content, PUBLIC_SUPABASE_URL: '' },
      });
      expect(command.status).toBe(1);
      expect(command.stderr).toContain(`${content}  [content]  ${atLive} › meta.path: /about is already the path of`);
    } finally {
      rmSync(content, { recursive: true, force: true });
    }
  });

  it('fails the command Netlify runs, and passes it on the real build', () => {
    const run = (dir: string) =>
      spawnSync(process.execPath, ['scripts/check-dist.mjs'], {
        encoding: 'utf8',
        env: { ...process.env, OUT_DIR: dir, PUBLIC_SUPABASE_URL: '' },
      });
    const failed = run(BROKEN);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/\/contact {2}\[link\] {2}href="\/abuot"/);
    const passed = run(DIST);
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
  });
});
