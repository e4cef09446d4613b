-- The product-team form writes its two required choices into one column:
-- expertise = "<product> - <domain>" (src/lib/forms/product-team.ts, EXPERTISE_SEPARATOR).
-- A row missing either choice (" - Data Science", "Newsbox - ") passed the text
-- rules, which only ask for a visible character somewhere; the form refuses it,
-- so the database refuses it too: the value may neither begin nor end with the
-- separator's dash between spaces. The careers form's expertise areas
-- (content/lists/expertise.yaml) are single names, never edged by it.
-- tests/db/forms.test.ts leaves each required field empty, one by one, and expects a refusal.
--
-- NOT VALID, as the text rules: rows stored before it are not rechecked (the
-- website never sent one); after checking them, run
--   alter table public.job_applications validate constraint job_applications_expertise_parts_check;

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

alter table public.job_applications
  add constraint job_applications_expertise_parts_check check (
    -- Plain spaces, spelled out: the separator is " - ", and [[:blank:]] would depend on the locale.
    expertise !~ '^ *- ' and expertise !~ ' - *$'
  ) not valid;
