-- Text that is really text: what each column a visitor writes may hold, beyond its length
-- (10_form_tables.sql). Each column's rule is one regular expression over the whole value, the
-- same expression the browser applies (src/lib/forms/patterns.ts, which names the same
-- character classes; tests/db/text-rules.test.ts runs both on the same samples):
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
--   sent_from, landing_page (where a lead came from)
--     a path as the browser spells it (percent-encoded, so ASCII): a slash, then the characters
--     RFC 3986 allows in a path but the quote; no query, no fragment.
--   referrer_origin
--     an origin as browsers serialise one: http(s)://, a lower-case ASCII host (an IDN as punycode)
--     or a bracketed IPv6 address, an optional port; never a path or a query.
--   utm_source, utm_medium, utm_campaign
--     short texts.
--
-- Why so much: "not blank" (btrim <> '') let through a name made only of tabs, no-break or
-- ideographic spaces, zero-width characters, a Hangul filler U+3164, the braille blank
-- U+2800, a soft hyphen, variation selectors or tag characters; bidirectional overrides passed
-- in names, e-mails and links; and an e-mail's domain could be `.b.c`, `b..c`, `-.-`,
-- `y.z?cc=…` or `y.z,spy.example`.
--
-- "Invisible" is spelled out below (the database's locale must not decide what [[:space:]]
-- means): every Unicode space, and every format character or blank-drawn letter. NUL never
-- reaches a column (PostgreSQL text cannot hold it), so the classes start at U+0001.
--
-- NOT VALID: the migrations that added these rules did not recheck rows stored before them
-- (a deploy cannot fail on an old row; after cleaning old rows, run
-- `alter table … validate constraint …`). They are NOT VALID here too, so a database built from
-- these files is the one the migrations build.

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
  site_path constant text := '^/[A-Za-z0-9._~!$&()*+,;=:@%/-]*$';
  origin constant text := '^https?://(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$';

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
      ('job_applications', 'portfolio_url', link, true),
      ('contact_submissions', 'sent_from', site_path, true),
      ('contact_submissions', 'landing_page', site_path, true),
      ('contact_submissions', 'referrer_origin', origin, true),
      ('contact_submissions', 'utm_source', short_text, true),
      ('contact_submissions', 'utm_medium', short_text, true),
      ('contact_submissions', 'utm_campaign', short_text, true),
      ('job_applications', 'sent_from', site_path, true),
      ('job_applications', 'landing_page', site_path, true),
      ('job_applications', 'referrer_origin', origin, true),
      ('job_applications', 'utm_source', short_text, true),
      ('job_applications', 'utm_medium', short_text, true),
      ('job_applications', 'utm_campaign', short_text, true)
    ) as r(table_name, column_name, pattern, nullable)
  loop
    execute format(
      'alter table public.%1$I add constraint %2$I check (%3$s) not valid',
      rule.table_name,
      rule.table_name || '_' || rule.column_name || '_text_check',
      case when rule.nullable
        then format('%1$I is null or %1$I ~ %2$L', rule.column_name, rule.pattern)
        else format('%1$I ~ %2$L', rule.column_name, rule.pattern)
      end);
  end loop;
end;
$$;

-- The product-team form writes its two required choices into one column:
-- expertise = "<product> - <domain>" (src/lib/forms/product-team.ts, EXPERTISE_SEPARATOR).
-- A row missing either choice (" - Data Science", "Newsbox - ") passes the rules above, which
-- only ask for a visible character somewhere; the form refuses it, so the database refuses it
-- too: the value may neither begin nor end with the separator's dash between spaces. The careers
-- form's expertise areas (content/lists/expertise.yaml) are single names, never edged by it.
-- tests/db/forms.test.ts leaves each required field empty, one by one, and expects a refusal.
alter table public.job_applications
  add constraint job_applications_expertise_parts_check check (
    -- Plain spaces, spelled out: the separator is " - ", and [[:blank:]] would depend on the locale.
    expertise !~ '^ *- ' and expertise !~ ' - *$'
  ) not valid;
