/** What every view of the sign-in card gets from the card. */
import type { FormsCopy } from '../../lib/content/schemas';
import type { FieldErrorCopy } from '../../lib/forms/field-errors';
import type { AuthCaller } from './useAuthCall';

/** The sign-in form's id, and the prefix of the other views' ids. */
export const FORM_ID = 'sign-in';

export interface ViewProps {
  copy: FormsCopy['signIn'];
  /** The card's one auth caller (one call at a time across its views). */
  auth: AuthCaller;
  /** Hydrated: the script checks the fields and shows their messages (before, the browser validates). */
  ready: boolean;
  /** The common field messages (content/forms.yaml › common.fieldErrors). */
  fieldErrors: FieldErrorCopy;
}
