/**
 * Input rules shared by the form definitions and the sign-in card (a module of
 * its own, so the sign-in page loads none of the forms' definitions).
 *
 * The patterns are the database's text rules (supabase/migrations/*_form_text_rules.sql)
 * written for the browser, which matches a `pattern` against the whole value
 * with the `v` flag. The characters are spelled out, as in the SQL, because
 * `\s` differs between the two; tests/db/text-rules.test.ts runs both on the
 * same sample strings.
 */

/** Control characters (C0, DEL, C1). */
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
/** The same without tab and newline, which long texts may contain. */
const CONTROL_BUT_TAB_NEWLINE = '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F';
/** Characters that show nothing: every Unicode space and the zero-width ones. */
const INVISIBLE = '\\u0020\\u00A0\\u1680\\u180E\\u2000-\\u200D\\u2028\\u2029\\u202F\\u205F\\u2060\\u3000\\uFEFF';
/** Characters an address or a link never needs, which only serve to break out of markup. */
const MARKUP = '<>"\'`';
/** What an e-mail address or a link may not contain. */
const NOT_IN_ADDRESS = `${CONTROL}${INVISIBLE}${MARKUP}`;

/** A short text (a name, a company): at least one visible character, no control character. */
export const TEXT_PATTERN = `[${INVISIBLE}]*[^${CONTROL}${INVISIBLE}][^${CONTROL}]*`;
/** A long text (a message, a cover letter): the same, with tab and newline allowed. */
export const LONG_TEXT_PATTERN = `[${INVISIBLE}\\t\\n]*[^${CONTROL}${INVISIBLE}][^${CONTROL_BUT_TAB_NEWLINE}]*`;
/** The e-mail shape the database accepts: one @, a dot in the domain, no whitespace or markup characters. */
export const EMAIL_PATTERN = `[^@${NOT_IN_ADDRESS}]+@[^@${NOT_IN_ADDRESS}]+\\.[^@${NOT_IN_ADDRESS}]+`;
/** Portfolio links must be web links (no javascript: or data: URLs reach the staff dashboard); the scheme in any case, as in the database. */
export const URL_PATTERN = `[Hh][Tt][Tt][Pp][Ss]?://[^${NOT_IN_ADDRESS}]+`;

/** Shortest password the sign-in service accepts (supabase/config.toml [auth] minimum_password_length). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest e-mail address (RFC 5321 path limit); the database bounds its email columns the same. */
export const EMAIL_MAX_LENGTH = 254;
/** Supabase Auth hashes passwords with bcrypt, which reads at most 72 bytes. */
export const PASSWORD_MAX_LENGTH = 72;

/**
 * Whether `value` matches a field pattern the way the browser applies it: the
 * whole value, with the `v` flag (browsers without it use `u`, which reads
 * these patterns the same). For textareas, which have no `pattern` attribute.
 */
export function matchesPattern(pattern: string, value: string): boolean {
  let expression: RegExp;
  try {
    expression = new RegExp(`^(?:${pattern})$`, 'v');
  } catch {
    expression = new RegExp(`^(?:${pattern})$`, 'u');
  }
  return expression.test(value);
}
