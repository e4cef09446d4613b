/**
 * Inline field errors, for forms the script checks itself (noValidate once
 * hydrated): on submit every invalid field gets its message (src/lib/forms/field-errors.ts)
 * and focus goes to the first, whose label, invalid state and message screen
 * readers then read; a field that shows a message is checked again as the
 * visitor changes it, and loses the message once valid.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { fieldError, type FieldErrorCopy } from '../../lib/forms/field-errors';
import type { FieldCopy } from './controls';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** `fields`: the copy of each field, by the control's name. */
export function useFieldErrors(fields: Record<string, FieldCopy>, copy: FieldErrorCopy) {
  const [errors, setErrors] = useState<Record<string, string>>({});

  const messageOf = useCallback(
    (control: Control) =>
      fieldError(
        {
          validity: control.validity,
          chosen: control instanceof HTMLSelectElement,
          minLength: 'minLength' in control ? control.minLength : -1,
        },
        copy,
        fields[control.name]?.invalid,
        control.validationMessage,
      ),
    [fields, copy],
  );

  /** Check every field of `form`, show what is wrong and focus the first invalid field; true when all are valid. */
  const check = useCallback(
    (form: HTMLFormElement): boolean => {
      const found: Record<string, string> = {};
      let first: Control | undefined;
      for (const control of form.elements) {
        if (!isControl(control) || !control.willValidate || !(control.name in fields) || control.name in found) continue;
        const message = messageOf(control);
        if (!message) continue;
        found[control.name] = message;
        first ??= control;
      }
      setErrors(found);
      first?.focus();
      return first === undefined;
    },
    [fields, messageOf],
  );

  /** For the form's onChange: a field that shows a message is checked again (its own checks ran first). */
  const recheck = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const control = event.target;
      if (!isControl(control)) return;
      const message = messageOf(control);
      setErrors((shown) => {
        if (!(control.name in shown)) return shown;
        const { [control.name]: _old, ...rest } = shown;
        return message ? { ...rest, [control.name]: message } : rest;
      });
    },
    [messageOf],
  );

  return { errors, check, recheck };
}
