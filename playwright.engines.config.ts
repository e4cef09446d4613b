import { defineConfig } from '@playwright/test';
import { ENGINES, engineUnavailable, type EngineOptions } from './tests/engines/browsers';

/**
 * The smoke suite in the two other engines (`npm run test:engines`, after
 * `npm run build:test`): Firefox is Debian's firefox-esr driven by Playwright
 * over WebDriver BiDi, WebKit is WebKitGTK's MiniBrowser driven over classic
 * WebDriver (WebKitWebDriver under xvfb-run). Each worker serves dist/ itself
 * next to a local Supabase stub (tests/engines/).
 *
 * Elsewhere: FIREFOX_PATH='' and WEBKIT_DRIVER_PATH='' use Playwright's own
 * builds (`npx playwright install firefox webkit`). An engine that is missing
 * is skipped with a message on a developer's machine and fails the run in CI.
 */
const ci = Boolean(process.env.CI);
const missing = ENGINES.map((options) => [options.engine, engineUnavailable(options)] as const).filter(([, why]) => why);
if (missing.length) {
  const message = `Cross-engine suite: ${missing.map(([engine, why]) => `${engine}: ${why}`).join('; ')}.`;
  if (ci) throw new Error(`${message} CI runs every engine.`);
  // Once, from the runner (workers load this file too).
  if (process.env.TEST_WORKER_INDEX === undefined) console.warn(`${message} Its tests are skipped here (see README.md).`);
}

export default defineConfig<EngineOptions>({
  testDir: 'tests/engines',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: ci,
  // Two browsers at a time (Firefox's and WebKit's projects side by side): each spends much of its time on
  // WebDriver round trips and its worker's start, so on two cores the stage took 162 s with one, 111 s with two.
  workers: Number(process.env.ENGINE_WORKERS ?? 2),
  retries: ci ? 1 : 0,
  reporter: [['list']],
  projects: ENGINES.map((use) => ({ name: use.engine, use })),
});
