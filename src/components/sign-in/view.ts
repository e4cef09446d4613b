/** What every view of the sign-in card gets from the card. */
import type { FormsCopy } from '../../lib/content/schemas';
import type { AuthCaller } from './useAuthCall';

/** The sign-in form's id, and the prefix of the other views' ids. */
export const FORM_ID = 'sign-in';

export interface ViewProps {
  copy: FormsCopy['signIn'];
  /** The card's one auth caller (one call at a time across its views). */
  auth: AuthCaller;
  /** Hydrated: the submit buttons work. */
  ready: boolean;
}
