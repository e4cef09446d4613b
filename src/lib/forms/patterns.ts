/**
 * Input rules shared by the form definitions and the sign-in card (a module of
 * its own, so the sign-in page loads none of the forms' definitions).
 */
/** The e-mail shape the database accepts (same rule as the CHECK constraint): no spaces, one @, a dot in the domain. */
export const EMAIL_PATTERN = '[^@\\s]+@[^@\\s]+\\.[^@\\s]+';
/** Portfolio links must be web links (no javascript: or data: URLs reach the staff dashboard). */
export const URL_PATTERN = 'https?://.+';

/** Shortest password the sign-in service accepts (supabase/config.toml [auth] minimum_password_length). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest e-mail address (RFC 5321 path limit); the database bounds its email columns the same. */
export const EMAIL_MAX_LENGTH = 254;
/** Supabase Auth hashes passwords with bcrypt, which reads at most 72 bytes. */
export const PASSWORD_MAX_LENGTH = 72;
