/** The browser's Supabase settings (src/lib/supabase/config.ts): from the environment, the session's storage key, when the auth client loads. */
import { describe, it, expect } from 'vitest';
import { readBackendConfig, authStorageKey, authPlan, hasFragmentTokens, REFRESH_LEAD_MS } from '../../../src/lib/supabase/config';

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
    expect(authStorageKey({ url: 'https://acme-test.supabase.co', anonKey: 'k' })).toBe('sb-acme-test-auth-token');
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
