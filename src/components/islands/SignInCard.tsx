/**
 * The client sign-in card on /login: e-mail and
 * password sign-in through Supabase Auth, "Forgot password?" (a reset e-mail
 * whose notice never says whether the address has an account), the new
 * password form after a reset link, and, for a client who is already signed
 * in, who they are and Sign out. The session lives in localStorage and
 * refreshes itself (src/lib/supabase/auth.ts); its state is the shared
 * `$session` store.
 *
 * Failing safe: Sign out always signs this browser out, even when the service
 * cannot be reached; the reset notice is the same for every answer the service
 * gives; a link carrying session tokens in its fragment is refused.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $session, nextSession } from '../../lib/supabase/session';
import { authPlan, authStorageKey, backendConfig, hasFragmentTokens } from '../../lib/supabase/config';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/forms/patterns';
import type { FormsCopy } from '../../lib/content/schemas';
import { SubmitButton, TextField } from '../forms/controls';
import { typedValues } from '../../lib/forms/early-input';
import { Notices, notifyError, notifySuccess } from '../forms/notices';

interface Props {
  copy: FormsCopy['signIn'];
}

/** Time to read "Successfully signed in!" before the home page loads. */
const REDIRECT_DELAY_MS = 1200;
const F = 'sign-in';

type AuthModule = typeof import('../../lib/supabase/auth');
type AuthClient = ReturnType<AuthModule['getAuthClient']>;
let authModule: Promise<AuthModule> | undefined;

/** The auth client's module (about 24 KB gzip), loaded once, on demand, and subscribed to `$session`. */
function loadAuth(): Promise<AuthModule> {
  authModule ??= import('../../lib/supabase/auth').then((m) => {
    m.startSessionSync();
    return m;
  });
  authModule.catch(() => (authModule = undefined));
  return authModule;
}

/** The service's own message when the service refused; a generic one for anything else (network, exceptions). */
function serviceMessage(auth: AuthModule, error: unknown, fallback: string): string {
  return auth.isAuthApiError(error) && error.message ? error.message : fallback;
}

/**
 * End the session in this browser without the service's help: the auth
 * client's local scope removes the stored session before its own request
 * (which may fail too); without a client (its code could not load), the stored
 * session is removed here.
 */
async function signOutHere(auth: AuthClient): Promise<void> {
  if (auth) {
    const { error } = await auth.signOut({ scope: 'local' }).catch((thrown: unknown) => ({ error: thrown }));
    if (error) console.error('The sign-in service could not revoke this session either:', error);
  }
  try {
    if (backendConfig) window.localStorage.removeItem(authStorageKey(backendConfig));
  } catch {
    // Storage unavailable: nothing was stored.
  }
  $session.set(nextSession($session.get(), 'SIGNED_OUT', null));
}

export default function SignInCard({ copy }: Props) {
  const session = useStore($session);
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const busyRef = useRef(false);

  useEffect(() => {
    setHydrated(true);
    // The card hydrates on first interaction: keep what was typed into its server HTML meanwhile.
    const typed = typedValues(document.getElementById(F) as HTMLFormElement | null, ['email', 'password']);
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      clearTimeout(timer);
      const next = authPlan(backendConfig, window.localStorage, window.location, Date.now());
      if (next.load === 'now') return void loadAuth().catch(() => {});
      // Until the auth client runs, the state comes from storage, as the client itself would read it.
      $session.set(nextSession($session.get(), 'INITIAL_SESSION', next.load === 'later' ? { user: next.user } : null));
      if (next.load === 'later') timer = setTimeout(() => void loadAuth().catch(() => {}), next.inMs);
    };
    plan();
    // Another tab signed in or out: follow it (once loaded, the auth client does this itself).
    const onStorage = (event: StorageEvent) => {
      if (!authModule && backendConfig && event.key === authStorageKey(backendConfig)) plan();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (!hasFragmentTokens(window.location.hash)) return;
    // An old-style (implicit) link: not accepted, and its tokens must not stay in the address bar or history.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    notifyError({ text: copy.linkRefused });
  }, [copy.linkRefused]);

  /** Start loading the auth client as soon as the visitor turns to the card. */
  const warmUp = () => void loadAuth().catch(() => {});

  /** One request at a time: a double click never sends twice. */
  async function run(task: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const signIn = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      try {
        const m = await loadAuth();
        const auth = m.getAuthClient();
        if (!auth) {
          notifyError({ text: copy.unexpectedError });
          return;
        }
        const { error } = await auth.signInWithPassword({ email: email.trim(), password });
        if (error) {
          if (!m.isAuthApiError(error)) console.error('Sign-in failed:', error);
          notifyError({ text: serviceMessage(m, error, copy.unexpectedError) });
          return;
        }
        notifySuccess({ text: copy.success });
        setPassword('');
        // Stay busy until the home page loads.
        await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
        window.location.assign('/');
        await new Promise(() => {});
      } catch (error) {
        console.error('Sign-in failed:', error);
        notifyError({ text: copy.unexpectedError });
      }
    });
  };

  const signOut = () =>
    void run(async () => {
      let auth: AuthClient = null;
      try {
        auth = (await loadAuth()).getAuthClient();
        const { error } = auth ? await auth.signOut() : { error: new Error('no auth client') };
        if (!error) {
          notifySuccess({ text: copy.signedOut });
          return;
        }
        console.error('The sign-in service did not confirm the sign-out:', error);
      } catch (error) {
        console.error('Sign-out failed:', error);
      }
      // Signing out never leaves this browser signed in, whatever happened above.
      await signOutHere(auth);
      notifyError({ text: copy.signedOutHere });
    });

  const sendReset = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      try {
        const m = await loadAuth();
        const auth = m.getAuthClient();
        if (!auth) {
          notifyError({ text: copy.forgot.error });
          return;
        }
        const { error } = await auth.resetPasswordForEmail(email.trim(), { redirectTo: `${window.location.origin}/login` });
        // Only "no answer at all" is told apart. Every answer (sent, refused, rate limited, failed to mail) gets the same
        // notice: a refusal or an error can depend on whether the address has an account, so none may show.
        if (error && m.isAuthRetryableFetchError(error) && error.status === 0) {
          console.error('Password reset failed: the sign-in service could not be reached.', error);
          notifyError({ text: copy.forgot.error });
          return;
        }
        notifySuccess({ text: copy.forgot.sent });
      } catch (error) {
        console.error('Password reset failed:', error);
        notifyError({ text: copy.forgot.error });
      }
    });
  };

  const saveNewPassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      try {
        const m = await loadAuth();
        const auth = m.getAuthClient();
        if (!auth) return;
        const { error } = await auth.updateUser({ password: newPassword });
        if (error) {
          notifyError({ text: serviceMessage(m, error, copy.unexpectedError) });
          return;
        }
        setNewPassword('');
        notifySuccess({ text: copy.recovery.success });
      } catch (error) {
        console.error('Password update failed:', error);
        notifyError({ text: copy.unexpectedError });
      }
    });
  };

  let body;
  if (session.status === 'signed-in' && session.recovery) {
    body = (
      <form id={`${F}-recovery`} aria-labelledby={`${F}-recovery-heading`} onSubmit={saveNewPassword} className="grid gap-5">
        <div>
          <h3 id={`${F}-recovery-heading`} className="text-lg font-semibold text-ink-900">
            {copy.recovery.heading}
          </h3>
          <p className="mt-1 text-sm text-ink-600">{copy.recovery.intro}</p>
        </div>
        <TextField
          form={F}
          name="new-password"
          type="password"
          copy={copy.recovery.field}
          value={newPassword}
          onChange={setNewPassword}
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
        />
        <div>
          <SubmitButton busy={busy} ready={hydrated} label={copy.recovery.submit} busyLabel={copy.recovery.submitting} />
        </div>
      </form>
    );
  } else if (session.status === 'signed-in') {
    body = (
      <div className="grid gap-4" data-testid="signed-in">
        <p className="text-ink-900">
          {copy.signedInAs} <strong>{session.user?.email}</strong>.
        </p>
        <div>
          <button type="button" className="btn-secondary disabled:opacity-70" onClick={signOut} disabled={busy}>
            {busy ? copy.signingOut : copy.signOut}
          </button>
        </div>
      </div>
    );
  } else if (view === 'forgot') {
    body = (
      <form id={`${F}-forgot`} aria-labelledby={`${F}-forgot-heading`} onSubmit={sendReset} className="grid gap-5">
        <div>
          <h3 id={`${F}-forgot-heading`} className="text-lg font-semibold text-ink-900">
            {copy.forgot.heading}
          </h3>
          <p className="mt-1 text-sm text-ink-600">{copy.forgot.intro}</p>
        </div>
        <TextField
          form={`${F}-forgot`}
          name="email"
          type="email"
          copy={copy.fields.email}
          value={email}
          onChange={setEmail}
          required
          maxLength={EMAIL_MAX_LENGTH}
          pattern={EMAIL_PATTERN}
          autoComplete="email"
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={busy} ready={hydrated} label={copy.forgot.submit} busyLabel={copy.forgot.submitting} />
          <button type="button" className="btn-link" onClick={() => setView('sign-in')}>
            {copy.forgot.back}
          </button>
        </div>
      </form>
    );
  } else {
    body = (
      <form id={F} aria-labelledby="client-login-heading" onSubmit={signIn} className="grid gap-5">
        <TextField
          form={F}
          name="email"
          type="email"
          copy={copy.fields.email}
          value={email}
          onChange={setEmail}
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="username"
        />
        <TextField
          form={F}
          name="password"
          type="password"
          copy={copy.fields.password}
          value={password}
          onChange={setPassword}
          required
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton busy={busy} ready={hydrated} label={copy.submit} busyLabel={copy.submitting} />
          <button type="button" className="btn-link" onClick={() => setView('forgot')}>
            {copy.forgot.link}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div onFocusCapture={warmUp} onPointerEnter={warmUp} onTouchStart={warmUp}>
      {body}
      <Notices />
    </div>
  );
}
