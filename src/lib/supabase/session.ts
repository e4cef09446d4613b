/**
 * The visitor's sign-in state, shared by every island through a nano store.
 * It is tiny (no Supabase code): an island that only needs to know whether a
 * client is signed in reads `$session`; the module that talks to Supabase Auth
 * (src/lib/supabase/auth.ts, loaded by the sign-in card) feeds it from
 * `onAuthStateChange`.
 */
import { atom } from 'nanostores';

export type AuthEventName =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED';

export interface SessionUser {
  id: string;
  email: string | null;
}

export interface SessionState {
  /** 'unknown' until the auth client has read storage (INITIAL_SESSION). */
  status: 'unknown' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  /** True after a password-reset link was followed, until the new password is saved. */
  recovery: boolean;
  lastEvent: AuthEventName | null;
}

/** The minimum we read from a Supabase session. */
export interface SessionLike {
  user?: { id: string; email?: string | null } | null;
}

export const initialSession: SessionState = { status: 'unknown', user: null, recovery: false, lastEvent: null };

export const $session = atom<SessionState>(initialSession);

/** The next state after an auth event (pure, unit-tested). */
export function nextSession(prev: SessionState, event: string, session: SessionLike | null): SessionState {
  const name = event as AuthEventName;
  const user = session?.user ? { id: session.user.id, email: session.user.email ?? null } : null;
  if (name === 'SIGNED_OUT' || !user) return { status: 'signed-out', user: null, recovery: false, lastEvent: name };
  const recovery = name === 'PASSWORD_RECOVERY' ? true : name === 'USER_UPDATED' ? false : prev.recovery;
  return { status: 'signed-in', user, recovery, lastEvent: name };
}
