/**
 * The site survives its own deploys (src/lib/forms/recovery.ts): a page opened
 * before a new version was published names scripts that are gone (404). The
 * visitor's press reloads the page once, what was typed comes back, and the
 * press is carried out once, or the page says what to press; offline, the page
 * says so and sends once the connection is back; where a reload cannot help
 * (a script the network never delivers), the page says so and offers a way on.
 * The deploy is simulated while serving (tests/support/deploy.ts).
 */
import type { Page } from '@playwright/test';
import { test, expect, deploy, spareData, waitForReady } from './fixtures';
import { rest } from '../support/supabase/answers';
import { UUID, cases, copy, label, notice, values } from './form-cases';
import { fill as fillPlaceholders } from '../../src/lib/content/placeholders';

// What the browser and Astro log about the scripts that did not load; the visitor is told in words instead.
// One RegExp in the array: test.use() would read an array of several as a value and its options.
test.use({ allowConsoleErrors: [/Failed to load resource|\[astro-island\] Error hydrating|The sign-in module could not load/] });

const supportEmail = values['email.support'];
const pageNotice = (page: Page, formId: string) => page.locator(`[data-island-notice="${formId}"] [data-notice-text]`);

for (const c of cases) {
  test(`${c.key}: published after the page loaded, a press reloads once, keeps what was typed and sends it once`, async ({
    page,
    supabase,
  }) => {
    const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
    await page.goto(c.path);
    const published = await deploy(page);
    const form = page.locator(`#${c.formId}`);
    await c.fill(form);
    await form.getByRole('button', { name: c.copy.submit }).click();

    await expect(notice(page, 'status', c.success)).toBeVisible();
    expect(published.pageLoads(), 'one reload').toBe(1);
    expect(insert.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);
  });
}

test('contact: a press while offline says so, keeps the press and sends once the connection is back, before and after its script runs', async ({
  page,
  context,
  supabase,
}) => {
  const c = cases[0];
  const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
  await page.goto(c.path);
  await context.setOffline(true);
  const form = page.locator(`#${c.formId}`);
  await c.fill(form);
  await form.getByRole('button', { name: c.copy.submit }).click();
  await expect(pageNotice(page, 'contact')).toHaveText(copy.common.pageUpdate.offline);
  await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
  expect(insert.requests).toHaveLength(0);

  await context.setOffline(false);
  await expect(notice(page, 'status', c.success)).toBeVisible();
  expect(insert.bodies()).toEqual([{ id: expect.stringMatching(UUID), ...c.expected }]);

  // Its script running now, the form itself says so when offline, and sends once the connection is back.
  await context.setOffline(true);
  await c.fill(form);
  await form.getByRole('button', { name: c.copy.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: copy.common.pageUpdate.offline })).toBeVisible();
  expect(insert.requests).toHaveLength(1);
  await context.setOffline(false);
  await expect.poll(() => insert.requests.length).toBe(2);
  expect(insert.bodies()[1]).toEqual({ id: expect.stringMatching(UUID), ...c.expected });
  expect(insert.bodies()[1].id, 'a new row').not.toBe(insert.bodies()[0].id);
});

test('contact: a script the network never delivers reloads once, then says so with a way on; nothing is sent', async ({ page }) => {
  const c = cases[0];
  let loads = 0;
  page.on('load', () => loads++);
  await page.route(new RegExp(`/_astro/${c.component}\\.[\\w-]+\\.js`), (route) => route.abort('failed'));
  await page.goto(c.path);
  const form = page.locator(`#${c.formId}`);
  await c.fill(form);
  await form.getByRole('button', { name: c.copy.submit }).click();

  const said = pageNotice(page, 'contact');
  await expect(said).toContainText(fillPlaceholders(copy.common.pageUpdate.failed, values));
  await expect(said.getByRole('button', { name: copy.common.pageUpdate.reload })).toBeVisible();
  await expect(said.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
  expect(loads, 'one reload, never a loop').toBe(2);
  await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
});

test.describe('the sign-in card', () => {
  const signIn = copy.signIn;

  test('published after the page loaded: Sign In reloads once, the e-mail comes back (never the password) and the page says what to press', async ({
    page,
  }) => {
    await page.goto('/login');
    const published = await deploy(page);
    const form = page.locator('#sign-in');
    await form.getByLabel(signIn.fields.email.label, { exact: true }).fill('ada@example.com');
    await form.getByLabel(signIn.fields.password.label, { exact: true }).fill('correct horse');
    await form.getByRole('button', { name: signIn.submit }).click();

    await expect(pageNotice(page, 'sign-in')).toHaveText(signIn.pageUpdate.reloaded);
    expect(published.pageLoads()).toBe(1);
    await expect(form.getByLabel(signIn.fields.email.label, { exact: true })).toHaveValue('ada@example.com');
    await expect(form.getByLabel(signIn.fields.password.label, { exact: true })).toHaveValue('');
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('correct horse');
  });

  // Nothing reaches Supabase: the stand-in fails the test on any call. Sparing data, the card fetches nothing
  // ahead of its use (otherwise its auth module would be fetched once it is ready, and the deploy find it there).
  test('published after the card hydrated, before its auth module came: Sign In reloads once and nothing is sent', async ({ page }) => {
    await spareData(page);
    await page.goto('/login');
    const form = page.locator('#sign-in');
    // Hydrate without hovering or focusing the card (either starts loading the auth module).
    await form.dispatchEvent('pointerdown');
    await waitForReady(page, '#sign-in');
    const published = await deploy(page);
    await form.getByLabel(signIn.fields.email.label, { exact: true }).fill('ada@example.com');
    await form.getByLabel(signIn.fields.password.label, { exact: true }).fill('correct horse');
    await form.getByRole('button', { name: signIn.submit }).click();

    await expect(pageNotice(page, 'sign-in')).toHaveText(signIn.pageUpdate.reloaded);
    expect(published.pageLoads()).toBe(1);
    await expect(form.getByLabel(signIn.fields.email.label, { exact: true })).toHaveValue('ada@example.com');
  });
});
