/**
 * /login against the built site, Supabase Auth answered by page.route in the
 * shapes it really sends: sign-in success (session stored, notice, home
 * page), the service's own error message, unexpected failures, an existing
 * session and Sign out (also when the service cannot be reached), inline
 * messages of an empty or wrong field, the reset
 * e-mail (PKCE, one notice for every answer) and the new-password form after
 * the code exchange; links with tokens in the fragment are refused.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { expectInlineError } from './form-cases';
import { ANON_KEY, AUTH_STORAGE_KEY, SUPABASE_URL, auth, authSession, fulfillAnswer } from './supabase-mock';
import { readSite } from '../../src/lib/content/read';
import { fill, placeholderValues } from '../../src/lib/content/placeholders';
import type { FormsCopy } from '../../src/lib/content/schemas';

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
/** Every sb-<ref>-auth-token key in localStorage. */
const storedSessions = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k)));

/** Open /login with a stored session (seeded once, so a reload shows what the card left behind). */
async function seedSession(page: Page, session: ReturnType<typeof authSession>) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [AUTH_STORAGE_KEY, JSON.stringify(session)] as const,
  );
}

async function openForgot(page: Page) {
  await openLogin(page);
  await page.getByRole('button', { name: copy.signIn.forgot.link }).click();
  return page.locator('#sign-in-forgot');
}

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
  expect(session).toMatchObject({
    access_token: expect.any(String),
    refresh_token: 'v1.fake-refresh-token',
    user: { email: 'ada@example.com' },
  });
});

test('an empty or wrong field is told inline, with focus on the first, and nothing is sent', async ({ page }) => {
  const requests: string[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 404, json: { message: 'unexpected' } });
  });
  await openLogin(page);
  const form = signInForm(page);
  const email = form.getByLabel(copy.signIn.fields.email.label, { exact: true });
  const password = form.getByLabel(copy.signIn.fields.password.label, { exact: true });
  await form.getByRole('button', { name: copy.signIn.submit }).click();
  await expectInlineError(page, email, raw.common.fieldErrors.required);
  await expectInlineError(page, password, raw.common.fieldErrors.required);
  await expect(email).toBeFocused();
  await email.fill('ada@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await form.getByRole('button', { name: copy.signIn.forgot.link }).click();
  const reset = page.locator('#sign-in-forgot');
  const resetEmail = reset.getByLabel(copy.signIn.fields.email.label, { exact: true });
  await resetEmail.fill('ada at example');
  await reset.getByRole('button', { name: copy.signIn.forgot.submit }).click();
  await expectInlineError(page, resetEmail, copy.signIn.fields.email.invalid!);
  await expect(resetEmail).toBeFocused();
  expect(requests).toEqual([]);
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

test('a client who is already signed in is told so and can sign out ("Signing Out..." meanwhile)', async ({ page }) => {
  const session = authSession('grace@example.com');
  await seedSession(page, session);
  const calls: string[] = [];
  // The logout answer is held until the test has seen "Signing Out...".
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SUPABASE_URL}/auth/v1/**`, async (route) => {
    const r = route.request();
    calls.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    if (new URL(r.url()).pathname === '/auth/v1/logout') {
      expect(r.headers().authorization).toBe(`Bearer ${session.access_token}`);
      await held;
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
  expect(
    scripts.filter((s) => /\/auth\.[^/]*\.js$/.test(s)),
    'a valid stored session needs no auth client yet',
  ).toEqual([]);
  await card.getByRole('button', { name: copy.signIn.signOut }).click();
  await expect(card.getByRole('button', { name: copy.signIn.signingOut })).toBeDisabled();
  release();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.signedOut })).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
  expect(calls).toEqual(['POST /auth/v1/logout?scope=global']);
  // Signed out for good: a reload shows the sign-in form.
  await page.reload();
  await expect(signInForm(page)).toBeVisible();
});

test.describe('sign-out when the service cannot confirm it', () => {
  test.use({ allowConsoleErrors: [/ERR_FAILED|status of 500|did not confirm the sign-out|could not revoke this session/] });
  for (const [what, answer] of [
    ['the logout request fails (offline)', auth.networkError],
    ['the service answers 500', auth.unexpectedFailure],
  ] as const) {
    test(`still signs this browser out when ${what}, and says other devices may still be signed in`, async ({ page }) => {
      const session = authSession('grace@example.com');
      await seedSession(page, session);
      const calls: string[] = [];
      await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
        const r = route.request();
        const url = new URL(r.url());
        calls.push(`${r.method()} ${url.pathname}${url.search}`);
        expect(r.headers().authorization).toBe(`Bearer ${session.access_token}`);
        if (url.pathname === '/auth/v1/logout') return fulfillAnswer(route, answer);
        return route.fulfill({ status: 404, json: { message: 'unexpected' } });
      });
      await openLogin(page, '', { interact: false });
      const card = page.getByTestId('signed-in');
      await card.getByRole('button', { name: copy.signIn.signOut }).click();
      await expect(page.getByRole('alert').filter({ hasText: copy.signIn.signedOutHere })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: copy.signIn.signedOut })).toHaveCount(0);
      await expect(signInForm(page)).toBeVisible();
      await expect(card).toHaveCount(0);
      expect(await storedSessions(page)).toEqual([]);
      // The global sign-out, then the local one (which removes the session before its own request).
      expect(calls).toEqual(['POST /auth/v1/logout?scope=global', 'POST /auth/v1/logout?scope=local']);
      await page.reload();
      await expect(signInForm(page)).toBeVisible();
      expect(await storedSessions(page)).toEqual([]);
    });
  }
});

test('an expired stored session is refreshed at once (TOKEN_REFRESHED) and stays signed in', async ({ page }) => {
  const expired = { ...authSession('grace@example.com'), expires_at: Math.floor(Date.now() / 1000) - 60 };
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [AUTH_STORAGE_KEY, JSON.stringify(expired)] as const,
  );
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

test('"Forgot password?" sends a PKCE reset request and says the same whether or not the address has an account', async ({ page }) => {
  const requests: { url: URL; body: Record<string, unknown> }[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    requests.push({ url: new URL(route.request().url()), body: route.request().postDataJSON() });
    return fulfillAnswer(route, auth.ok);
  });
  const form = await openForgot(page);
  await expect(form.getByRole('heading', { name: copy.signIn.forgot.heading })).toBeVisible();
  for (const email of ['client@example.com', 'nobody@example.com']) {
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(email);
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent }).first()).toBeVisible();
    await expect(form.getByRole('button', { name: copy.signIn.forgot.submit })).toBeEnabled();
  }
  expect(requests.map((r) => `${r.url.pathname}?redirect_to=${r.url.searchParams.get('redirect_to')}`)).toEqual([
    `/auth/v1/recover?redirect_to=${new URL('/login', page.url()).href}`,
    `/auth/v1/recover?redirect_to=${new URL('/login', page.url()).href}`,
  ]);
  for (const [i, email] of ['client@example.com', 'nobody@example.com'].entries()) {
    expect(requests[i].body).toEqual({
      email,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 's256',
      gotrue_meta_security: {},
    });
  }
  // The challenge is the SHA-256 of the verifier this browser keeps for the code exchange.
  const verifier = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(`${key}-code-verifier`) ?? 'null') as string | null,
    AUTH_STORAGE_KEY,
  );
  expect(verifier).toMatch(/\/recovery$/);
  expect(createHash('sha256').update(verifier!.split('/')[0]).digest('base64url')).toBe(requests[1].body.code_challenge);
  await form.getByRole('button', { name: copy.signIn.forgot.back }).click();
  await expect(signInForm(page)).toBeVisible();
});

test.describe('reset answers that must reveal nothing', () => {
  test.use({ allowConsoleErrors: [/status of (400|429|500)/] });
  test('200, 429, 400 and 500 all give the one neutral notice', async ({ page }) => {
    const answers = [auth.ok, auth.emailRateLimited, auth.invalidEmail, auth.unexpectedFailure];
    let n = 0;
    await page.route(`${SUPABASE_URL}/auth/v1/recover**`, (route) => fulfillAnswer(route, answers[n++]));
    const notices: string[] = [];
    for (let i = 0; i < answers.length; i++) {
      // A fresh page for each answer, so each notice is the answer's own.
      const form = await openForgot(page);
      await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(`client${i}@example.com`);
      await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
      await expect.poll(() => n).toBe(i + 1);
      await expect(form.getByRole('button', { name: copy.signIn.forgot.submit })).toBeEnabled();
      const shown = page.locator('[role="status"], [role="alert"]').filter({ hasText: /\S/ });
      await expect(shown).toHaveCount(1);
      notices.push(`${await shown.getAttribute('role')}: ${(await shown.innerText()).trim()}`);
    }
    expect(notices).toEqual(answers.map(() => `status: ${copy.signIn.forgot.sent}`));
  });
});

test.describe('reset without a connection', () => {
  test.use({ allowConsoleErrors: [/ERR_FAILED|could not be reached/] });
  test('says the service could not be reached (the only reset answer told apart)', async ({ page }) => {
    await page.route(`${SUPABASE_URL}/auth/v1/recover**`, (route) => fulfillAnswer(route, auth.networkError));
    const form = await openForgot(page);
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill('client@example.com');
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.signIn.forgot.error })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent })).toHaveCount(0);
  });
});

test('the reset link returns with a code that this browser exchanges (PKCE) for the new-password form, which saves the password', async ({
  page,
}) => {
  const session = authSession('ada@example.com');
  const calls: { call: string; body: unknown }[] = [];
  let saved: unknown;
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    const r = route.request();
    const url = new URL(r.url());
    calls.push({
      call: `${r.method()} ${url.pathname}${url.search.replace(/redirect_to=[^&]*/, 'redirect_to=…')}`,
      body: r.postDataJSON(),
    });
    if (url.pathname === '/auth/v1/recover') return fulfillAnswer(route, auth.ok);
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'pkce')
      return route.fulfill({ status: 200, json: session });
    if (url.pathname === '/auth/v1/user' && r.method() === 'PUT') {
      saved = r.postDataJSON();
      return route.fulfill({ status: 200, json: session.user });
    }
    return route.fulfill({ status: 404, json: { message: 'unexpected' } });
  });
  const form = await openForgot(page);
  await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill('ada@example.com');
  await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent })).toBeVisible();
  const verifier = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(`${key}-code-verifier`) ?? '""') as string).split('/')[0],
    AUTH_STORAGE_KEY,
  );

  // The e-mail's link: Supabase Auth verifies it and redirects to /login?code=… in the same browser.
  await openLogin(page, '?code=9f3c2a71-0b1e-4c55-8a0d-2f5d3e6b7a10', { interact: false });
  const recovery = page.locator('#sign-in-recovery');
  await expect(recovery.getByRole('heading', { name: copy.signIn.recovery.heading })).toBeVisible();
  expect(new URL(page.url()).search, 'the one-time code leaves the address bar').toBe('');
  const field = recovery.getByLabel(copy.signIn.recovery.field.label, { exact: true });
  await expect(field).toHaveAttribute('minlength', '8');
  await field.fill('a new passw0rd');
  await recovery.getByRole('button', { name: copy.signIn.recovery.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.recovery.success })).toBeVisible();
  expect(saved).toMatchObject({ password: 'a new passw0rd' });
  await expect(page.getByTestId('signed-in')).toContainText('ada@example.com');
  expect(calls.map((c) => c.call)).toEqual([
    'POST /auth/v1/recover?redirect_to=…',
    'POST /auth/v1/token?grant_type=pkce',
    'PUT /auth/v1/user',
  ]);
  expect(calls[1].body).toEqual({ auth_code: '9f3c2a71-0b1e-4c55-8a0d-2f5d3e6b7a10', code_verifier: verifier });
});

test('an old-style link with tokens in the fragment is refused: no session, no request, the tokens leave the address, and the visitor is told', async ({
  page,
}) => {
  const session = authSession('ada@example.com');
  const calls: string[] = [];
  await page.route(`${SUPABASE_URL}/auth/v1/**`, (route) => {
    calls.push(`${route.request().method()} ${route.request().url()}`);
    return route.fulfill({ status: 200, json: session.user });
  });
  const hash = new URLSearchParams({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: '3600',
    expires_at: String(session.expires_at),
    token_type: 'bearer',
    type: 'recovery',
  });
  await openLogin(page, `#${hash}`, { interact: false });
  await expect(page.getByRole('alert').filter({ hasText: copy.signIn.linkRefused })).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
  await expect(page.locator('#sign-in-recovery')).toHaveCount(0);
  expect(page.url()).not.toContain('access_token');
  expect(page.url()).not.toContain('#');
  // Using the card now (which loads the auth client) still accepts nothing from that link.
  const authChunks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /\/auth\.[^/]*\.js$/.test(new URL(r.url()).pathname)) authChunks.push(r.url());
  });
  await signInForm(page).getByLabel(copy.signIn.fields.email.label, { exact: true }).focus();
  await expect.poll(() => authChunks.length).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(await storedSessions(page)).toEqual([]);
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

test("a client who types before the card's script has arrived loses no character and no focus", async ({ page }) => {
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
