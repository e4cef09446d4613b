/**
 * The sign-in card's one way to call Supabase Auth: the auth client's module
 * is loaded on demand (about 24 KB gzip, src/lib/supabase/auth.ts), with the
 * notices' module (../forms/notices.tsx), before the call is made; one call
 * runs at a time (a double click never sends twice), and every way a call can
 * fail (no client, an error answer, an exception) ends in one notice from the
 * card's copy, or in the service's own words when it refused the request.
 * When the module itself cannot load (a deploy removed it, the connection
 * dropped), the card recovers as an island whose code cannot load does
 * (`onLoadFailure`, src/lib/forms/recovery.ts): no call was made.
 */
import { useCallback, useRef, useState } from 'react';
import type { AuthError, GoTrueClient } from '@supabase/auth-js';
import { dismissFailures, loadNotices, notifyError } from '../forms/notices';

export type AuthModule = typeof import('../../lib/supabase/auth');

let authModule: Promise<AuthModule> | undefined;

/** The auth client's module, loaded once and subscribed to `$session`; a failed load is tried again next time. */
export function loadAuth(): Promise<AuthModule> {
  authModule ??= import('../../lib/supabase/auth').then((m) => {
    m.startSessionSync();
    return m;
  });
  authModule.catch(() => (authModule = undefined));
  return authModule;
}

/** Start loading the auth client without waiting for it (a failure shows when a call needs it). */
export function warmUpAuth(): void {
  void loadAuth().catch(() => {});
}

/** Whether the auth client's module has been asked for: from then on it follows the stored session itself. */
export function authRequested(): boolean {
  return authModule !== undefined;
}

/** What a call does; the view that made it shows it under way (another view shows nothing of it). */
export type AuthAction = 'sign-in' | 'reset' | 'new-password' | 'sign-out';

export interface AuthCall {
  action: AuthAction;
  /** The request to the service. */
  send: (client: GoTrueClient) => Promise<{ error: AuthError | null }>;
  /** Logged before the error when the call fails, e.g. "Sign-in failed". */
  log: string;
  /** The notice when the call fails. */
  failure: string;
  /** A refusal by the service (wrong password, rate limit) shows the service's own message instead of `failure`, unlogged. */
  showRefusal?: boolean;
  /** Which error answers are failures; by default all of them. */
  isFailure?: (error: AuthError, auth: AuthModule) => boolean;
  /** Runs after a failure, before its notice, with the client when there is one. */
  afterFailure?: (client: GoTrueClient | null) => Promise<void>;
  /** Runs after success, while the card is still busy: the notice, and whatever follows. */
  done: () => void | Promise<void>;
}

/**
 * `run` performs one `AuthCall`; `busy` names the one under way. A sign-in
 * stays under way until the home page loads, while the card already shows the
 * signed-in view: that view must not read it as a sign-out.
 */
export function useAuthCall(onLoadFailure: () => void) {
  const [busy, setBusy] = useState<AuthAction | null>(null);
  const busyRef = useRef(false);

  const run = useCallback(
    async (call: AuthCall) => {
      if (busyRef.current) return;
      busyRef.current = true;
      // The visitor tries again: the last failure notice has had its say.
      dismissFailures();
      setBusy(call.action);
      try {
        await perform(call, onLoadFailure);
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [onLoadFailure],
  );

  return { busy, run };
}

async function perform(call: AuthCall, onLoadFailure: () => void): Promise<void> {
  let auth: AuthModule | undefined;
  let client: GoTrueClient | null = null;
  let error: unknown = null;
  try {
    [auth] = await Promise.all([loadAuth(), loadNotices()]);
  } catch (failure) {
    // Signing out never waits: its own failure path signs this browser out.
    if (call.action !== 'sign-out') {
      // Nothing was sent: the page recovers (reloads once, waits for the connection, or says what to do).
      console.error('The sign-in module could not load:', failure);
      onLoadFailure();
      return;
    }
  }
  try {
    if (!auth) throw new Error('The sign-in module could not load');
    // Without a client (no Supabase settings) getAuthClient has said why in the console already.
    client = auth.getAuthClient();
    if (client) {
      ({ error } = await call.send(client));
      if (!error || !(call.isFailure?.(error as AuthError, auth) ?? true)) {
        await call.done();
        return;
      }
    }
  } catch (thrown) {
    error = thrown;
  }
  const refused = call.showRefusal === true && auth !== undefined && auth.isAuthApiError(error);
  if (error && !refused) console.error(`${call.log}:`, error);
  await call.afterFailure?.(client);
  notifyError({ text: refused && error instanceof Error && error.message ? error.message : call.failure });
}

export type AuthCaller = ReturnType<typeof useAuthCall>;
