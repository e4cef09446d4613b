/**
 * Input rules shared by the form definitions and the sign-in card (a module of
 * its own, so the sign-in page loads none of the forms' definitions).
 *
 * The patterns are the database's text rules (supabase/schemas/11_form_text_rules.sql)
 * written for the browser, which matches a `pattern` against the whole value
 * with the `v` flag. The characters are spelled out, as in the SQL, because
 * `\s` differs between the two; tests/db/text-rules.test.ts runs both on the
 * same sample strings.
 */

/** Control characters (C0, DEL, C1). */
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
/** The same without tab and newline, which long texts may contain. */
const CONTROL_BUT_TAB_NEWLINE = '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F';
/** Every Unicode space (U+0020, no-break, ogham, the U+2000 block, line and paragraph separators, ideographic). */
const SPACES = '\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
/** Bidirectional embeddings, overrides and isolates: they reorder the text around them, which a name never needs. */
const BIDI_EMBEDDING = '\\u202A-\\u202E\\u2066-\\u2069';
/**
 * The other characters that show nothing: format characters (soft hyphen, zero-width characters,
 * the bidirectional marks, word joiner and invisible operators, variation selectors, byte-order
 * mark, interlinear annotation, tag characters) and the letters and symbols drawn blank (Hangul
 * fillers, Khmer inherent vowels, braille blank).
 */
const FORMAT_BUT_BIDI_EMBEDDING =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164' +
  '\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}';
/** Every character that shows nothing but is not a space: what the team's messages strip. */
export const FORMAT = `${FORMAT_BUT_BIDI_EMBEDDING}${BIDI_EMBEDDING}`;
/** Characters that show nothing: a value made only of them is blank. */
const INVISIBLE = `${SPACES}${FORMAT}`;
/** Characters an address or a link never needs, which only serve to break out of markup. */
const MARKUP = '<>"\'`';
/** What an e-mail address or a link may not contain. */
const NOT_IN_ADDRESS = `${CONTROL}${INVISIBLE}${MARKUP}`;
/**
 * A character of a domain label: an ASCII letter or digit, or any other letter (an IDN written in
 * its own script); never ASCII punctuation (so no `?`, `,`, `/`, `@` or `_`), a space, an invisible
 * character, or a look-alike of the dot, comma, question mark or at sign.
 */
const LABEL_CHARACTER = `[^\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00A0${INVISIBLE}\\u3002\\uFF0C\\uFF0E\\uFF1F\\uFF20\\uFF61]`;
/** A domain label: label characters with hyphens inside, never first or last (punycode's `xn--` included). */
const LABEL = `${LABEL_CHARACTER}+(?:-+${LABEL_CHARACTER}+)*`;

/** A short text (a name, a company): at least one visible character, no control character, no bidirectional embedding. */
export const TEXT_PATTERN = `[${SPACES}${FORMAT_BUT_BIDI_EMBEDDING}]*[^${CONTROL}${INVISIBLE}][^${CONTROL}${BIDI_EMBEDDING}]*`;
/** A long text (a message, a cover letter): at least one visible character, no control character but tab and newline. */
export const LONG_TEXT_PATTERN = `[${INVISIBLE}\\t\\n]*[^${CONTROL}${INVISIBLE}][^${CONTROL_BUT_TAB_NEWLINE}]*`;
/**
 * An e-mail address: a local part without whitespace, invisible or markup characters, one @, and a
 * domain of at least two dot-separated labels.
 */
export const EMAIL_PATTERN = `[^@${NOT_IN_ADDRESS}]+@${LABEL}(?:\\.${LABEL})+`;
/** Portfolio links must be web links (no javascript: or data: URLs reach the staff dashboard); the scheme in any case, as in the database. */
export const URL_PATTERN = `[Hh][Tt][Tt][Pp][Ss]?://[^${NOT_IN_ADDRESS}]+`;

/**
 * A path of this site, as `location.pathname` spells it (percent-encoded, so ASCII): a slash, then
 * the characters RFC 3986 allows in a path but the quote, which only serves to break out of markup. No
 * query, no fragment: where a lead came from is the page, never what its address carried.
 */
export const PATH_PATTERN = '\\/[A-Za-z0-9._~!$&\\(\\)*+,;=:@%\\/\\-]*';
/**
 * A web origin as browsers serialise one (`new URL(referrer).origin`): http(s), a host in lower-case
 * ASCII (an IDN as punycode) or a bracketed IPv6 address, an optional port. Never a path or a query.
 */
export const ORIGIN_PATTERN = 'https?:\\/\\/(?:[a-z0-9\\-]+(?:\\.[a-z0-9\\-]+)*|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?';

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
