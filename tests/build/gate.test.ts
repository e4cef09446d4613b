/**
 * The pre-publish check (scripts/check-dist.mjs, src/lib/deploy/gate/check.ts): the
 * real build passes, and a copy of it broken in one way per rule fails with
 * the page and the rule named, through the same command Netlify runs.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDist, type Problem } from '../../src/lib/deploy/gate/check';
import { CONTENT, DIST, requireDist } from '../support/site';

const BROKEN = '.tmp/gate-dist';
const netlifyToml = readFileSync('netlify.toml', 'utf8');

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
    edit('_redirects', (text) => text.replace(/^\/careers .*\n/m, ''));
    edit('_headers', (text) => text.replace(/^\/rss\.xml\n {2}Content-Type: .*\n/m, ''));
    edit('.well-known/security.txt', (text) => text.replace(/^Expires: .*$/m, 'Expires: 2020-01-01T00:00:00Z'));
    appendFileSync(join(BROKEN, 'robots.txt'), '\n# sb_secret_abcdefghijklmnop\n');
    // The rules served as JSON (browsers would ignore them), and a page that does not name them.
    edit('_headers', (text) =>
      text
        .replace(/^\/speculation-rules\.json\n {2}Content-Type: .*\n/m, '')
        .replace(/(\n\/platform\n(?: {2}(?!Speculation-Rules)[^\n]*\n)*) {2}Speculation-Rules: [^\n]*\n/, '$1'),
    );
    // A public page given the CMS's eval, and the CMS's policy widened to any host.
    edit('_headers', (text) =>
      text
        .replace(/(\n\/services\n {2}Content-Security-Policy: [^\n]*script-src 'self')/, "$1 'unsafe-eval'")
        .replace(/(\n\/admin\n {2}Content-Security-Policy: [^\n]*connect-src 'self')/, '$1 https:'),
    );
    problems = checkDist({ dist: BROKEN, contentDir: CONTENT, netlifyToml });
  });

  it('passes the real build', () => {
    expect(checkDist({ dist: DIST, contentDir: CONTENT, netlifyToml })).toEqual([]);
  });

  it('names the page and the rule of each mistake', () => {
    const found = (page: string, rule: Problem['rule'], detail: RegExp) =>
      problems.some((p) => p.page === page && p.rule === rule && detail.test(p.detail));
    expect(found('/about', 'headers', /inline script "console\.log\("changed"\).*is not in its CSP header/)).toBe(true);
    expect(found('/contact', 'link', /href="\/abuot" no page or file at \/abuot/)).toBe(true);
    expect(found('/contact', 'link', /href="#mian" no element with id "mian"/)).toBe(true);
    expect(found('/products', 'new-tab', /target=_blank without noopener/)).toBe(true);
    expect(found('/products', 'budget', /HTML is [\d.]+ KB gzip, over 14\.0 KB/)).toBe(true);
    expect(found('_redirects', 'redirects', /missing "\/careers \/join-\w+ 301!"/)).toBe(true);
    expect(found('/rss.xml', 'headers', /Content-Type is "", not "application\/rss\+xml; charset=utf-8"/)).toBe(true);
    expect(found('/.well-known/security.txt', 'security.txt', /has passed/)).toBe(true);
    expect(found('/robots.txt', 'secret', /sb_secret_/)).toBe(true);
    expect(found('/speculation-rules.json', 'headers', /Content-Type is "", not "application\/speculationrules\+json"/)).toBe(true);
    expect(found('/platform', 'headers', /Speculation-Rules is "", not ""\/speculation-rules\.json""/)).toBe(true);
    expect(problems.some((p) => p.page === '/about' && /Speculation-Rules/.test(p.detail))).toBe(false);
    expect(found('/services', 'headers', /script-src allows 'unsafe-eval'/)).toBe(true);
    expect(found('/admin', 'headers', /connect-src has a wildcard: .*https:/)).toBe(true);
    // The CMS's own eval is its policy, not a mistake.
    expect(problems.some((p) => p.page === '/admin' && /unsafe-eval/.test(p.detail))).toBe(false);
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
