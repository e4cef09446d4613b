import type { Page, Request } from '@playwright/test';

/** How long no request may be in flight before the network counts as quiet (localhost answers in a few ms). */
const QUIET_MS = 150;

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Count `page`'s requests in flight from now on (the e2e fixture does it for every page before it
 * loads anything), so settle() can tell a quiet network without sitting through Playwright's
 * fixed half second of "networkidle".
 */
export function trackRequests(page: Page): void {
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
}

/** Wait until no request of the page has been in flight for QUIET_MS (networkidle where requests are not tracked). */
export async function networkQuiet(page: Page): Promise<void> {
  const requests = inFlight.get(page);
  if (!requests) return page.waitForLoadState('networkidle');
  for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS;) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (requests.size > 0) quietSince = Date.now();
  }
}

/**
 * Wait until a page has done everything it does without a visitor: loaded,
 * the network quiet, idle callbacks run, and every client:load / client:idle
 * island hydrated (Astro removes the `ssr` attribute), then the network quiet
 * again (what those islands fetched has arrived).
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  await networkQuiet(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0);
  await networkQuiet(page);
}
