-- Personal data in form submissions has a lifecycle.
--
-- purge_expired_submissions(): deletes contact and demo requests older than
--   12 months and applications older than 6 months; returns how many rows it
--   deleted. Runs daily through pg_cron where the extension exists.
--   The privacy policy states the same periods from content/site.yaml
--   (`retention`); tests/db/lifecycle.test.ts fails when the two disagree, so
--   change them together (in a new migration that replaces this function).
--
-- erase_submitter(email): answers a data-subject erasure request in one call:
--   deletes every row with that address (trimmed, case-insensitive) from both
--   tables and returns how many.
--
-- Both are SECURITY DEFINER with a fixed search_path and executable by
-- service_role only: visitors (anon, authenticated) must never delete rows.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

create function public.purge_expired_submissions()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requests integer;
  applications integer;
begin
  delete from public.contact_submissions where created_at < now() - interval '12 months';
  get diagnostics requests = row_count;
  delete from public.job_applications where created_at < now() - interval '6 months';
  get diagnostics applications = row_count;
  return requests + applications;
end;
$$;

comment on function public.purge_expired_submissions() is
  'Deletes contact/demo requests older than 12 months and applications older than 6 months (the privacy policy''s periods); returns the number of rows deleted.';

create function public.erase_submitter(email text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(erase_submitter.email));
  requests integer;
  applications integer;
begin
  if address is null or address = '' then
    raise exception 'erase_submitter: an e-mail address is required' using errcode = '22023';
  end if;
  -- Equality, not LIKE: an address with % or _ matches only itself.
  delete from public.contact_submissions c where lower(c.email) = address;
  get diagnostics requests = row_count;
  delete from public.job_applications j where lower(j.email) = address;
  get diagnostics applications = row_count;
  return requests + applications;
end;
$$;

comment on function public.erase_submitter(text) is
  'Erasure request: deletes every contact/demo request and application with this e-mail address (trimmed, case-insensitive); returns the number of rows deleted.';

-- Functions are executable by PUBLIC by default, and Supabase's default
-- privileges grant anon and authenticated too: take all of it back.
revoke all on function public.purge_expired_submissions() from public, anon, authenticated;
revoke all on function public.erase_submitter(text) from public, anon, authenticated;
grant execute on function public.purge_expired_submissions() to service_role;
grant execute on function public.erase_submitter(text) to service_role;

-- Daily at 03:30 UTC, where pg_cron can run (hosted Supabase, `supabase start`).
-- Plain PostgreSQL and PGlite without it apply this migration unchanged and
-- the purge is run by hand (supabase/README.md).
do $$
begin
  if to_regnamespace('cron') is null and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
    exception when others then
      -- Installed but not loaded (shared_preload_libraries): leave it off rather than fail the migration.
      raise notice 'pg_cron is not usable here (%); purge_expired_submissions() is not scheduled', sqlerrm;
    end;
  end if;
  if to_regnamespace('cron') is not null then
    perform cron.schedule('purge-expired-submissions', '30 3 * * *', 'select public.purge_expired_submissions()');
  end if;
end;
$$;
