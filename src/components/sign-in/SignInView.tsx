/** E-mail and password sign-in; on success, a notice, then the home page. */
import type { SubmitEvent } from 'react';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../lib/forms/patterns';
import { SubmitButton, TextField } from '../forms/controls';
import { notifySuccess } from '../forms/notices';
import { useFieldErrors } from '../forms/useFieldErrors';
import { FORM_ID, type ViewProps } from './view';

/** Time to read "Successfully signed in!" before the home page loads. */
const REDIRECT_DELAY_MS = 1200;

interface Props extends ViewProps {
  email: string;
  onEmail: (email: string) => void;
  password: string;
  onPassword: (password: string) => void;
  onForgot: () => void;
}

export function SignInView({ copy, auth, ready, fieldErrors, email, onEmail, password, onPassword, onForgot }: Props) {
  const checks = useFieldErrors(copy.fields, fieldErrors);
  const signIn = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checks.check(event.currentTarget)) return;
    void auth.run({
      action: 'sign-in',
      send: (client) => client.signInWithPassword({ email: email.trim(), password }),
      log: 'Sign-in failed',
      failure: copy.unexpectedError,
      showRefusal: true,
      done: async () => {
        notifySuccess({ text: copy.success });
        onPassword('');
        // Stay busy until the home page loads.
        await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
        window.location.assign('/');
        await new Promise(() => {});
      },
    });
  };

  return (
    // method="dialog": a submit before hydration only runs the browser's validation (src/directives/form.ts).
    <form
      id={FORM_ID}
      method="dialog"
      noValidate={ready}
      aria-labelledby="client-login-heading"
      onSubmit={signIn}
      onChange={checks.recheck}
      className="grid gap-5"
    >
      <TextField
        form={FORM_ID}
        name="email"
        type="email"
        copy={copy.fields.email}
        value={email}
        onChange={onEmail}
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="username"
        error={checks.errors.email}
      />
      <TextField
        form={FORM_ID}
        name="password"
        type="password"
        copy={copy.fields.password}
        value={password}
        onChange={onPassword}
        required
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="current-password"
        error={checks.errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SubmitButton busy={auth.busy === 'sign-in'} label={copy.submit} busyLabel={copy.submitting} />
        <button type="button" className="btn-link" onClick={onForgot}>
          {copy.forgot.link}
        </button>
      </div>
    </form>
  );
}
