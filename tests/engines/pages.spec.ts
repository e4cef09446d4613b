/**
 * Every page a visitor can load (the sitemap's, /login, /search and the 404
 * page: tests/support/site-under-test.ts) at a phone's and at a desktop's width: it loads
 * with its status, renders its heading, and nothing goes wrong on the way
 * (no error, no CSP violation, no failed request: the fixture checks). The
 * page is also scrolled (the parallax hero hydrates on the first scroll) and,
 * where the header shows the menu button, the menu opened and closed, so the
 * code that loads late runs under the policy too.
 */
import { test, expect } from './fixtures';
import { MISSING_PATH, distFiles, readDist, sitePages } from '../support/site-under-test';
import { hydrated, settle, takeProblems, waitFor } from './page';
import { DESKTOP, PHONE } from './tab';
import { PROBE_PATH } from './site-server';
import { SUPABASE_URL } from '../support/supabase/project';

const MENU_BUTTON = '[popovertarget="mobile-menu"]';
const buildOrigin = new URL(SUPABASE_URL).origin;

test.describe('the checks themselves', () => {
  test("the served site names the stub as its Supabase project: in each policy and in the client, never the build's URL", async ({
    site,
    supabase,
  }) => {
    const response = await fetch(`${site.origin}/contact`);
    const html = await response.text();
    const header = response.headers.get('content-security-policy') ?? '';
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
    for (const policy of [header, meta]) expect(policy).toMatch(new RegExp(`connect-src 'self' ${supabase.origin}(;|$)`));
    expect(html).not.toContain(buildOrigin);
    expect(html.indexOf(PROBE_PATH), 'the probe comes first in <head>').toBeLessThan(html.indexOf('<meta'));
    // The scripts that hold the project URL, as the browser gets them.
    const holders = distFiles().filter(
      (file) => file.startsWith('_astro/') && file.endsWith('.js') && readDist(file).includes(buildOrigin),
    );
    expect(holders.length, 'the client holds the project URL').toBeGreaterThan(0);
    for (const file of holders) {
      const body = await (await fetch(`${site.origin}/${file}`)).text();
      expect(body).toContain(supabase.origin);
      expect(body).not.toContain(buildOrigin);
    }
  });

  // This test provokes the problems the fixture fails on, and takes them away before it looks.
  test('the probe records CSP violations and errors, and the policy lets the site reach the Supabase stub only', async ({
    tab,
    supabase,
  }) => {
    await tab.goto('/');
    await settle(tab);
    expect(await takeProblems(tab)).toEqual([]);
    supabase.answer('GET /rest/v1/ping', { status: 200, json: [] });
    const outcome = await tab.evaluate(async (stubOrigin) => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
      const reach = (url: string) =>
        fetch(url).then(
          (r) => r.status,
          () => 'refused',
        );
      return {
        ran: (window as unknown as { __ran?: boolean }).__ran ?? false,
        stub: await reach(`${stubOrigin}/rest/v1/ping`),
        elsewhere: await reach('https://example.com/'),
      };
    }, supabase.origin);
    expect(outcome).toEqual({ ran: false, stub: 200, elsewhere: 'refused' });
    // Both policies (the <meta> and the header) may report the same violation: look at what was reported, not how often.
    const records = await waitFor(
      tab,
      'the probe to record the refused script, the refused request and the error',
      (key) => {
        const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as { kind: string; text: string }[];
        const seen = (kind: string, text: RegExp) => list.some((r) => r.kind === kind && text.test(r.text));
        return seen('csp', /^script-src/) &&
          seen('csp', /^connect-src refused https:\/\/example\.com/) &&
          seen('error', /thrown on purpose/)
          ? [...new Set(list.map((r) => r.kind))].sort()
          : null;
      },
      '__engineProblems',
    );
    expect(records).toEqual(['csp', 'error']);
    expect(supabase.received.map((r) => `${r.method} ${r.path} ${r.headers.origin}`)).toEqual([
      `GET /rest/v1/ping ${new URL(await tab.url()).origin}`,
    ]);
    await takeProblems(tab);
    tab.takeEngineErrors();
  });
});

// Grouped by window size: every page at a phone's width, then every page at a desktop's, so the window
// is resized twice in the run rather than twice a page.
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    // A page load reads no storage a test leaves behind: no blank page between them.
    test.use({ windowSize: viewport, freshStorage: false });

    for (const { path, source } of sitePages()) {
      test(`${source === '404' ? 'the 404 page' : path} loads cleanly`, async ({ tab, site }) => {
        site.clearLog();
        await tab.goto(path);
        const served = site.log.find((r) => r.url === path);
        expect(served?.status, `status of ${path}`).toBe(path === MISSING_PATH ? 404 : 200);
        // The visitor scrolls: islands that wait for the first scroll (the parallax hero) start.
        const shown = await tab.evaluate((menu) => {
          window.scrollBy(0, 400);
          const button = document.querySelector(menu);
          return {
            heading: document.querySelector('h1')?.textContent?.trim() ?? '',
            parallax: document.querySelector('[data-parallax-hero]') !== null,
            menu: button !== null && button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden',
          };
        }, MENU_BUTTON);
        expect(shown.heading, 'the page heading').not.toBe('');
        expect(shown.menu, 'the menu button shows on phones only').toBe(viewport === PHONE);
        if (shown.parallax) await hydrated(tab, '[data-parallax-hero]');

        if (shown.menu) {
          await tab.click(MENU_BUTTON);
          await waitFor(
            tab,
            'the menu to open and its island to start',
            (button) =>
              !!document.querySelector('#mobile-menu:popover-open') && !!document.querySelector(`astro-island:has(${button}):not([ssr])`),
            MENU_BUTTON,
          );
          await tab.press('Escape');
          await waitFor(tab, 'the menu to close', () => document.querySelector('#mobile-menu:popover-open') === null);
        }
        await settle(tab);
        expect(await takeProblems(tab), `problems at ${viewport.width} px`).toEqual([]);
      });
    }
  });
}
