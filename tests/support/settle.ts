import type { Page } from '@playwright/test';

/**
 * Wait until a page has done everything it does without a visitor: network
 * idle, idle callbacks run, and every client:load / client:idle island
 * hydrated (Astro removes the `ssr` attribute), then network idle again.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0);
  await page.waitForLoadState('networkidle');
}
