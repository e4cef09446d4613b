/**
 * What a visitor does before an island's script has arrived happens once it
 * has (src/directives/interaction.ts). The island's own chunk is held back
 * (a slow connection) while the visitor taps; then it arrives. On the phone
 * project (touch emulation): a tap on each form's submit, on "Forgot
 * password?" and on Sign In is done once the island is ready, and only once;
 * a tap on an untouched form's submit runs the browser's validation at once,
 * sends nothing, then shows the inline messages. On the desktop project: the
 * first mouse click on a slow connection, and a form without JavaScript
 * never submits natively.
 */
import type { Page } from '@playwright/test';
import { test, expect, waitForReady } from './fixtures';
import { SUPABASE_URL, authSession, mockInsert, rest } from './supabase-mock';
import { UUID, cases, copy, expectInlineError, label, notice, type FormCase } from './form-cases';

/** The island component of each form (its chunk is /_astro/<name>.<hash>.js). */
const COMPONENT: Record<FormCase['key'], string> = {
  contact: 'ContactForm',
  demo: 'DemoForm',
  careers: 'CareersForm',
  'product-team': 'ProductTeamForm',
};

/** Hold an island's chunk until `release()`, as a slow connection would; `requested()` counts the requests for it. */
async function holdIsland(page: Page, component: string) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  let requested = 0;
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    requested++;
    await arrived;
    await route.continue();
  });
  return { release, requested: () => requested };
}

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
  test.skip(({ hasTouch }) => !hasTouch, 'touch emulation: the phone project');

  // The product-team form's domain list is filled by its script, so it cannot be completed before it runs.
  for (const c of cases.filter((f) => f.key !== 'product-team')) {
    test(`${c.key}: taps on Submit of the filled form are done once the script is ready, and send one row`, async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const chunk = await holdIsland(page, COMPONENT[c.key]);
      await page.goto(c.path);
      const form = page.locator(`#${c.formId}`);
      await c.fill(form);
      const submit = form.getByRole('button', { name: c.copy.submit });
      await expect(submit).toBeEnabled();
      // An impatient visitor taps twice while the script is on its way.
      await submit.tap();
      await submit.tap();
      await expect(island(page, `#${c.formId}`)).toHaveAttribute('ssr', '');
      expect(chunk.requested(), 'the first touch started loading the script').toBe(1);
      expect(mock.requests).toHaveLength(0);

      chunk.release();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(mock.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);
      expect(new URL(page.url()).search, 'never submitted natively').toBe('');
    });
  }

  for (const c of cases) {
    test(`${c.key}: a tap on Submit of the untouched form validates at once, sends nothing, then shows each field's message`, async ({
      page,
    }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const chunk = await holdIsland(page, COMPONENT[c.key]);
      const invalidEvents = await recordInvalidEvents(page);
      await page.goto(c.path);
      const form = page.locator(`#${c.formId}`);
      const fields = copy[c.key].fields as Record<string, { label: string }>;
      const required = c.definition.fields.filter((f) => f.required && f.input !== 'radio');
      await form.getByRole('button', { name: c.copy.submit }).tap();

      // The browser's own validation ran on the tap, before any script of the form.
      await expect.poll(invalidEvents).toContainEqual({ name: required[0].name, hydrated: false });
      await expect(label(form, fields[required[0].name].label)).toBeFocused();
      expect(chunk.requested(), 'the tap started loading the script').toBe(1);

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
      expect(mock.requests).toHaveLength(0);
      expect(new URL(page.url()).search, 'never submitted natively').toBe('');
    });
  }

  test('/login: a tap on "Forgot password?" opens the reset form once the script is ready', async ({ page }) => {
    const chunk = await holdIsland(page, 'SignInCard');
    await page.goto('/login');
    await page.getByRole('button', { name: copy.signIn.forgot.link }).tap();
    await expect(island(page, '#sign-in')).toHaveAttribute('ssr', '');
    expect(chunk.requested()).toBe(1);

    chunk.release();
    const reset = page.locator('#sign-in-forgot');
    await expect(reset).toBeVisible();
    await expect(reset.getByRole('heading', { name: copy.signIn.forgot.heading })).toBeVisible();
  });

  test('/login: taps on Sign In of the filled card sign in once the script is ready, with one request', async ({ page }) => {
    const bodies: unknown[] = [];
    await page.route(`${SUPABASE_URL}/auth/v1/token**`, async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, json: authSession() });
    });
    const chunk = await holdIsland(page, 'SignInCard');
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
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} }]);
    await page.waitForURL((url) => url.pathname === '/');
    expect(bodies).toHaveLength(1);
  });
});

test.describe('the first click on a slow connection', () => {
  test.skip(({ isMobile }) => isMobile, 'mouse: the desktop project');

  test('a click on Send Message of the filled contact form sends it once the script is ready', async ({ page }) => {
    const c = cases[0];
    const mock = await mockInsert(page, c.table, [rest.created]);
    const chunk = await holdIsland(page, COMPONENT[c.key]);
    await page.goto(c.path);
    const form = page.locator(`#${c.formId}`);
    await c.fill(form);
    await form.getByRole('button', { name: c.copy.submit }).click();
    await expect(island(page, `#${c.formId}`)).toHaveAttribute('ssr', '');
    chunk.release();
    await expect(notice(page, 'status', c.success)).toBeVisible();
    expect(mock.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);
  });

  test('a click on "Forgot password?" opens the reset form once the script is ready', async ({ page }) => {
    const chunk = await holdIsland(page, 'SignInCard');
    await page.goto('/login');
    await page.getByRole('button', { name: copy.signIn.forgot.link }).click();
    await expect(island(page, '#sign-in')).toHaveAttribute('ssr', '');
    chunk.release();
    await expect(page.locator('#sign-in-forgot')).toBeVisible();
  });

  test('typing after a press that failed validation drops the press: focus stays where the visitor types', async ({ page }) => {
    const c = cases[0];
    const chunk = await holdIsland(page, COMPONENT[c.key]);
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
  test.skip(({ isMobile }) => isMobile, 'desktop');
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
