/** The link check of the built site on a fixture build: what lands, and what is reported with page, link and reason. */
import { describe, it, expect } from 'vitest';
import { checkLinks, mailtoProblem, pageIds, pageLinks, telProblem } from '../../../../src/lib/deploy/gate/links';

const origin = 'https://acme.example';
const page = (file: string, path: string, body: string) => ({ file, path, html: `<!doctype html><html><body>${body}</body></html>` });

const pages = [
  page(
    'index.html',
    '/',
    '<a href="/about">ok</a><a href="/about#team">ok</a><a href="#top">top</a><a href="#main">x</a><main id="main"></main>',
  ),
  page(
    'about.html',
    '/about',
    '<h2 id="team">Team</h2><a href="/careers#open-roles">via redirect</a><img src="/logo.svg" srcset="/logo.svg 1x, /logo@2x.svg 2x">',
  ),
  page(
    'join-acme.html',
    '/join-acme',
    '<section id="open-roles"></section><a href="https://acme.example/about#team">absolute</a><a href="https://elsewhere.example/nope">external</a>',
  ),
  page(
    'broken.html',
    '/broken',
    [
      '<a href="/abuot">typo</a>',
      '<a href="/about#teams">missing fragment</a>',
      '<a href="#nowhere">missing fragment here</a>',
      '<a href="/careers#gone">missing fragment behind a redirect</a>',
      '<a href="/about/">trailing slash</a>',
      '<a href="mailto:someone">bad mailto</a>',
      '<a href="tel:555 0100">bad tel</a>',
      '<astro-island component-url="/_astro/Missing.js"></astro-island>',
      '<script>const s = "<a href=\\"/in-a-script\\">";</script>',
    ].join(''),
  ),
];
const files = new Set(['index.html', 'about.html', 'join-acme.html', 'broken.html', 'logo.svg', 'logo@2x.svg']);
const problems = checkLinks({ pages, files, redirects: [{ from: '/careers', to: '/join-acme' }], origin });

describe('link check', () => {
  it('accepts pages, files, redirects, existing fragments, #top, same-origin absolute URLs and other sites', () => {
    expect(problems.filter((p) => p.page !== '/broken')).toEqual([]);
  });

  it('reports a broken link and missing fragments, naming page, link and reason', () => {
    expect(problems).toContainEqual({
      page: '/broken',
      link: 'href="/abuot"',
      reason: 'no page or file at /abuot, and no redirect from it in content/redirects.yaml',
    });
    expect(problems).toContainEqual({ page: '/broken', link: 'href="/about#teams"', reason: 'no element with id "teams" on /about' });
    expect(problems).toContainEqual({ page: '/broken', link: 'href="#nowhere"', reason: 'no element with id "nowhere" on this page' });
    expect(problems).toContainEqual({
      page: '/broken',
      link: 'href="/careers#gone"',
      reason: 'no element with id "gone" on /join-acme',
    });
  });

  it('reports trailing slashes, malformed mailto: and tel:, and missing island modules; ignores script text', () => {
    const reasons = problems.filter((p) => p.page === '/broken').map((p) => `${p.link} ${p.reason}`);
    expect(reasons).toContainEqual(expect.stringMatching(/^href="\/about\/" ends in "\/"/));
    expect(reasons).toContainEqual(expect.stringMatching(/^href="mailto:someone" mailto: malformed address someone/));
    expect(reasons).toContainEqual(expect.stringMatching(/^href="tel:555 0100" tel: is not a global number/));
    expect(reasons).toContainEqual(expect.stringMatching(/^component-url="\/_astro\/Missing.js" no page or file/));
    expect(reasons.some((r) => r.includes('in-a-script'))).toBe(false);
    expect(reasons).toHaveLength(8);
  });

  it('reads links from attributes (entities decoded, srcset split, og:url) and ids', () => {
    const html =
      '<meta property="og:url" content="https://acme.example/a"><a href="/x?a=1&amp;b=2">x</a><img srcset="/a.png 1x, /b.png 2x" id="pic">';
    expect(pageLinks(html).map((l) => l.url)).toEqual(['https://acme.example/a', '/x?a=1&b=2', '/a.png', '/b.png']);
    expect([...pageIds(html)]).toEqual(['pic']);
  });

  it('knows well-formed mailto: and tel: links', () => {
    expect(mailtoProblem('mailto:support@acme.example?subject=Hello%20there')).toBeUndefined();
    expect(mailtoProblem('mailto:a@acme.example,b@acme.example')).toBeUndefined();
    expect(mailtoProblem('mailto:?subject=x')).toBe('names no address');
    expect(mailtoProblem('mailto:a@acme.example?subject=two words')).toMatch(/raw space/);
    expect(telProblem('tel:+15550100142')).toBeUndefined();
    expect(telProblem('tel:+1-555-010-0142')).toBeUndefined();
    expect(telProblem('tel:5550100142')).toMatch(/global number/);
    expect(telProblem('tel:+123')).toMatch(/3 digits/);
  });
});
