/**
 * The Chromium the browser tests (playwright.config.ts) and the benchmark
 * (scripts/bench.mjs) run, and the flags both give it.
 */

/** Debian's /usr/bin/chromium by default; CHROME_PATH picks another, and an empty CHROME_PATH leaves the choice to the runner (Playwright's own build). */
export const CHROME_PATH = process.env.CHROME_PATH === '' ? undefined : (process.env.CHROME_PATH ?? '/usr/bin/chromium');

/**
 * Flags for a container without a sandbox or GPU and with a small /dev/shm,
 * and for figures that do not move with Chromium's own background work
 * (component updates, sync, QUIC probing).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
