/**
 * What the checks read from a page, the same way in every engine: the
 * probe's records, waiting for a condition, islands and network settling.
 */
import type { Tab } from './tab';

export interface ProbeRecord {
  kind: 'error' | 'rejection' | 'resource' | 'console.error' | 'csp';
  text: string;
  page: string;
}

const PROBE_KEY = '__engineProblems';

/** The probe's records since the last call (and a check that the probe runs at all). */
export async function takeProblems(tab: Tab): Promise<ProbeRecord[]> {
  const { loaded, records } = await tab.evaluate((key) => {
    const records = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    sessionStorage.removeItem(key);
    return { loaded: (window as unknown as { __engineProbe?: boolean }).__engineProbe === true, records };
  }, PROBE_KEY);
  if (!loaded) throw new Error('the probe script did not run in this page: errors and CSP violations would go unseen');
  return records as ProbeRecord[];
}

/** Poll `fn` in the page until it returns a truthy value, which is returned. */
export async function waitFor<R, A = undefined>(
  tab: Tab,
  what: string,
  fn: (arg: A) => R | Promise<R>,
  arg?: A,
  timeoutMs = 15_000,
): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await tab.evaluate(fn, arg);
      if (value) return value as NonNullable<R>;
      last = value;
    } catch (error) {
      // A navigation can replace the page under the script: try again.
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Wait until the island holding `selector` has hydrated (Astro removes its `ssr` attribute). */
export const hydrated = (tab: Tab, selector: string) =>
  waitFor(
    tab,
    `the island of ${selector} to hydrate`,
    (s) => document.querySelector(`astro-island:has(${s}):not([ssr])`) !== null,
    selector,
  );

/**
 * Wait until the page has done what it does without a visitor: loaded, every
 * client:load and client:idle island hydrated, and no new resource for a
 * quarter of a second (there is no "network idle" over classic WebDriver).
 */
export const settle = (tab: Tab) =>
  waitFor(tab, 'the page to load, hydrate its islands and go quiet', async () => {
    const resources = () => performance.getEntriesByType('resource').length;
    const before = resources();
    await new Promise((resolve) => setTimeout(resolve, 250));
    return (
      document.readyState === 'complete' &&
      document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0 &&
      resources() === before
    );
  });

/** The trimmed text of the first element matching `selector` ('' when there is none). */
export const textOf = (tab: Tab, selector: string) =>
  tab.evaluate((s) => (document.querySelector(s)?.textContent ?? '').replace(/\s+/g, ' ').trim(), selector);
