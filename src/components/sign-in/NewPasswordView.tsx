/** After a password-reset link: the client, signed in for recovery, chooses a new password. */
import { useMemo, useState, type SubmitEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/forms/patterns';
import { SubmitButton, TextField } from '../forms/controls';
import { notifySuccess } from '../forms/notices';
import { useFieldErrors } from '../forms/useFieldErrors';
import { FORM_ID, type ViewProps } from './view';

const ID = `${FORM_ID}-recovery`;

const FIELD = 'new-password';

export function NewPasswordView({ copy, auth, ready, fieldErrors }: ViewProps) {
  const [newPassword, setNewPassword] = useState('');
  const fields = useMemo(() => ({ [FIELD]: copy.recovery.field }), [copy.recovery.field]);
  const checks = useFieldErrors(fields, fieldErrors);

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checks.check(event.currentTarget)) return;
    void auth.run({
      action: 'new-password',
      send: (client) => client.updateUser({ password: newPassword }),
      log: 'Password update failed',
      failure: copy.unexpectedError,
      showRefusal: true,
      done: () => {
        setNewPassword('');
        notifySuccess({ text: copy.recovery.success });
      },
    });
  };

  return (
    <form
      id={ID}
      method="dialog"
      noValidate={ready}
      aria-labelledby={`${ID}-heading`}
      onSubmit={save}
      onChange={checks.recheck}
      className="grid gap-5"
    >
      <div>
        <h3 id={`${ID}-heading`} className="text-lg font-semibold text-ink-900">
          {copy.recovery.heading}
        </h3>
        <p className="mt-1 text-sm text-ink-600">{copy.recovery.intro}</p>
      </div>
      <TextField
        form={FORM_ID}
        name={FIELD}
        type="password"
        copy={copy.recovery.field}
        value={newPassword}
        onChange={setNewPassword}
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        error={checks.errors[FIELD]}
      />
      <div>
        <SubmitButton busy={auth.busy === 'new-password'} label={copy.recovery.submit} busyLabel={copy.recovery.submitting} />
      </div>
    </form>
  );
}
