/**
 * /login against the built site, Supabase Auth answered by page.route in the
 * shapes it really sends: sign-in success (session stored, notice, home
 * page), the service's own error message, unexpected failures, an existing
 * session and Sign out, the reset e-mail and the new-password form.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { ANON_KEY, AUTH_STORAGE_KEY, SUPABASE_URL, auth, authSession, fulfillAnswer } from './supabase-mock';
import { readSite } from '../../src/lib/manifest';
import { fill, placeholderValues } from '../../src/lib/placeholders';
import type { FormsCopy } from '../../src/lib/schemas';

const site = readSite('content');
const raw = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms;
const copy = { signIn: raw.signIn, team: raw.teamSignIn };
const values = placeholderValues(site);

const CARD = '#sign-in, [data-testid="signed-in"], #sign-in-recovery';

/** Open /login and start the card as a visitor would (it hydrates on first interaction, or at once with a stored session). */
async function openLogin(page: Page, hash = '', { interact = true } = {}) {
  await page.goto(`/login${hash}`);
  if (interact) await page.locator(`astro-island:has(${CARD})`).dispatchEvent('pointerdown');
  await waitForIsland(page, CARD);
}

const signInForm = (page: Page) => page.locator('#sign-in');
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);

async function fillSignIn(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(email);
  await form.getByLabel(copy.signIn.fields.password.label, { exact: true }).fill(password);
  return form;
}

test('is titled "Access {brand}", not indexed, with the client card and the team card', async ({ page }) => {
  await openLogin(page);
  await expect(page).toHaveTitle(`Access ${site.brand}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Access ${site.brand}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: copy.signIn.heading })).toBeVisible();
  const team = page.getByRole('link', { name: new RegExp(copy.team.button) });
  await expect(team).toHaveAttribute('href', site.urls.teamAuth);
  await expect(team).toHaveAttribute('target', '_blank');
  await expect(team).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByText(fill(copy.team.text, values))).toBeVisible();
  const form = signInForm(page);
  await expect(form.getByLabel(copy.signIn.fields.email.label, { exact: true })).toHaveAttribute('type', 'email');
  await expect(form.getByLabel(copy.signIn.fields.password.label, { exact: true })).toHaveAttribute('required', '');
});

test('passes axe', async ({ page }) => {
  await openLogin(page);
  const results = await new AxeBuilder({ page }).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations).toEqual([]);
});

test('signs a client in: "Signing In...", the session in localStorage, "Successfully signed in!", then the home page', async ({ page }) => {
  const requests: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SUPABASE_URL}/auth/v1/**`, async (route) => {
    const r = route.request();
    requests.push({ url: r.url(), body: r.postDataJSON(), headers: await r.allHeaders() });
    if (new URL(r.url()).pathname !== '/auth/v1/token') return route.fulfill({ status: 404, json: { message: 'unexpected' } });
    await held;
    return route.fulfill({ status: 200, json: authSession() });
  });
  await openLogin(page);
  const form = await fillSignIn(page, 'ada@example.com', 'correct horse');
  await form.getByRole('button', { name: copy.signIn.submit }).click();
  await expect(form.getByRole('button', { name: copy.signIn.submitting })).toBeDisabled();
  release();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');

  expect(requests).toHaveLength(1);
  expect(requests[0].url).toBe(`${SUPABASE_URL}/auth/v1/token?grant_type=password`);
  expect(requests[0].body).toEqual({ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} });
  expect(requests[0].headers.apikey).toBe(ANON_KEY);
  expect(requests[0].headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  const session = JSON.parse((await stored(page)) ?? 'null');
  expect(session).toMatchObject({ access_token: expect.any(String), refresh_token: 'v1.fake-refresh-token', user: { email: 'ada@example.com' } });
});

test.describe('refused by the service', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });
  test("shows the service's own message and stores nothing", async ({ page }) => {
    await page.route(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, (route) => fulfillAnswer(route, auth.invalidCredentials));
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'wrong');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await expect(form.getByRole('button', { name: copy.signIn.submit })).toBeEnabled();
    await expect(form.getByLabel(copy.signIn.fields.email.label, { exact: true })).toHaveValue('ada@example.com');
    expect(await stored(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test.describe('rate limited', () => {
  test.use({ allowConsoleErrors: [/status of 429/] });
  test("shows the service's rate-limit message", async ({ page }) => {
    await page.route(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, (route) => fulfillAnswer(route, auth.rateLimited));
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'again');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Request rate limit reached' })).toBeVisible();
  });
});

test.describe('network failure', () => {
  test.use({ allowConsoleErrors: [/ERR_FAILED|Sign-in failed/] });
  test('shows "An unexpected error occurred"', async ({ page }) => {
    await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => route.abort('failed'));
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'correct horse');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.signIn.unexpectedError })).toBeVisible();
    expect(await stored(page)).toBeNull();
  });
});

test('a client who is already signed in is told so and can sign out', async ({ page }) => {
  const session = authSession('grace@example.com');
  await page.addInitScript(([key, value]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, value);
      sessionStorage.setItem('seeded', '1');
    }
  }, [AUTH_STORAGE_KEY, JSON.stringify(session)] as const);
  const calls: string[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    const r = route.request();
    calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    if (new URL(r.url()).pathname === '/auth/v1/logout') {
      expect(r.headers().authorization).toBe(`Bearer ${session.access_token}`);
      return route.fulfill({ status: 204, body: '' });
    }
    return route.fulfill({ status: 404, json: { message: 'unexpected' } });
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // A stored session hydrates the card at once, with no interaction.
  await openLogin(page, '', { interact: false });
  const card = page.getByTestId('signed-in');
  await expect(card).toContainText(`${copy.signIn.signedInAs} grace@example.com.`);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/auth\.[^/]*\.js$/.test(s)), 'a valid stored session needs no auth client yet').toEqual([]);
  await card.getByRole('button', { name: copy.signIn.signOut }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.signedOut })).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
  expect(calls).toEqual(['POST /auth/v1/logout']);
  // Signed out for good: a reload shows the sign-in form.
  await page.reload();
  await expect(signInForm(page)).toBeVisible();
});

test('an expired stored session is refreshed at once (TOKEN_REFRESHED) and stays signed in', async ({ page }) => {
  const expired = { ...authSession('grace@example.com'), expires_at: Math.floor(Date.now() / 1000) - 60 };
  await page.addInitScript(([key, value]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, value);
      sessionStorage.setItem('seeded', '1');
    }
  }, [AUTH_STORAGE_KEY, JSON.stringify(expired)] as const);
  const refreshed = authSession('grace@example.com');
  const grants: string[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/token**`, (route) => {
    grants.push(`${new URL(route.request().url()).searchParams.get('grant_type')} ${JSON.stringify(route.request().postDataJSON())}`);
    return route.fulfill({ status: 200, json: { ...refreshed, refresh_token: 'v1.rotated' } });
  });
  await openLogin(page);
  await expect(page.getByTestId('signed-in')).toContainText('grace@example.com');
  await expect.poll(() => grants).toEqual([`refresh_token ${JSON.stringify({ refresh_token: 'v1.fake-refresh-token' })}`]);
  await expect.poll(async () => JSON.parse((await stored(page)) ?? '{}').refresh_token).toBe('v1.rotated');
});

test('"Forgot password?" sends the reset e-mail and says the same whether or not the address has an account', async ({ page }) => {
  const bodies: unknown[] = [];
  const urls: string[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/recover**`, (route) => {
    bodies.push(route.request().postDataJSON());
    urls.push(route.request().url());
    return route.fulfill({ status: 200, json: {} });
  });
  await openLogin(page);
  await page.getByRole('button', { name: copy.signIn.forgot.link }).click();
  const form = page.locator('#sign-in-forgot');
  await expect(form.getByRole('heading', { name: copy.signIn.forgot.heading })).toBeVisible();
  for (const email of ['client@example.com', 'nobody@example.com']) {
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(email);
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent }).first()).toBeVisible();
    await expect(form.getByRole('button', { name: copy.signIn.forgot.submit })).toBeEnabled();
  }
  expect(bodies).toEqual([
    expect.objectContaining({ email: 'client@example.com' }),
    expect.objectContaining({ email: 'nobody@example.com' }),
  ]);
  const redirect = new URL(urls[0]).searchParams.get('redirect_to');
  expect(redirect).toBe(new URL('/login', page.url()).href);
  await form.getByRole('button', { name: copy.signIn.forgot.back }).click();
  await expect(signInForm(page)).toBeVisible();
});

test.describe('reset e-mail refused', () => {
  test.use({ allowConsoleErrors: [/status of 429/] });
  test('a rate limit gives the generic notice, never a hint about the address', async ({ page }) => {
    await page.route(`${SUPABASE_URL}/auth/v1/recover**`, (route) =>
      route.fulfill({ status: 429, json: { code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 60 seconds.' } }),
    );
    await openLogin(page);
    await page.getByRole('button', { name: copy.signIn.forgot.link }).click();
    const form = page.locator('#sign-in-forgot');
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill('client@example.com');
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.signIn.forgot.error })).toBeVisible();
  });
});

test('a password-reset link opens the new-password form, which saves the password', async ({ page }) => {
  const session = authSession('ada@example.com');
  const calls: string[] = [];
  let saved: unknown;
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    const r = route.request();
    const path = new URL(r.url()).pathname;
    calls.push(`${r.method()} ${path}`);
    if (path === '/auth/v1/user' && r.method() === 'GET') return route.fulfill({ status: 200, json: session.user });
    if (path === '/auth/v1/user' && r.method() === 'PUT') {
      saved = r.postDataJSON();
      return route.fulfill({ status: 200, json: session.user });
    }
    return route.fulfill({ status: 404, json: { message: 'unexpected' } });
  });
  const hash = new URLSearchParams({
    access_token: session.access_token, refresh_token: session.refresh_token, expires_in: '3600',
    expires_at: String(session.expires_at), token_type: 'bearer', type: 'recovery',
  });
  // The link's result in the URL hydrates the card at once.
  await openLogin(page, `#${hash}`, { interact: false });
  const form = page.locator('#sign-in-recovery');
  await expect(form.getByRole('heading', { name: copy.signIn.recovery.heading })).toBeVisible();
  const field = form.getByLabel(copy.signIn.recovery.field.label, { exact: true });
  await expect(field).toHaveAttribute('minlength', '8');
  await field.fill('a new passw0rd');
  await form.getByRole('button', { name: copy.signIn.recovery.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.recovery.success })).toBeVisible();
  expect(saved).toMatchObject({ password: 'a new passw0rd' });
  await expect(page.getByTestId('signed-in')).toContainText('ada@example.com');
  expect(page.url()).not.toContain('access_token');
});

test('/login loads no form code, and the auth client only once the card is used (or a session is stored)', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await openLogin(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /SignInCard/.test(s))).toBe(true);
  expect(scripts.filter((s) => /ContactForm|DemoForm|CareersForm|ProductTeamForm|useFormSubmit/.test(s))).toEqual([]);
  const authChunk = (s: string) => /\/auth\.[^/]*\.js$/.test(s);
  expect(scripts.filter(authChunk), 'no auth client before the card is used').toEqual([]);
  await signInForm(page).getByLabel(copy.signIn.fields.email.label, { exact: true }).focus();
  await expect.poll(() => scripts.filter(authChunk).length).toBe(1);
});

test('a client who types before the card\'s script has arrived loses no character and no focus', async ({ page }) => {
  const bodies: unknown[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/token**`, async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, json: authSession('ada@example.com') });
  });
  let delayed = 0;
  await page.route('**/_astro/**/*.js', async (route) => {
    delayed++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login');
  const email = signInForm(page).getByLabel(copy.signIn.fields.email.label, { exact: true });
  const password = signInForm(page).getByLabel(copy.signIn.fields.password.label, { exact: true });
  await email.click();
  await page.keyboard.type('ada@exam', { delay: 30 });
  await expect(page.locator(`astro-island:has(${CARD})`)).toHaveAttribute('ssr', '');
  await waitForIsland(page, CARD);
  expect(delayed).toBeGreaterThan(0);
  await expect(email).toBeFocused();
  await page.keyboard.type('ple.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse');
  await expect(email).toHaveValue('ada@example.com');
  await expect(password).toHaveValue('correct horse');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
  expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} }]);
});
