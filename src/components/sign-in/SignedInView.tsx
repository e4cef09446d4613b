/**
 * A client who is signed in: who they are, and Sign out. Signing out always
 * signs this browser out, even when the service cannot confirm it.
 */
import type { GoTrueClient } from '@supabase/auth-js';
import { $session, nextSession } from '../../lib/supabase/session';
import { authStorageKey, backendConfig } from '../../lib/supabase/config';
import { notifySuccess } from '../forms/notices';
import type { ViewProps } from './view';

interface Props extends Pick<ViewProps, 'copy' | 'auth'> {
  email: string | null | undefined;
}

/**
 * End the session in this browser without the service's help: the auth
 * client's local scope removes the stored session before its own request
 * (which may fail too); without a client (its code could not load), the stored
 * session is removed here.
 */
async function signOutHere(client: GoTrueClient | null): Promise<void> {
  if (client) {
    const { error } = await client.signOut({ scope: 'local' }).catch((thrown: unknown) => ({ error: thrown }));
    if (error) console.error('The sign-in service could not revoke this session either:', error);
  }
  try {
    if (backendConfig) window.localStorage.removeItem(authStorageKey(backendConfig));
  } catch {
    // Storage unavailable: nothing was stored.
  }
  $session.set(nextSession($session.get(), 'SIGNED_OUT', null));
}

export function SignedInView({ copy, auth, email }: Props) {
  const signOut = () =>
    void auth.run({
      action: 'sign-out',
      send: (client) => client.signOut(),
      log: 'The sign-in service did not confirm the sign-out',
      failure: copy.signedOutHere,
      // Signing out never leaves this browser signed in, whatever happened.
      afterFailure: signOutHere,
      done: () => void notifySuccess({ text: copy.signedOut }),
    });

  return (
    <div className="grid gap-4" data-testid="signed-in">
      <p className="text-ink-900">
        {copy.signedInAs} <strong>{email}</strong>.
      </p>
      <div>
        {/* Disabled while any call is under way (right after signing in, until the home page loads), "Signing Out..." only for its own. */}
        <button type="button" className="btn-secondary disabled:opacity-70" onClick={signOut} disabled={auth.busy !== null}>
          {auth.busy === 'sign-out' ? copy.signingOut : copy.signOut}
        </button>
      </div>
    </div>
  );
}
