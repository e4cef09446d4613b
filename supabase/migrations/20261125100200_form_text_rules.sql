-- Text that is really text, in the two form tables.
--
-- "Not blank" (btrim <> '') let through a value made only of tabs, newlines,
-- no-break or ideographic spaces, or zero-width characters, and nothing kept
-- control characters or markup out of e-mail and link columns. These
-- constraints add, for every text column a visitor writes:
--
--   short texts (names, company, expertise, experience)
--     at least one visible character; no control character at all;
--   long texts (message, cover_letter)
--     at least one visible character; no control character except tab and newline;
--   email, portfolio_url
--     no control character, no whitespace of any kind, no zero-width character,
--     and none of < > " ' ` (they only ever serve to break out of markup).
--
-- The characters are spelled out: whether [[:space:]] or \s covers U+00A0 or
-- U+3000 depends on the database's locale. NUL never reaches a column
-- (PostgreSQL text cannot hold it). The browser patterns in
-- src/lib/forms/patterns.ts say the same; tests/db/text-rules.test.ts checks
-- both on the same sample strings.
--
-- Character classes used below (PostgreSQL regular expressions):
--   control    \u0001-\u001f\u007f-\u009f  (C0, DEL, C1)
--   invisible  \u0020\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff
--              (every Unicode space, the zero-width space, non-joiner, joiner,
--              word joiner, byte-order mark, Mongolian vowel separator)
--   visible    anything that is neither
--
-- NOT VALID: rows already stored are not rechecked (the migration cannot fail
-- on an old row); every new row is. After cleaning old rows, staff may run
-- `alter table … validate constraint …`.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- ---------------------------------------------------------------------------
-- contact_submissions
-- ---------------------------------------------------------------------------
alter table public.contact_submissions
  add constraint contact_submissions_first_name_text_check check (
    first_name !~ '[\u0001-\u001f\u007f-\u009f]'
    and first_name ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint contact_submissions_last_name_text_check check (
    last_name !~ '[\u0001-\u001f\u007f-\u009f]'
    and last_name ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint contact_submissions_company_text_check check (
    company is null or (
      company !~ '[\u0001-\u001f\u007f-\u009f]'
      and company ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
    )
  ) not valid,
  add constraint contact_submissions_message_text_check check (
    message !~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]'
    and message ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint contact_submissions_email_text_check check (
    email !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff<>"''`]'
  ) not valid;

-- ---------------------------------------------------------------------------
-- job_applications
-- ---------------------------------------------------------------------------
alter table public.job_applications
  add constraint job_applications_full_name_text_check check (
    full_name !~ '[\u0001-\u001f\u007f-\u009f]'
    and full_name ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint job_applications_expertise_text_check check (
    expertise !~ '[\u0001-\u001f\u007f-\u009f]'
    and expertise ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint job_applications_experience_text_check check (
    experience !~ '[\u0001-\u001f\u007f-\u009f]'
    and experience ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint job_applications_cover_letter_text_check check (
    cover_letter !~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]'
    and cover_letter ~ '[^\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  add constraint job_applications_email_text_check check (
    email !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff<>"''`]'
  ) not valid,
  add constraint job_applications_portfolio_url_text_check check (
    portfolio_url is null
    or portfolio_url !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff<>"''`]'
  ) not valid;
