/**
 * The message shown under a field whose value the browser finds invalid: the
 * words come from content/forms.yaml (the common messages, and each field's
 * own `invalid` for a value of the wrong form); which one follows from the
 * field's validity, as the browser reports it.
 */

/** content/forms.yaml › common.fieldErrors. */
export interface FieldErrorCopy {
  /** A required field left empty. */
  required: string;
  /** A required choice (a select) left on its empty option. */
  choose: string;
  /** Fewer characters than the field asks for; `{min}` is that number. */
  tooShort: string;
}

/** What the browser knows of a control's value (a part of its ValidityState) and of the control. */
export interface FieldState {
  validity: Pick<ValidityState, 'valid' | 'valueMissing' | 'tooShort'>;
  /** A select: chosen, not typed. */
  chosen: boolean;
  /** The control's minlength (-1 when it has none). */
  minLength: number;
}

/**
 * The field's message, or null when its value is valid. `invalid` is the
 * field's own message for a value of the wrong form (pattern, type or a
 * check of the script); `fallback` (the browser's own message) is said only
 * where content has none.
 */
export function fieldError(state: FieldState, copy: FieldErrorCopy, invalid: string | undefined, fallback: string): string | null {
  const { validity } = state;
  if (validity.valid) return null;
  if (validity.valueMissing) return state.chosen ? copy.choose : copy.required;
  if (validity.tooShort) return copy.tooShort.replaceAll('{min}', String(state.minLength));
  return invalid ?? fallback;
}
