/**
 * "Forgot password?": asks for a reset e-mail. The notice is the same for
 * every answer the service gives; only "no answer at all" is told apart.
 */
import type { SubmitEvent } from 'react';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../lib/forms/patterns';
import { SubmitButton, TextField } from '../forms/controls';
import { notifySuccess } from '../forms/notices';
import { useFieldErrors } from '../forms/useFieldErrors';
import { FORM_ID, type ViewProps } from './view';

const ID = `${FORM_ID}-forgot`;

interface Props extends ViewProps {
  email: string;
  onEmail: (email: string) => void;
  onBack: () => void;
}

export function ForgotPasswordView({ copy, auth, ready, fieldErrors, email, onEmail, onBack }: Props) {
  const checks = useFieldErrors(copy.fields, fieldErrors);
  const sendReset = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checks.check(event.currentTarget)) return;
    void auth.run({
      action: 'reset',
      send: (client) => client.resetPasswordForEmail(email.trim(), { redirectTo: `${window.location.origin}/login` }),
      log: 'Password reset failed: the sign-in service could not be reached',
      failure: copy.forgot.error,
      // A refusal or an error can depend on whether the address has an account, so every answer (sent, refused,
      // rate limited, failed to mail) gets the same notice.
      isFailure: (error, m) => m.isAuthRetryableFetchError(error) && error.status === 0,
      done: () => void notifySuccess({ text: copy.forgot.sent }),
    });
  };

  return (
    <form
      id={ID}
      method="dialog"
      noValidate={ready}
      aria-labelledby={`${ID}-heading`}
      onSubmit={sendReset}
      onChange={checks.recheck}
      className="grid gap-5"
    >
      <div>
        <h3 id={`${ID}-heading`} className="text-lg font-semibold text-ink-900">
          {copy.forgot.heading}
        </h3>
        <p className="mt-1 text-sm text-ink-600">{copy.forgot.intro}</p>
      </div>
      <TextField
        form={ID}
        name="email"
        type="email"
        copy={copy.fields.email}
        value={email}
        onChange={onEmail}
        required
        maxLength={EMAIL_MAX_LENGTH}
        pattern={EMAIL_PATTERN}
        autoComplete="email"
        error={checks.errors.email}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={auth.busy === 'reset'} label={copy.forgot.submit} busyLabel={copy.forgot.submitting} />
        <button type="button" className="btn-link" onClick={onBack}>
          {copy.forgot.back}
        </button>
      </div>
    </form>
  );
}
