/**
 * Every page under the real response headers: each response from the preview
 * server gets the headers netlify.toml gives its path (Content-Security-Policy,
 * Permissions-Policy, COOP, CORP …), on top of the CSP <meta> Astro writes
 * into each page. Fails on any CSP violation (securitypolicyviolation events,
 * recorded by an init script) and, through the fixture, on any console error
 * ("Refused to …" messages included). Each page is also scrolled (which
 * hydrates the parallax hero) and, on phones, the menu opened (which hydrates
 * the mobile menu), so lazily loaded code runs under the policy too.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { headersFor, type HeaderRule } from '../../src/lib/netlify';
import { DIST, readNetlifyToml, sitePages } from '../support/site';
import { settle } from '../support/settle';

const rules = (readNetlifyToml().headers ?? []) as HeaderRule[];

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

async function applyNetlifyHeaders(page: Page) {
  await page.addInitScript(() => {
    const list: unknown[] = ((window as unknown as { __csp: unknown[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  await page.route(
    (url) => /^(localhost|127\.0\.0\.1)$/.test(url.hostname),
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), ...headersFor(rules, new URL(route.request().url()).pathname) };
      await route.fulfill({ response, headers });
    },
  );
}

// Requests still in flight when a test ends must not fail it.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);

test.describe('the CSP check itself', () => {
  // This test provokes a violation on purpose; the console error it causes is expected.
  test.use({ allowConsoleErrors: [/Content Security Policy/] });
  test('the header reaches the page and the recorder catches a violation', async ({ page }) => {
    test.skip(!rules.length, 'netlify.toml has no headers');
    await applyNetlifyHeaders(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // JSON-LD is a data block: present, not hashed, and not reported.
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
    await settle(page);
    expect(await violations(page)).toEqual([]);
    // An inline script that no hash allows must be refused and reported (the check below can fail).
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
    });
    await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toContain('script-src-elem');
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(messages.some((m) => /Executing inline script violates|Refused to execute inline script/.test(m))).toBe(true);
  });

});

test.describe('Content-Security-Policy from netlify.toml', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const { path, source } of sitePages()) {
    test(`${source === '404' ? '404 page' : path} loads with no CSP violation`, async ({ page, isMobile, problems }) => {
      await applyNetlifyHeaders(page);
      await page.goto(path);
      await settle(page);
      // Islands that wait for the first scroll (the parallax hero) hydrate under the policy too.
      await page.mouse.move(5, 5);
      await page.mouse.wheel(0, 400);
      if (await page.locator('[data-parallax-hero]').count()) await waitForIsland(page, '[data-parallax-hero]');
      if (isMobile) {
        const menu = page.getByRole('button', { name: 'Menu' });
        if (await menu.isVisible()) {
          await menu.click();
          await waitForIsland(page, '[popovertarget]');
        }
      }
      await page.waitForLoadState('networkidle');
      expect(await violations(page), 'CSP violations').toEqual([]);
      expect(problems.blockedRequests, 'requests leaving the site').toEqual([]);
    });
  }

  test('the site search (Pagefind WebAssembly) runs under the policy', async ({ page }) => {
    test.skip(!existsSync(join(DIST, 'pagefind', 'pagefind.js')), 'no Pagefind bundle in this build');
    await applyNetlifyHeaders(page);
    await page.goto('/');
    const count = await page.evaluate(async () => {
      const pagefind = await import('/pagefind/pagefind.js' as string);
      await pagefind.init();
      const search = await pagefind.search('services');
      return search.results.length as number;
    });
    expect(count).toBeGreaterThan(0);
    expect(await violations(page), 'CSP violations').toEqual([]);
  });
});
