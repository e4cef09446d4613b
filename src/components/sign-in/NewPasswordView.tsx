/** After a password-reset link: the client, signed in for recovery, chooses a new password. */
import { useState, type SubmitEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/forms/patterns';
import { SubmitButton, TextField } from '../forms/controls';
import { notifySuccess } from '../forms/notices';
import { FORM_ID, type ViewProps } from './view';

const ID = `${FORM_ID}-recovery`;

export function NewPasswordView({ copy, auth, ready }: ViewProps) {
  const [newPassword, setNewPassword] = useState('');

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void auth.run({
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
    <form id={ID} aria-labelledby={`${ID}-heading`} onSubmit={save} className="grid gap-5">
      <div>
        <h3 id={`${ID}-heading`} className="text-lg font-semibold text-ink-900">
          {copy.recovery.heading}
        </h3>
        <p className="mt-1 text-sm text-ink-600">{copy.recovery.intro}</p>
      </div>
      <TextField
        form={FORM_ID}
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
        <SubmitButton busy={auth.busy} ready={ready} label={copy.recovery.submit} busyLabel={copy.recovery.submitting} />
      </div>
    </form>
  );
}
