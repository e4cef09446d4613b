/**
 * The first tap, before an island's script has arrived, is done once it has
 * (src/directives/interaction.ts), on a touch screen (the phone project). The
 * island's own chunk is held back (a slow connection) while the visitor taps;
 * then it arrives. A tap on each form's submit, on "Forgot password?" and on
 * Sign In is done once the island is ready, and only once; a tap on an
 * untouched form's submit runs the browser's validation at once, sends
 * nothing, then shows the inline messages. The mouse and a page without
 * JavaScript are ./early-interaction.spec.ts's.
 */
import type { Page } from '@playwright/test';
import { test, expect, holdScript, waitForReady } from './fixtures';
import { authSession, rest } from '../support/supabase/answers';
import { UUID, cases, copy, expectInlineError, label, notice } from './form-cases';

/** Record each `invalid` event (the browser's own validation) and whether the island's script had run by then. */
async function recordInvalidEvents(page: Page) {
  await page.addInitScript(() => {
    const seen: { name: string; hydrated: boolean }[] = [];
    (window as unknown as { invalidEvents: typeof seen }).invalidEvents = seen;
    document.addEventListener(
      'invalid',
      (event) => {
        const control = event.target as HTMLInputElement;
        seen.push({ name: control.name, hydrated: !control.closest('astro-island')?.hasAttribute('ssr') });
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { invalidEvents: { name: string; hydrated: boolean }[] }).invalidEvents);
}

const island = (page: Page, selector: string) => page.locator(`astro-island:has(${selector})`);

test.describe('the first tap, before the island script has arrived', () => {
  // The product-team form, filled before its script runs (its domains are in the HTML), is ./deploy.spec.ts's: one test fewer here.
  for (const c of cases.filter((f) => f.key !== 'product-team')) {
    test(`${c.key}: taps on Submit of the filled form are done once the script is ready, and send one row`, async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
      const chunk = await holdScript(page, c.component);
      await page.goto(c.path);
      const form = page.locator(`#${c.formId}`);
      await c.fill(form);
      const submit = form.getByRole('button', { name: c.copy.submit });
      await expect(submit).toBeEnabled();
      // An impatient visitor taps twice while the script is on its way.
      await submit.tap();
      await submit.tap();
      await expect(island(page, `#${c.formId}`)).toHaveAttribute('ssr', '');
      await expect.poll(chunk.requested, 'the first touch started loading the script').toBe(1);
      expect(insert.requests).toHaveLength(0);

      chunk.release();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(insert.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);
      expect(new URL(page.url()).search, 'never submitted natively').toBe('');
    });
  }

  for (const c of cases) {
    test(`${c.key}: a tap on Submit of the untouched form validates at once, sends nothing, then shows each field's message`, async ({
      page,
      supabase,
    }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
      const chunk = await holdScript(page, c.component);
      const invalidEvents = await recordInvalidEvents(page);
      await page.goto(c.path);
      const form = page.locator(`#${c.formId}`);
      const fields = copy[c.key].fields as Record<string, { label: string }>;
      const required = c.definition.fields.filter((f) => f.required && f.input !== 'radio');
      await form.getByRole('button', { name: c.copy.submit }).tap();

      // The browser's own validation ran on the tap, before any script of the form.
      await expect.poll(invalidEvents).toContainEqual({ name: required[0].name, hydrated: false });
      await expect(label(form, fields[required[0].name].label)).toBeFocused();
      await expect.poll(chunk.requested, 'the tap started loading the script').toBe(1);

      chunk.release();
      await waitForReady(page, `#${c.formId}`);
      for (const field of required) {
        const message = field.input === 'select' ? copy.common.fieldErrors.choose : copy.common.fieldErrors.required;
        await expectInlineError(page, label(form, fields[field.name].label), message);
      }
      for (const field of c.definition.fields.filter((f) => !f.required && f.input !== 'radio')) {
        await expect(label(form, fields[field.name].label)).not.toHaveAttribute('aria-invalid', 'true');
      }
      await expect(label(form, fields[required[0].name].label)).toBeFocused();
      expect(insert.requests).toHaveLength(0);
      expect(new URL(page.url()).search, 'never submitted natively').toBe('');
    });
  }

  test('/login: a tap on "Forgot password?" opens the reset form once the script is ready', async ({ page }) => {
    const chunk = await holdScript(page, 'SignInCard');
    await page.goto('/login');
    await page.getByRole('button', { name: copy.signIn.forgot.link }).tap();
    await expect(island(page, '#sign-in')).toHaveAttribute('ssr', '');
    await expect.poll(chunk.requested).toBe(1);

    chunk.release();
    const reset = page.locator('#sign-in-forgot');
    await expect(reset).toBeVisible();
    await expect(reset.getByRole('heading', { name: copy.signIn.forgot.heading })).toBeVisible();
  });

  test('/login: taps on Sign In of the filled card sign in once the script is ready, with one request', async ({ page, supabase }) => {
    const token = supabase.answer('POST /auth/v1/token?grant_type=password', { status: 200, json: authSession() });
    const chunk = await holdScript(page, 'SignInCard');
    await page.goto('/login');
    const form = page.locator('#sign-in');
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill('ada@example.com');
    await form.getByLabel(copy.signIn.fields.password.label, { exact: true }).fill('correct horse');
    const submit = form.getByRole('button', { name: copy.signIn.submit });
    await submit.tap();
    await submit.tap();
    await expect(island(page, '#sign-in')).toHaveAttribute('ssr', '');

    chunk.release();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
    expect(token.bodies()).toEqual([{ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} }]);
    await page.waitForURL((url) => url.pathname === '/');
    expect(token.requests).toHaveLength(1);
  });
});
