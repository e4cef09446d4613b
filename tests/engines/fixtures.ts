/**
 * Fixtures of the Firefox and WebKit suite. Each worker serves the test build
 * (site-server.ts) next to the Supabase stand-in (tests/support/supabase/server.ts) and opens one
 * tab in its project's engine; every test starts from a blank page of the
 * site with empty storage (a test that reads none may skip it) at its window
 * size, and ends by failing on any problem seen meanwhile:
 * errors and CSP violations in the page (the probe, and Firefox's console),
 * requests the site server answered with an error, and calls to the stub that
 * the test did not expect.
 */
import { firefox, webkit, test as base, expect, type Browser } from '@playwright/test';
import { MISSING_PATH } from '../support/site-under-test';
import { SUPABASE_URL } from '../support/supabase/project';
import { engineUnavailable, FIREFOX_PATH, type EngineOptions } from './browsers';
import { takeProblems } from './page';
import { startSiteServer, BLANK_PATH, type SiteServer } from './site-server';
import { startSupabaseServer, type SupabaseServer } from '../support/supabase/server';
import { DESKTOP, playwrightTab, webkitTab, type Tab, type Viewport } from './tab';
import { startWebKitDriver } from './webdriver';

async function launchPlaywright({ engine, via }: EngineOptions): Promise<Browser> {
  if (engine === 'webkit') return webkit.launch();
  if (via === 'playwright') return firefox.launch();
  return firefox.launch({
    channel: 'moz-firefox',
    executablePath: FIREFOX_PATH,
    // Firefox cannot emulate reduced motion per page over BiDi: the preference does it for the whole browser.
    firefoxUserPrefs: { 'ui.prefersReducedMotion': 1 },
  });
}

export const test = base.extend<
  { engineAvailable: void; allowProblems: RegExp[]; windowSize: Viewport; freshStorage: boolean; problems: void },
  EngineOptions & { supabase: SupabaseServer; site: SiteServer; tab: Tab }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  via: ['stock', { option: true, scope: 'worker' }],
  // Before anything starts: an engine missing on a developer's machine is skipped (CI fails earlier, in the config).
  engineAvailable: [
    async ({ engine, via }, use) => {
      const missing = engineUnavailable({ engine, via });
      test.skip(missing !== undefined, `${engine}: ${missing}`);
      await use();
    },
    { auto: true },
  ],
  supabase: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const supabase = await startSupabaseServer();
      await use(supabase);
      await supabase.close();
    },
    { scope: 'worker' },
  ],
  site: [
    async ({ supabase }, use) => {
      const site = await startSiteServer(new URL(SUPABASE_URL).origin, supabase.origin);
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],
  tab: [
    async ({ engine, via, site }, use) => {
      if (engine === 'webkit' && via === 'stock') {
        const driver = await startWebKitDriver();
        const tab = await driver
          .newSession()
          .then((session) => webkitTab(session, DESKTOP, site.origin))
          .catch(async (error) => {
            await driver.close();
            throw error;
          });
        await use(tab);
        await tab.close();
        await driver.close();
        return;
      }
      const browser = await launchPlaywright({ engine, via });
      const tab = await playwrightTab(browser, DESKTOP, site.origin, engine);
      await use(tab);
      await tab.close();
      await browser.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  allowProblems: [[], { option: true }],
  // The page's size at the start of a test. Tests of one size follow each other, so the window is resized
  // only when the size changes (a resize is slow under X, and WebKit's needs to settle).
  windowSize: [DESKTOP, { option: true }],
  // Each test starts from a blank page of the site with empty storage, unless it reads no storage (a page load).
  freshStorage: [true, { option: true }],
  problems: [
    async ({ tab, site, supabase, allowProblems, windowSize, freshStorage }, use) => {
      supabase.reset();
      if (freshStorage) {
        await tab.goto(BLANK_PATH);
        await tab.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      }
      await tab.setViewport(windowSize);
      site.undeploy();
      site.clearLog();
      tab.takeEngineErrors();

      await use();

      // test.use() unwraps a one-element array ([/re/]) into the RegExp itself; accept both.
      const allowed = (text: string) => ([] as RegExp[]).concat(allowProblems).some((re) => re.test(text));
      const inPage = (await tab.url()).origin === site.origin ? await takeProblems(tab) : [];
      const problems = [
        ...inPage.map((p) => `${p.kind} on ${p.page}: ${p.text}`),
        ...tab.takeEngineErrors(),
        ...site.log
          .filter((r) => r.status >= 400 && !(r.status === 404 && new URL(r.url, site.origin).pathname === MISSING_PATH))
          .map((r) => `HTTP ${r.status} for ${r.method} ${r.url}`),
        ...supabase.received.filter((r) => !r.expected).map((r) => `unexpected call to Supabase: ${r.method} ${r.path}`),
      ].filter((text) => !allowed(text));
      expect(problems, 'errors, CSP violations, failed requests or unexpected Supabase calls').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * What the engines and Astro report about scripts a deploy removed (site.deploy()): the 404s, Firefox's
 * refusal of the 404 page as a module, the failed imports. The visitor is told in words instead.
 */
export const SCRIPTS_GONE =
  /HTTP 404 for GET \/_astro\/|Error hydrating|dynamically imported module|Importing a module script failed|disallowed MIME type/;
