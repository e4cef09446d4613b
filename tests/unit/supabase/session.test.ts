/** The shared sign-in state fed by Supabase Auth events (src/lib/supabase/session.ts). */
import { describe, it, expect } from 'vitest';
import { initialSession, nextSession, type SessionState } from '../../../src/lib/supabase/session';

const session = { user: { id: 'u1', email: 'ada@example.com' } };
const signedIn: SessionState = {
  status: 'signed-in',
  user: { id: 'u1', email: 'ada@example.com' },
  recovery: false,
  lastEvent: 'SIGNED_IN',
};

describe('nextSession', () => {
  it('INITIAL_SESSION without a stored session: signed out', () => {
    expect(nextSession(initialSession, 'INITIAL_SESSION', null)).toMatchObject({ status: 'signed-out', user: null });
  });
  it('INITIAL_SESSION with a stored session: signed in', () => {
    expect(nextSession(initialSession, 'INITIAL_SESSION', session)).toMatchObject({
      status: 'signed-in',
      user: { email: 'ada@example.com' },
    });
  });
  it.each(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED'])('%s keeps the client signed in', (event) => {
    expect(nextSession(initialSession, event, session)).toEqual({ ...signedIn, lastEvent: event });
  });
  it('SIGNED_OUT clears the user', () => {
    expect(nextSession(signedIn, 'SIGNED_OUT', null)).toEqual({
      status: 'signed-out',
      user: null,
      recovery: false,
      lastEvent: 'SIGNED_OUT',
    });
  });
  it('PASSWORD_RECOVERY asks for a new password until USER_UPDATED', () => {
    const recovering = nextSession(initialSession, 'PASSWORD_RECOVERY', session);
    expect(recovering).toMatchObject({ status: 'signed-in', recovery: true });
    expect(nextSession(recovering, 'TOKEN_REFRESHED', session).recovery).toBe(true);
    expect(nextSession(recovering, 'USER_UPDATED', session).recovery).toBe(false);
  });
});
