/**
 * What a visitor does before an island's script has arrived happens once it
 * has (src/directives/interaction.ts), with a mouse: the island's own chunk
 * is held back (a slow connection) while the visitor clicks, then it arrives.
 * And a form without JavaScript never submits natively. The touch screen is
 * ./early-interaction.phone.spec.ts's.
 */
import type { Page } from '@playwright/test';
import { test, expect, holdScript, waitForReady } from './fixtures';
import { rest } from '../support/supabase/answers';
import { UUID, cases, copy, label, notice } from './form-cases';

const island = (page: Page, selector: string) => page.locator(`astro-island:has(${selector})`);

test.describe('the first click on a slow connection', () => {
  test('a click on Send Message of the filled contact form sends it once the script is ready', async ({ page, supabase }) => {
    const c = cases[0];
    const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
    const chunk = await holdScript(page, c.component);
    await page.goto(c.path);
    const form = page.locator(`#${c.formId}`);
    await c.fill(form);
    await form.getByRole('button', { name: c.copy.submit }).click();
    await expect(island(page, `#${c.formId}`)).toHaveAttribute('ssr', '');
    chunk.release();
    await expect(notice(page, 'status', c.success)).toBeVisible();
    expect(insert.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);
  });

  test('a click on "Forgot password?" opens the reset form once the script is ready', async ({ page }) => {
    const chunk = await holdScript(page, 'SignInCard');
    await page.goto('/login');
    await page.getByRole('button', { name: copy.signIn.forgot.link }).click();
    await expect(island(page, '#sign-in')).toHaveAttribute('ssr', '');
    chunk.release();
    await expect(page.locator('#sign-in-forgot')).toBeVisible();
  });

  test('typing after a press that failed validation drops the press: focus stays where the visitor types', async ({ page }) => {
    const c = cases[0];
    const chunk = await holdScript(page, c.component);
    await page.goto(c.path);
    const form = page.locator(`#${c.formId}`);
    await form.getByRole('button', { name: c.copy.submit }).click();
    const first = label(form, copy.contact.fields.firstName.label);
    await expect(first).toBeFocused();
    await page.keyboard.type('Ada');
    chunk.release();
    await waitForReady(page, `#${c.formId}`);
    await expect(first).toBeFocused();
    await expect(first).toHaveValue('Ada');
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a filled form is never submitted natively: the page stays, nothing lands in the address', async ({ page }) => {
    const c = cases[0];
    await page.goto(c.path);
    const form = page.locator(`#${c.formId}`);
    await c.fill(form);
    await form.getByRole('button', { name: c.copy.submit }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe(c.path);
    expect(new URL(page.url()).search).toBe('');
    await expect(label(form, copy.contact.fields.firstName.label)).toHaveValue('Ada');
  });
});
