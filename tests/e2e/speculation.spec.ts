/**
 * Loading the next page ahead of the click (src/lib/routes/speculation.ts),
 * under the headers Netlify would send (./published-headers.ts: each page's
 * Speculation-Rules header and the rules file's Content-Type come from the
 * build's dist/_headers, as the CSP does). Chromium reports what it
 * speculates through DevTools (Preload domain). Under DevTools, Chromium
 * turns a prerender into a prefetch, so a page served by the speculation
 * shows deliveryType "navigational-prefetch" (or an activationStart above 0
 * where it prerenders).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { applyPublishedHeaders, violations } from './published-headers';
import { CONTENT, readPage } from '../support/site-under-test';
import { readManifest } from '../../src/lib/routes/manifest';
import { unspeculatedPaths } from '../../src/lib/routes/speculation';

interface Attempt {
  action: string;
  url: string;
}

/** What Chromium considers and does: the candidates of the current page, and each prefetch's and prerender's last status. */
async function watchSpeculation(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const seen = { candidates: [] as Attempt[], status: new Map<string, string>() };
  cdp.on('Preload.preloadingAttemptSourcesUpdated', (event) => {
    seen.candidates = event.preloadingAttemptSources.map((s) => ({ action: s.key.action, url: s.key.url }));
  });
  cdp.on('Preload.prefetchStatusUpdated', (event) => seen.status.set(`Prefetch ${event.key.url}`, event.status));
  cdp.on('Preload.prerenderStatusUpdated', (event) => seen.status.set(`Prerender ${event.key.url}`, event.status));
  await cdp.send('Preload.enable');
  return seen;
}

const paths = (attempts: Attempt[], action: string) =>
  attempts.filter((a) => a.action === action).map((a) => new URL(a.url).pathname + new URL(a.url).search);

test.describe('speculation rules', () => {
  // Requests still in flight when a test ends must not fail it.
  test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

  test("a hovered header link's page is served by the speculation, and behaves like a loaded one", async ({ page }) => {
    // Two pages, each response through the header routing: slow on a busy machine.
    test.slow();
    await applyPublishedHeaders(page);
    const seen = await watchSpeculation(page);
    await page.goto('/');
    const link = page.locator('header nav a[href]:not([aria-current])').first();
    const target = new URL((await link.getAttribute('href'))!, page.url()).href;
    await expect.poll(() => paths(seen.candidates, 'Prerender')).toContain(new URL(target).pathname);

    await link.hover();
    await expect.poll(() => seen.status.get(`Prefetch ${target}`), { message: 'the hover starts the speculation' }).toBe('Ready');
    await link.click();
    await page.waitForURL(target);
    const entry = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
        deliveryType?: string;
        activationStart?: number;
      };
      return { deliveryType: navigation.deliveryType, activationStart: navigation.activationStart ?? 0 };
    });
    expect(entry.deliveryType === 'navigational-prefetch' || entry.activationStart > 0, JSON.stringify(entry)).toBe(true);
    expect(seen.status.get(`Prefetch ${target}`)).toBe('Success');

    // As a loaded page: the title of its built HTML, focus at the start (Tab reaches the skip link), and
    // every island of its HTML still waiting for an interaction.
    const built = readPage(new URL(target).pathname);
    const title = await page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html').title, built);
    await expect(page).toHaveTitle(title);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.locator('a[href="#main"]')).toBeFocused();
    const islands = built.match(/<astro-island\b[^>]*\bssr\b/g)?.length ?? 0;
    expect(islands).toBeGreaterThan(0);
    expect(await page.locator('astro-island[ssr]').count()).toBe(islands);
    expect(await violations(page)).toEqual([]);
  });

  test('never prefetches or prerenders /login, /admin, a search, the feed, a file or a marked link', async ({ page }) => {
    await applyPublishedHeaders(page);
    const seen = await watchSpeculation(page);
    const response = await page.goto('/');
    expect(response?.headers()['speculation-rules'], 'dist/_headers names the rules').toBe('"/speculation-rules.json"');
    // Links the rules must leave alone, added to the header beside its real ones.
    const refused = ['/admin', '/admin/config.json', '/search?q=widgets', '/rss.xml', '/about?ref=header'];
    await page.evaluate((hrefs) => {
      // A row of its own under the header's, so the real links keep their places.
      const nav = document.createElement('nav');
      nav.style.cssText = 'position: absolute; top: 4rem; left: 0; display: flex; gap: 1rem; background: white';
      document.querySelector('header')!.append(nav);
      const add = (href: string, attributes: Record<string, string> = {}) => {
        const a = Object.assign(document.createElement('a'), { href, textContent: href });
        for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
        nav.append(a);
      };
      for (const href of hrefs) add(href);
      add('/platform', { 'data-no-speculation': '' });
      add('/platform', { download: '' });
    }, refused);
    const never = unspeculatedPaths(readManifest(CONTENT).routes);
    // Every link of the page to another of its pages is prefetched (eager) and prerendered (moderate), the header's and the rest.
    const links = await page
      .locator('a[href^="/"]:not([aria-current="page"])')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).search));
    expect(links).toContain('/login');
    const header = await page
      .locator('header a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).search));
    expect(links.length, 'links outside the header too').toBeGreaterThan(header.length);
    const expected = [...new Set(links)].filter((href) => !refused.includes(href) && !never.includes(href));
    await expect.poll(() => paths(seen.candidates, 'Prefetch').sort()).toEqual(expected.sort());
    expect(paths(seen.candidates, 'Prerender')).toEqual(expect.arrayContaining(expected));
    const all = seen.candidates.map((a) => new URL(a.url).pathname + new URL(a.url).search);
    for (const href of ['/login', '/search', ...refused]) expect(all, href).not.toContain(href);

    // Hovering the sign-in link, and pressing on the CMS link (released elsewhere, so no click), start nothing either.
    // Each is followed by the same gesture on a link the rules do speculate, and the test waits for that one to
    // start: Chromium takes the gestures in order, so by then the first would have started too.
    const [hoverProbe, pressProbe] = expected.filter((href) => href !== '/' && header.includes(href));
    const started = (href: string) => expect.poll(() => seen.status.get(`Prefetch ${new URL(href, page.url()).href}`)).toBeDefined();
    await page.locator('header a[href="/login"]:visible').hover();
    await page.locator(`header a[href="${hoverProbe}"]:visible`).first().hover();
    await started(hoverProbe);
    const pressAndLetGo = async (selector: string) => {
      await page.locator(selector).first().hover();
      await page.mouse.down();
      await page.mouse.move(5, 400);
      await page.mouse.up();
    };
    await pressAndLetGo('header nav a[href="/admin"]');
    await pressAndLetGo(`header a[href="${pressProbe}"]:visible`);
    await started(pressProbe);
    expect(page.url()).toMatch(/\/$/);
    expect([...seen.status.keys()].filter((key) => /\/(login|admin)\b/.test(key))).toEqual([]);
  });
});
