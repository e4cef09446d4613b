/**
 * The published headers at work, beyond the page loads (each page's visit,
 * ./visit.spec.ts, runs under them and fails on any CSP violation): each
 * response from the preview server gets the headers Netlify would give its
 * path from the build output (each page's Content-Security-Policy and COOP
 * from dist/_headers, and netlify.toml's fixed Permissions-Policy, CORP …:
 * ./published-headers.ts), on top of the CSP <meta> Astro writes into each
 * page. Here: the check itself (a violation is caught), the site search's
 * WebAssembly, and a form submitted under them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { test, expect, hydrateByInteraction } from './fixtures';
import type { FormsCopy } from '../../src/lib/content/schemas';
import { DIST } from '../support/site-under-test';
import { applyPublishedHeaders, violations } from './published-headers';
import { settle } from '../support/settle';
import { rest } from '../support/supabase/answers';

// Requests still in flight when a test ends must not fail it.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

test.describe('the CSP check itself', () => {
  // This test provokes a violation on purpose; the console error it causes is expected.
  test.use({ allowConsoleErrors: [/Content Security Policy/] });
  test('the header reaches the page and the recorder catches a violation', async ({ page }) => {
    await applyPublishedHeaders(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy'], 'dist/_headers gives / its policy').toContain("frame-ancestors 'none'");
    expect(response?.headers()['content-security-policy']).toContain("'sha256-");
    expect(response?.headers()['cross-origin-opener-policy'], 'dist/_headers gives / the strict opener policy').toBe('same-origin');
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

test.describe('Content-Security-Policy from the build output', () => {
  test('the site search (Pagefind WebAssembly) runs under the policy', async ({ page }) => {
    test.skip(!existsSync(join(DIST, 'pagefind', 'pagefind.js')), 'no Pagefind bundle in this build');
    await applyPublishedHeaders(page);
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

  test('a form is submitted under the policy (its island, the Supabase request and the notice)', async ({ page, supabase }) => {
    const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms.contact;
    const insert = supabase.answer('POST /rest/v1/contact_submissions', rest.created);
    await applyPublishedHeaders(page);
    await page.goto('/contact');
    const form = page.locator('#form-contact');
    await hydrateByInteraction(page, '#form-contact');
    await expect(form.getByRole('button', { name: copy.submit })).toBeEnabled();
    await form.getByLabel(copy.fields.firstName.label, { exact: true }).fill('Ada');
    await form.getByLabel(copy.fields.lastName.label, { exact: true }).fill('Lovelace');
    await form.getByLabel(copy.fields.email.label, { exact: true }).fill('ada@example.com');
    await form.getByLabel(copy.fields.message.label, { exact: true }).fill('We would like to automate our support desk.');
    await form.getByRole('button', { name: copy.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.success.text })).toBeVisible();
    expect(insert.requests).toHaveLength(1);
    expect(await violations(page), 'CSP violations').toEqual([]);
  });
});
