-- Text rules, second edition: what counts as blank, and what an address may hold.
--
-- The first text rules (20261125100200_form_text_rules.sql) knew the Unicode
-- spaces and four zero-width characters. A name made only of other characters
-- that show nothing (a Hangul filler U+3164, the braille blank U+2800, a soft
-- hyphen, a variation selector, tag characters, interlinear annotation marks…)
-- still passed as "not blank"; bidirectional overrides and isolates passed in
-- names, e-mails and links; and an e-mail's domain could be `.b.c`, `b..c`,
-- `-.-`, `y.z?cc=…` or `y.z,spy.example`.
--
-- Each column's rule is now one regular expression over the whole value, the
-- same expression the browser applies (src/lib/forms/patterns.ts, which names
-- the same character classes; tests/db/text-rules.test.ts runs both on the
-- same samples):
--
--   short texts (names, company, expertise, experience)
--     at least one visible character; no control character; no bidirectional
--     embedding, override or isolate (U+202A–202E, U+2066–2069). The marks
--     U+200E, U+200F and U+061C stay allowed: right-to-left names use them.
--   long texts (message, cover_letter)
--     at least one visible character; no control character but tab and newline.
--   email
--     a local part without control, invisible or markup characters, one @,
--     and a domain of two or more labels separated by dots; a label is ASCII
--     letters and digits or other letters (an IDN in its own script or as
--     punycode), with hyphens inside but never first or last; no empty label,
--     no ASCII punctuation (so no ? , / _), no look-alike of . , ? or @.
--   portfolio_url
--     http(s):// and then no control, invisible or markup character.
--
-- "Invisible" is spelled out below (the database's locale must not decide it):
-- every Unicode space, and every format character or blank-drawn letter. NUL
-- never reaches a column (PostgreSQL text cannot hold it), so the classes
-- start at U+0001.
--
-- The constraints keep their names and replace the first edition's; like
-- those, they are NOT VALID: rows already stored are not rechecked.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

do $$
declare
  control constant text := '\u0001-\u001F\u007F-\u009F';
  control_but_tab_newline constant text := '\u0001-\u0008\u000B-\u001F\u007F-\u009F';
  spaces constant text := '\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000';
  bidi_embedding constant text := '\u202A-\u202E\u2066-\u2069';
  -- Soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul fillers,
  -- Khmer inherent vowels, Mongolian selectors, zero-width characters and
  -- marks, word joiner and invisible operators, braille blank, variation
  -- selectors, byte-order mark, specials, shorthand and musical format
  -- characters, tag characters and the supplementary variation selectors.
  format_but_bidi_embedding constant text :=
    '\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2065\u206A-\u206F\u2800\u3164'
    '\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF';
  invisible constant text := spaces || format_but_bidi_embedding || bidi_embedding;
  not_in_address constant text := control || invisible || '<>"''`';
  label_character constant text :=
    '[^\u0001-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u00A0' || invisible || '\u3002\uFF0C\uFF0E\uFF1F\uFF20\uFF61]';
  label constant text := label_character || '+(?:-+' || label_character || '+)*';

  short_text constant text := format('^(?:[%s%s]*[^%s%s][^%s%s]*)$',
    spaces, format_but_bidi_embedding, control, invisible, control, bidi_embedding);
  long_text constant text := format('^(?:[%s\t\n]*[^%s%s][^%s]*)$', invisible, control, invisible, control_but_tab_newline);
  email constant text := format('^(?:[^@%s]+@%s(?:\.%s)+)$', not_in_address, label, label);
  link constant text := format('^(?:[Hh][Tt][Tt][Pp][Ss]?://[^%s]+)$', not_in_address);

  rule record;
begin
  for rule in
    select * from (values
      ('contact_submissions', 'first_name', short_text, false),
      ('contact_submissions', 'last_name', short_text, false),
      ('contact_submissions', 'company', short_text, true),
      ('contact_submissions', 'message', long_text, false),
      ('contact_submissions', 'email', email, false),
      ('job_applications', 'full_name', short_text, false),
      ('job_applications', 'expertise', short_text, false),
      ('job_applications', 'experience', short_text, false),
      ('job_applications', 'cover_letter', long_text, false),
      ('job_applications', 'email', email, false),
      ('job_applications', 'portfolio_url', link, true)
    ) as r(table_name, column_name, pattern, nullable)
  loop
    execute format(
      'alter table public.%1$I drop constraint %2$I, add constraint %2$I check (%3$s) not valid',
      rule.table_name,
      rule.table_name || '_' || rule.column_name || '_text_check',
      case when rule.nullable
        then format('%1$I is null or %1$I ~ %2$L', rule.column_name, rule.pattern)
        else format('%1$I ~ %2$L', rule.column_name, rule.pattern)
      end);
  end loop;
end;
$$;
