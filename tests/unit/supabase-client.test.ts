/**
 * The Supabase client module: settings from the environment, the insert
 * request supabase-js would send (no Prefer header, anon key twice), and a
 * build without settings failing loudly instead of faking success.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import {
  readBackendConfig,
  authStorageKey,
  authPlan,
  hasFragmentTokens,
  REFRESH_LEAD_MS,
  NOT_CONFIGURED_MESSAGE,
} from '../../src/lib/supabase/config';
import { createRestBackend } from '../../src/lib/supabase/rest';
import { submitWithRetry, THROTTLE_CODE } from '../../src/lib/forms/submit';
import { BackendNotConfiguredError } from '../../src/lib/supabase/config';
import { PASSWORD_MIN_LENGTH } from '../../src/lib/forms/patterns';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('readBackendConfig', () => {
  it('reads the URL (without trailing slash) and key', () => {
    expect(readBackendConfig({ PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co/', PUBLIC_SUPABASE_ANON_KEY: 'key' })).toEqual({
      url: 'https://abcd.supabase.co',
      anonKey: 'key',
    });
  });
  it.each([
    [{}],
    [{ PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co' }],
    [{ PUBLIC_SUPABASE_ANON_KEY: 'key' }],
    [{ PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '' }],
    [{ PUBLIC_SUPABASE_URL: 'not a url', PUBLIC_SUPABASE_ANON_KEY: 'key' }],
    [{ PUBLIC_SUPABASE_URL: 'javascript:alert(1)', PUBLIC_SUPABASE_ANON_KEY: 'key' }],
  ])('is null (not configured) for %j', (env) => {
    expect(readBackendConfig(env)).toBeNull();
  });
  it('derives the supabase-js session storage key from the project ref', () => {
    expect(authStorageKey({ url: 'https://corvana-test.supabase.co', anonKey: 'k' })).toBe('sb-corvana-test-auth-token');
  });
});

describe('a build without Supabase settings', () => {
  it('fails the insert with a console error saying the backend is not configured, and sends nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend(readBackendConfig({}));
    await expect(backend.insert('contact_submissions', { id: 'x' })).rejects.toBeInstanceOf(BackendNotConfiguredError);
    expect(errors).toHaveBeenCalledWith(NOT_CONFIGURED_MESSAGE);
    expect(NOT_CONFIGURED_MESSAGE).toMatch(/not configured/i);
    expect(fetchSpy).not.toHaveBeenCalled();
    // …and the form's submit logic reports a failure (the form then shows its error notice), never a success.
    await expect(submitWithRetry(() => backend.insert('contact_submissions', { id: 'x' }))).resolves.toMatchObject({
      ok: false,
      reason: 'not-configured',
    });
  });
});

describe('the insert request', () => {
  it('POSTs the row to /rest/v1/<table> with the anon key and no Prefer header, and reads 201 as success', async () => {
    const fetchSpy = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 201, statusText: 'Created' }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    const row = { id: '22222222-2222-4222-8222-222222222222', first_name: 'Ada' };
    await expect(backend.insert('contact_submissions', row)).resolves.toEqual({ error: null, status: 201 });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toBe('https://abcd.supabase.co/rest/v1/contact_submissions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(row);
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer anon-key');
    expect(headers.get('content-profile')).toBe('public');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('prefer')).toBe(false);
  });

  it('turns a network failure into status 0 (retryable) instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    const result = await backend.insert('job_applications', { id: 'x' });
    expect(result.status).toBe(0);
    expect(result.error?.message).toMatch(/Failed to fetch/);
  });

  it('passes PostgREST errors through with their code', async () => {
    const body = { code: '23514', details: null, hint: null, message: 'violates check constraint' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } })),
    );
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    await expect(backend.insert('job_applications', { id: 'x' })).resolves.toEqual({ error: body, status: 400 });
  });

  it("reads the throttle's 429 with its code and Retry-After (as the database raises it), and the send is not retried", async () => {
    const body = {
      code: THROTTLE_CODE,
      details: 'Try again in 540 seconds.',
      hint: null,
      message: 'Too many submissions in a short time.',
    };
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '540' } }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    await expect(backend.insert('contact_submissions', { id: 'x' })).resolves.toEqual({ error: body, status: 429, retryAfterMs: 540_000 });
    await expect(submitWithRetry(() => backend.insert('contact_submissions', { id: 'x' }))).resolves.toMatchObject({
      ok: false,
      reason: 'throttled',
      attempts: 1,
    });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

describe('supabase/config.toml', () => {
  it('asks for the password length the reset form asks for', () => {
    const config = parseToml(readFileSync('supabase/config.toml', 'utf8')) as {
      auth: { minimum_password_length: number; enable_signup: boolean };
    };
    expect(config.auth.minimum_password_length).toBe(PASSWORD_MIN_LENGTH);
    expect(config.auth.enable_signup).toBe(false);
  });
});

describe('hasFragmentTokens', () => {
  it.each([
    ['#access_token=abc&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery', true],
    ['#type=recovery&refresh_token=r', true],
    ['#main', false],
    ['#error=access_denied&error_description=x', false],
    ['', false],
  ])('%j: %s', (hash, expected) => {
    expect(hasFragmentTokens(hash)).toBe(expected);
  });
});

describe('authPlan: when the sign-in card loads the auth client', () => {
  const config = { url: 'https://abcd.supabase.co', anonKey: 'k' };
  const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'sb-abcd-auth-token' ? value : null) });
  const plain = { hash: '', search: '' };
  const now = 1_800_000_000_000;
  const session = (expiresInS: number) =>
    JSON.stringify({
      access_token: 'x',
      refresh_token: 'r',
      expires_at: now / 1000 + expiresInS,
      user: { id: 'u1', email: 'ada@example.com' },
    });

  it('on use, for a visitor without a session', () => {
    expect(authPlan(config, storage(null), plain, now)).toEqual({ load: 'on-use' });
  });
  it('later, for a valid stored session: shown from storage, loaded in time to refresh it', () => {
    expect(authPlan(config, storage(session(3600)), plain, now)).toEqual({
      load: 'later',
      inMs: 3600_000 - REFRESH_LEAD_MS,
      user: { id: 'u1', email: 'ada@example.com' },
    });
  });
  it('now, for a session that is expired or about to expire (it must be refreshed)', () => {
    expect(authPlan(config, storage(session(60)), plain, now)).toEqual({ load: 'now' });
    expect(authPlan(config, storage(session(-10)), plain, now)).toEqual({ load: 'now' });
  });
  it('now, for something stored that it cannot read', () => {
    expect(authPlan(config, storage('{not json'), plain, now)).toEqual({ load: 'now' });
    expect(authPlan(config, storage('{"access_token":"x"}'), plain, now)).toEqual({ load: 'now' });
  });
  it.each([
    ['', '?code=0b7e1f4a-auth-code'],
    ['', '?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid'],
    ['#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid', ''],
  ])('now, when the URL carries an auth result (%s%s)', (hash, search) => {
    expect(authPlan(config, storage(null), { hash, search }, now)).toEqual({ load: 'now' });
  });
  it('not for session tokens in the fragment: such links are refused, not exchanged', () => {
    expect(authPlan(config, storage(null), { hash: '#access_token=abc&refresh_token=r&type=recovery', search: '' }, now)).toEqual({
      load: 'on-use',
    });
    expect(authPlan(config, storage(null), { hash: '', search: '?barcode=1' }, now)).toEqual({ load: 'on-use' });
  });
  it('on use without settings, and with a storage that throws', () => {
    expect(authPlan(null, storage(session(3600)), plain, now)).toEqual({ load: 'on-use' });
    expect(
      authPlan(
        config,
        {
          getItem: () => {
            throw new Error('denied');
          },
        },
        plain,
        now,
      ),
    ).toEqual({ load: 'on-use' });
  });
});
