/**
 * Shared test fixture: every test blocks requests that leave localhost (the
 * site must never reach the internet), answers the test build's Supabase URL
 * with the stand-in (tests/support/supabase/: `supabase.answer(...)` says what
 * a call gets, `supabase.received` what arrived), and fails on console errors,
 * uncaught page errors and calls to Supabase that the test did not expect.
 */
import { test as base, expect, type Page, type Route } from '@playwright/test';
import { standInOnPage } from '../support/supabase/in-page';
import type { SupabaseStandIn } from '../support/supabase/stand-in';
import { trackRequests } from '../support/settle';
import { nameScriptsOf, scriptOf } from '../support/deploy';

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  blockedRequests: string[];
}

export const test = base.extend<{ problems: PageProblems; allowConsoleErrors: RegExp[]; supabase: SupabaseStandIn }>({
  allowConsoleErrors: [[], { option: true }],
  problems: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: PageProblems = { consoleErrors: [], pageErrors: [], blockedRequests: [] };
      trackRequests(page);
      await page.context().route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => {
        if (route.request().url().startsWith('data:')) return route.continue();
        problems.blockedRequests.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // test.use() unwraps a one-element array ([/re/]) into the RegExp itself; accept both.
        if (([] as RegExp[]).concat(allowConsoleErrors).some((re) => re.test(text))) return;
        problems.consoleErrors.push(text);
      });
      page.on('pageerror', (err) => problems.pageErrors.push(err.message));
      await use(problems);
      expect.soft(problems.pageErrors, 'uncaught page errors').toEqual([]);
      expect.soft(problems.consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  // A page route: Playwright consults it before the context's block of other hosts.
  supabase: [
    async ({ page }, use) => {
      const supabase = await standInOnPage(page);
      await use(supabase);
      expect
        .soft(
          supabase.unexpected().map((r) => r.call),
          'calls to Supabase the test did not expect',
        )
        .toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Wait until the island containing `selector` has hydrated (Astro removes the `ssr` attribute). */
export async function waitForIsland(page: Page, selector: string) {
  await page.locator(`astro-island:has(${selector}):not([ssr])`).first().waitFor({ state: 'attached' });
}

/**
 * Wait until a form island is ready: hydrated, what was typed taken over, and a
 * press made meanwhile done (src/directives/interaction.ts marks it data-ready).
 */
export async function waitForReady(page: Page, selector: string) {
  await page.locator(`astro-island[data-ready]:has(${selector})`).first().waitFor({ state: 'attached' });
}

/**
 * Start an island that hydrates on first interaction (client:interaction) the
 * way a visitor would, by pressing on it, and wait until it is live.
 */
export async function hydrateByInteraction(page: Page, selector: string) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  await target.dispatchEvent('pointerdown');
  await waitForIsland(page, selector);
}

/**
 * Hold the script chunks whose file name starts with `component` (/_astro/<component>.<hash>.js)
 * until `release()`, as a slow connection would; `requested()` counts the requests for them.
 */
export async function holdScript(page: Page, component: string) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  let requested = 0;
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    requested++;
    await arrived;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * The page's waits: every timer of at least `min` ms it sets from now on (a retry's back-off, a Retry-After),
 * in order. Call it after `page.clock.install()`, so it counts on the installed clock. A test that moves a
 * paused clock waits for the page to have set the timer it means to test (`since(count())` holds its delay):
 * moved before the page has handled the answer that sets it (a loaded machine), the clock would pass with the
 * timer not yet set.
 */
export async function recordWaits(page: Page, min = 500) {
  await page.addInitScript((least) => {
    const waits: number[] = [];
    Object.assign(window, { __waits: waits });
    const set = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      if ((ms ?? 0) >= least) waits.push(ms!);
      return set(handler, ms, ...args);
    }) as typeof window.setTimeout;
  }, min);
  const waits = () => page.evaluate(() => (window as Window & { __waits?: number[] }).__waits ?? []);
  return { count: async () => (await waits()).length, since: async (count: number) => (await waits()).slice(count) };
}

/**
 * The visitor's browser says to spare data (Save-Data): form islands then fetch their code on intent only,
 * and what comes after their first render with the first submit (src/lib/islands/prefetch.ts).
 */
export async function spareData(page: Page) {
  await page.addInitScript(() => {
    const connection = (navigator as Navigator & { connection?: object }).connection;
    if (connection) Object.defineProperty(Object.getPrototypeOf(connection), 'saveData', { get: () => true });
  });
}

/**
 * Publish a new deploy while `page` is open (tests/support/deploy.ts): from now on the build's scripts
 * answer 404, and pages loaded afterwards (a reload) name renamed scripts, served from the same files.
 * Returns the number of page loads since, to count reloads.
 */
export async function deploy(page: Page) {
  let pageLoads = 0;
  await page.route(/^http:\/\/localhost:\d+\//, (route) =>
    // A request the page dropped meanwhile (a reload while scripts were on their way) has nothing to answer.
    serveDeployed(route).catch((error: Error) => {
      if (!/disposed|closed|already handled/i.test(error.message)) throw error;
    }),
  );
  async function serveDeployed(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname.startsWith('/_astro/')) {
      const script = scriptOf(url.pathname.slice('/_astro/'.length), 1);
      if (!script) return route.fallback();
      if ('gone' in script) return route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' });
      const response = await route.fetch({ url: new URL(`/${script.file}`, url).href });
      return route.fulfill({ response, body: nameScriptsOf(await response.text(), 1) });
    }
    if (request.resourceType() !== 'document') return route.fallback();
    pageLoads++;
    const response = await route.fetch();
    return route.fulfill({ response, body: nameScriptsOf(await response.text(), 1) });
  }
  return { pageLoads: () => pageLoads };
}
