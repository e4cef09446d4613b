import { defineConfig, devices } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_FLAGS } from './tests/support/chromium';

/**
 * Browser tests run against the built site (`npm run build:test` first) served
 * by `astro preview`. Chromium comes from CHROME_PATH (Debian's /usr/bin/chromium
 * by default); elsewhere run `npx playwright install chromium` and set
 * CHROME_PATH to empty to use Playwright's own build.
 *
 * Projects by purpose: `desktop` runs every spec but the phone's; `phone` runs
 * only what a phone changes: each page's visit (tests/e2e/visit.spec.ts) and the
 * specs named *.phone.spec.ts (touch, the menu). Traces are recorded on a
 * test's retry only, so the loops of passing tests cost nothing. The phone is
 * the Pixel 7 at its own 412 css px, its pictures too (tests/e2e/checks/look.ts):
 * one real device; the desktop's reflow check lays every page out at 320 and 390,
 * and no breakpoint of the site lies between 390 and 412.
 */
const PORT = Number(process.env.PORT ?? 4321);
// Wheel scrolls land at once: a smooth scroll's animation is waited out (the visit's first scroll took 0.66 s a
// page, 0.12 s without it) and no test is about the animation. The bench and Lighthouse keep Chromium's default.
const launchOptions = { executablePath: CHROME_PATH, args: [...CHROMIUM_FLAGS, '--disable-smooth-scrolling'] };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The visit's pictures (tests/e2e/checks/look.ts), one folder per project and no platform suffix: CI runs
  // the same Debian bookworm, fonts and Chromium as the machines that make them, so one set serves both.
  snapshotPathTemplate: '{testDir}/looks/{projectName}/{arg}{ext}',
  fullyParallel: true,
  // A stray test.only must not silently skip the rest of the suite in CI.
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The HTML report (playwright-report/, `npx playwright show-report`) shows a look's baseline, new picture and difference side by side.
  reporter: [['list'], ['./tests/support/figures-reporter.ts'], ['html', { open: 'never' }]],
  use: { baseURL: `http://localhost:${PORT}`, trace: 'on-first-retry', launchOptions },
  projects: [
    { name: 'desktop', testIgnore: /\.phone\.spec\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'phone', testMatch: [/visit\.spec\.ts$/, /\.phone\.spec\.ts$/], use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: {
    command: `npx astro preview --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
