/**
 * /login against the built site, Supabase Auth answered by the stand-in in the
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
import { axe, describeViolations } from './checks/axe';
import { compareState } from './checks/look';
import type { Page } from '@playwright/test';
import { test, expect, holdScript, waitForIsland } from './fixtures';
import { networkQuiet } from '../support/settle';
import { expectInlineError } from './form-cases';
import { ANON_KEY, AUTH_STORAGE_KEY } from '../support/supabase/project';
import { auth, authSession } from '../support/supabase/answers';
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
  const { violations } = await axe(page).include('#main').analyze();
  expect(describeViolations(violations)).toEqual([]);
});

test('signs a client in: "Signing In...", the session in localStorage, "Successfully signed in!", then the home page', async ({
  page,
  supabase,
}) => {
  supabase.answer('POST /auth/v1/token?grant_type=password', { status: 200, json: authSession() });
  // The answer is held until the test has seen "Signing In...".
  supabase.hold();
  await openLogin(page);
  const form = await fillSignIn(page, 'ada@example.com', 'correct horse');
  await form.getByRole('button', { name: copy.signIn.submit }).click();
  await expect(form.getByRole('button', { name: copy.signIn.submitting })).toBeDisabled();
  supabase.release();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');

  expect(supabase.received.map((r) => r.call)).toEqual(['POST /auth/v1/token?grant_type=password']);
  const [token] = supabase.received;
  expect(token.body).toEqual({ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} });
  expect(token.headers.apikey).toBe(ANON_KEY);
  expect(token.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  const session = JSON.parse((await stored(page)) ?? 'null');
  expect(session).toMatchObject({
    access_token: expect.any(String),
    refresh_token: 'v1.fake-refresh-token',
    user: { email: 'ada@example.com' },
  });
});

test('an empty or wrong field is told inline, with focus on the first, and nothing is sent', async ({ page, supabase }) => {
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
  expect(supabase.received).toEqual([]);
});

test.describe('refused by the service', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });
  test("shows the service's own message and stores nothing", async ({ page, supabase }) => {
    supabase.answer('POST /auth/v1/token?grant_type=password', auth.invalidCredentials);
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'wrong');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await expect(form.getByRole('button', { name: copy.signIn.submit })).toBeEnabled();
    await compareState(page, 'sign-in-refused');
    await expect(form.getByLabel(copy.signIn.fields.email.label, { exact: true })).toHaveValue('ada@example.com');
    expect(await stored(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test.describe('rate limited', () => {
  test.use({ allowConsoleErrors: [/status of 429/] });
  test("shows the service's rate-limit message", async ({ page, supabase }) => {
    supabase.answer('POST /auth/v1/token?grant_type=password', auth.rateLimited);
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'again');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Request rate limit reached' })).toBeVisible();
  });
});

test.describe('network failure', () => {
  test.use({ allowConsoleErrors: [/ERR_FAILED|Sign-in failed/] });
  test('shows "An unexpected error occurred"', async ({ page, supabase }) => {
    supabase.answer('POST /auth/v1/token?grant_type=password', auth.networkError);
    await openLogin(page);
    const form = await fillSignIn(page, 'ada@example.com', 'correct horse');
    await form.getByRole('button', { name: copy.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.signIn.unexpectedError })).toBeVisible();
    expect(await stored(page)).toBeNull();
  });
});

test('a client who is already signed in is told so and can sign out ("Signing Out..." meanwhile)', async ({ page, supabase }) => {
  const session = authSession('grace@example.com');
  await seedSession(page, session);
  supabase.answer('POST /auth/v1/logout?scope=global', { status: 204 });
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
  // The logout answer is held until the test has seen "Signing Out...".
  supabase.hold();
  await card.getByRole('button', { name: copy.signIn.signOut }).click();
  await expect(card.getByRole('button', { name: copy.signIn.signingOut })).toBeDisabled();
  supabase.release();
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.signedOut })).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
  expect(supabase.received.map((r) => r.call)).toEqual(['POST /auth/v1/logout?scope=global']);
  expect(supabase.received[0].headers.authorization).toBe(`Bearer ${session.access_token}`);
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
    test(`still signs this browser out when ${what}, and says other devices may still be signed in`, async ({ page, supabase }) => {
      const session = authSession('grace@example.com');
      await seedSession(page, session);
      supabase.answer('POST /auth/v1/logout', answer);
      await openLogin(page, '', { interact: false });
      const card = page.getByTestId('signed-in');
      await card.getByRole('button', { name: copy.signIn.signOut }).click();
      await expect(page.getByRole('alert').filter({ hasText: copy.signIn.signedOutHere })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: copy.signIn.signedOut })).toHaveCount(0);
      await expect(signInForm(page)).toBeVisible();
      await expect(card).toHaveCount(0);
      expect(await storedSessions(page)).toEqual([]);
      // The global sign-out, then the local one (which removes the session before its own request).
      expect(supabase.received.map((r) => r.call)).toEqual(['POST /auth/v1/logout?scope=global', 'POST /auth/v1/logout?scope=local']);
      for (const call of supabase.received) expect(call.headers.authorization).toBe(`Bearer ${session.access_token}`);
      await page.reload();
      await expect(signInForm(page)).toBeVisible();
      expect(await storedSessions(page)).toEqual([]);
    });
  }
});

test('an expired stored session is refreshed at once (TOKEN_REFRESHED) and stays signed in', async ({ page, supabase }) => {
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
  const token = supabase.answer('POST /auth/v1/token', { status: 200, json: { ...refreshed, refresh_token: 'v1.rotated' } });
  const grants = () => token.requests.map((r) => `${r.query.grant_type} ${JSON.stringify(r.body)}`);
  await openLogin(page);
  await expect(page.getByTestId('signed-in')).toContainText('grace@example.com');
  await expect.poll(grants).toEqual([`refresh_token ${JSON.stringify({ refresh_token: 'v1.fake-refresh-token' })}`]);
  await expect.poll(async () => JSON.parse((await stored(page)) ?? '{}').refresh_token).toBe('v1.rotated');
});

test('"Forgot password?" sends a PKCE reset request and says the same whether or not the address has an account', async ({
  page,
  supabase,
}) => {
  const recover = supabase.answer('POST /auth/v1/recover', auth.ok);
  const form = await openForgot(page);
  await expect(form.getByRole('heading', { name: copy.signIn.forgot.heading })).toBeVisible();
  for (const email of ['client@example.com', 'nobody@example.com']) {
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(email);
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent }).first()).toBeVisible();
    await expect(form.getByRole('button', { name: copy.signIn.forgot.submit })).toBeEnabled();
  }
  const requests = recover.requests;
  expect(supabase.received.map((r) => `${r.path}?redirect_to=${r.query.redirect_to}`)).toEqual([
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
  expect(createHash('sha256').update(verifier!.split('/')[0]).digest('base64url')).toBe(
    (requests[1].body as { code_challenge: string }).code_challenge,
  );
  await form.getByRole('button', { name: copy.signIn.forgot.back }).click();
  await expect(signInForm(page)).toBeVisible();
});

test.describe('reset answers that must reveal nothing', () => {
  test.use({ allowConsoleErrors: [/status of (400|429|500)/] });
  test('200, 429, 400 and 500 all give the one neutral notice', async ({ page, supabase }) => {
    const answers = [auth.ok, auth.emailRateLimited, auth.invalidEmail, auth.unexpectedFailure];
    const recover = supabase.answer('POST /auth/v1/recover', answers);
    const notices: string[] = [];
    for (let i = 0; i < answers.length; i++) {
      // A fresh page for each answer, so each notice is the answer's own.
      const form = await openForgot(page);
      await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill(`client${i}@example.com`);
      await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
      await expect.poll(() => recover.requests.length).toBe(i + 1);
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
  test('says the service could not be reached (the only reset answer told apart)', async ({ page, supabase }) => {
    supabase.answer('POST /auth/v1/recover', auth.networkError);
    const form = await openForgot(page);
    await form.getByLabel(copy.signIn.fields.email.label, { exact: true }).fill('client@example.com');
    await form.getByRole('button', { name: copy.signIn.forgot.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.signIn.forgot.error })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.forgot.sent })).toHaveCount(0);
  });
});

test('the reset link returns with a code that this browser exchanges (PKCE) for the new-password form, which saves the password', async ({
  page,
  supabase,
}) => {
  const session = authSession('ada@example.com');
  supabase.answer('POST /auth/v1/recover', auth.ok);
  supabase.answer('POST /auth/v1/token?grant_type=pkce', { status: 200, json: session });
  const user = supabase.answer('PUT /auth/v1/user', { status: 200, json: session.user });
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
  expect(user.bodies()).toEqual([expect.objectContaining({ password: 'a new passw0rd' })]);
  await expect(page.getByTestId('signed-in')).toContainText('ada@example.com');
  const calls = supabase.received.map((r) => ({ call: r.call.replace(/redirect_to=[^&]*/, 'redirect_to=…'), body: r.body }));
  expect(calls.map((c) => c.call)).toEqual([
    'POST /auth/v1/recover?redirect_to=…',
    'POST /auth/v1/token?grant_type=pkce',
    'PUT /auth/v1/user',
  ]);
  expect(calls[1].body).toEqual({ auth_code: '9f3c2a71-0b1e-4c55-8a0d-2f5d3e6b7a10', code_verifier: verifier });
});

test('an old-style link with tokens in the fragment is refused: no session, no request, the tokens leave the address, and the visitor is told', async ({
  page,
  supabase,
}) => {
  const session = authSession('ada@example.com');
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
  await networkQuiet(page);
  expect(supabase.received).toEqual([]);
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

test("a client who types before the card's script has arrived loses no character and no focus", async ({ page, supabase }) => {
  const token = supabase.answer('POST /auth/v1/token?grant_type=password', { status: 200, json: authSession('ada@example.com') });
  // A slow connection: the card's script is on its way while the visitor types.
  const script = await holdScript(page, 'SignInCard');
  await page.goto('/login');
  const email = signInForm(page).getByLabel(copy.signIn.fields.email.label, { exact: true });
  const password = signInForm(page).getByLabel(copy.signIn.fields.password.label, { exact: true });
  await email.click();
  await page.keyboard.type('ada@exam');
  await expect(page.locator(`astro-island:has(${CARD})`)).toHaveAttribute('ssr', '');
  await expect.poll(script.requested, 'the first press asked for the script').toBe(1);
  script.release();
  await waitForIsland(page, CARD);
  await expect(email).toBeFocused();
  await page.keyboard.type('ple.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse');
  await expect(email).toHaveValue('ada@example.com');
  await expect(password).toHaveValue('correct horse');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
  expect(token.bodies()).toEqual([{ email: 'ada@example.com', password: 'correct horse', gotrue_meta_security: {} }]);
});
