/**
 * Supabase Auth for the sign-in card only (about 24 KB gzip), configured as
 * supabase-js configures it: the session persists in localStorage under
 * sb-<project ref>-auth-token and refreshes itself. Form pages never import
 * this module; the sign-in card imports it dynamically, at once when a
 * session is stored, otherwise when the visitor starts using the card.
 *
 * Password-reset links use the PKCE flow: the reset request carries a code
 * challenge, the link returns with a one-time `?code=` that only this browser
 * (holding the code verifier) can exchange for a session. Links with session
 * tokens in the URL fragment (the implicit flow) are refused.
 */
import { AuthClient, isAuthApiError, isAuthRetryableFetchError, type GoTrueClient } from '@supabase/auth-js';
import { anonHeaders, authStorageKey, backendConfig, NOT_CONFIGURED_MESSAGE } from './config';
import { $session, nextSession } from './session';

let client: GoTrueClient | null | undefined;

/** The one auth client of the page (a second one would fight over the same storage key), or null without settings. */
export function getAuthClient(): GoTrueClient | null {
  if (client !== undefined) return client;
  if (!backendConfig) {
    console.error(NOT_CONFIGURED_MESSAGE);
    client = null;
    return client;
  }
  client = new AuthClient({
    url: `${backendConfig.url}/auth/v1`,
    headers: anonHeaders(backendConfig),
    storageKey: authStorageKey(backendConfig),
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'pkce',
  });
  return client;
}

let started = false;

/** Feed `$session` from the auth client's events (signed in/out, token refreshed, user updated, password recovery). */
export function startSessionSync(): void {
  if (started) return;
  started = true;
  const auth = getAuthClient();
  if (!auth) {
    $session.set(nextSession($session.get(), 'SIGNED_OUT', null));
    return;
  }
  // Keep the callback synchronous: awaiting other auth calls inside it can deadlock the client's lock.
  auth.onAuthStateChange((event, session) => {
    $session.set(nextSession($session.get(), event, session));
  });
}

export { isAuthApiError, isAuthRetryableFetchError };
