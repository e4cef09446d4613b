/**
 * The client sign-in card on /login: e-mail and
 * password sign-in through Supabase Auth, "Forgot password?" (a reset e-mail
 * whose notice never says whether the address has an account), the new
 * password form after a reset link, and, for a client who is already signed
 * in, who they are and Sign out. The session lives in localStorage and
 * refreshes itself (src/lib/supabase/auth.ts); its state is the shared
 * `$session` store. Each view is a component of src/components/sign-in/; their
 * calls go through one helper (useAuthCall.ts).
 *
 * Failing safe: Sign out always signs this browser out, even when the service
 * cannot be reached; the reset notice is the same for every answer the service
 * gives; a link carrying session tokens in its fragment is refused.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, nextSession } from '../../lib/supabase/session';
import { authPlan, authStorageKey, backendConfig, hasFragmentTokens } from '../../lib/supabase/config';
import type { FormsCopy } from '../../lib/content/schemas';
import { typedValues } from '../../lib/forms/early-input';
import { loadRecoveryScript } from '../../lib/forms/recovery-script';
import type { FieldErrorCopy } from '../../lib/forms/field-errors';
import { dismissFailures, loadNotices, Notices, notifyError } from '../forms/notices';
import { whenIdleAndWilling } from '../../lib/islands/prefetch';
import { useIslandReady } from '../forms/useIslandReady';
import { authRequested, useAuthCall, warmUpAuth } from '../sign-in/useAuthCall';
import { FORM_ID } from '../sign-in/view';
import { SignInView } from '../sign-in/SignInView';
import { ForgotPasswordView } from '../sign-in/ForgotPasswordView';
import { NewPasswordView } from '../sign-in/NewPasswordView';
import { SignedInView } from '../sign-in/SignedInView';

interface Props {
  copy: FormsCopy['signIn'];
  /** content/forms.yaml › common: the field messages and the name of a notice's close button. */
  fieldErrors: FieldErrorCopy;
  dismiss: string;
}

export default function SignInCard({ copy, fieldErrors, dismiss }: Props) {
  const session = useStore($session);
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  // The e-mail address carries over between the sign-in and the reset form.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [hydrated, setHydrated] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  // The auth module could not load: recover as the island would (the press is not kept: the password is not).
  const onLoadFailure = useCallback(() => {
    const island = card.current?.closest('astro-island');
    const form = card.current?.querySelector('form') ?? null;
    loadRecoveryScript().then(
      (script) =>
        script.recoverOnPage(
          { formId: FORM_ID, deploy: island?.getAttribute('component-url') ?? '', press: () => undefined, hasPassword: true },
          form,
        ),
      (error) => console.error('The sign-in card cannot recover on this page:', error),
    );
  }, []);
  const auth = useAuthCall(onLoadFailure);
  // Rendered with what was typed before hydration: a press made meanwhile ("Forgot password?", Sign In) can be done now.
  useIslandReady(hydrated, card);

  useEffect(() => {
    setHydrated(true);
    // The notices come after the first render (each call loads them first, with the auth client).
    whenIdleAndWilling(() => void loadNotices().catch(() => {}));
    // The card hydrates on first interaction: keep what was typed into its server HTML meanwhile.
    const typed = typedValues(document.getElementById(FORM_ID) as HTMLFormElement | null, ['email', 'password']);
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      clearTimeout(timer);
      const next = authPlan(backendConfig, window.localStorage, window.location, Date.now());
      if (next.load === 'now') return warmUpAuth();
      // Until the auth client runs, the state comes from storage, as the client itself would read it.
      $session.set(nextSession($session.get(), 'INITIAL_SESSION', next.load === 'later' ? { user: next.user } : null));
      if (next.load === 'later') timer = setTimeout(warmUpAuth, next.inMs);
    };
    plan();
    // Another tab signed in or out: follow it (once loaded, the auth client does this itself).
    const onStorage = (event: StorageEvent) => {
      if (!authRequested() && backendConfig && event.key === authStorageKey(backendConfig)) plan();
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

  const shared = { copy, auth, ready: hydrated, fieldErrors };
  // Changing a field is acting on a failure notice: it has had its say.
  const onEmail = (value: string) => {
    dismissFailures();
    setEmail(value);
  };
  const onPassword = (value: string) => {
    dismissFailures();
    setPassword(value);
  };
  let body;
  if (session.status === 'signed-in' && session.recovery) {
    body = <NewPasswordView {...shared} />;
  } else if (session.status === 'signed-in') {
    body = <SignedInView copy={copy} auth={auth} email={session.user?.email} />;
  } else if (view === 'forgot') {
    body = <ForgotPasswordView {...shared} email={email} onEmail={onEmail} onBack={() => setView('sign-in')} />;
  } else {
    body = (
      <SignInView
        {...shared}
        email={email}
        onEmail={onEmail}
        password={password}
        onPassword={onPassword}
        onForgot={() => setView('forgot')}
      />
    );
  }

  // Start loading the auth client as soon as the visitor turns to the card.
  return (
    <div ref={card} onFocusCapture={warmUpAuth} onPointerEnter={warmUpAuth} onTouchStart={warmUpAuth}>
      {body}
      <Notices dismiss={dismiss} />
    </div>
  );
}
