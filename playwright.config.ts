import { defineConfig, devices } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_FLAGS } from './tests/support/chromium';

/**
 * Browser tests run against the built site (`npm run build` first) served by
 * `astro preview`. Chromium comes from CHROME_PATH (Debian's /usr/bin/chromium
 * by default); elsewhere run `npx playwright install chromium` and set
 * CHROME_PATH to empty to use Playwright's own build.
 */
const PORT = Number(process.env.PORT ?? 4321);
const launchOptions = { executablePath: CHROME_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // A stray test.only must not silently skip the rest of the suite in CI.
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { baseURL: `http://localhost:${PORT}`, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: {
    command: `npx astro preview --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
