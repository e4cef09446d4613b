-- How long submissions and the bookkeeping are kept, and an erasure request in one call.
--
-- purge_expired_submissions(): deletes contact and demo requests older than 12 months,
--   applications older than 6 months and held rows older than 30 days; returns how many rows it
--   deleted. Daily at 03:30 UTC (90_jobs.sql). The privacy policy states the same periods from
--   content/site.yaml (`retention`); tests/db/lifecycle.test.ts fails when the two disagree, so
--   change them together.
--
-- erase_submitter(email): answers a data-subject erasure request in one call: deletes every row
--   with that address (trimmed, case-insensitive) from both tables and returns how many.
--
-- Both are SECURITY DEFINER with a fixed search_path and executable by service_role only:
-- visitors (anon, authenticated) must never delete rows.
--
-- form_throttle_purge(): the bookkeeping purge, every 10 minutes (90_jobs.sql), outside every
--   insert: a purge inside an insert locked quiet keys before the insert took its own keys in
--   order, and two inserts sharing a client address could deadlock (40P01, a 500 for the
--   visitor).

create function public.purge_expired_submissions()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requests integer;
  applications integer;
  held_requests integer;
  held_applications integer;
begin
  delete from public.contact_submissions where created_at < now() - interval '12 months';
  get diagnostics requests = row_count;
  delete from public.job_applications where created_at < now() - interval '6 months';
  get diagnostics applications = row_count;
  delete from public.contact_submissions where held and created_at < now() - interval '30 days';
  get diagnostics held_requests = row_count;
  delete from public.job_applications where held and created_at < now() - interval '30 days';
  get diagnostics held_applications = row_count;
  return requests + applications + held_requests + held_applications;
end;
$$;

comment on function public.purge_expired_submissions() is
  'Deletes contact/demo requests older than 12 months, applications older than 6 months and held rows older than 30 days (the privacy policy''s periods); returns the number of rows deleted.';

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

-- Drop keys quiet for longer than any window, usage and senders' counts older than a day,
-- delivered outbox entries after 7 days, receipts after 30, digests after 13 months and the
-- jobs' own log after a day, in batches; rows an insert holds are skipped, never waited for.
-- Then measure what the bookkeeping takes, for the storage budget (23_storage_budget.sql).
create function private.form_throttle_purge()
returns void
language plpgsql
set search_path = ''
as $$
declare
  relation text;
  measured bigint := 0;
  part bigint;
begin
  delete from private.form_throttle_keys
  where key in (
    select key from private.form_throttle_keys
    where last_at <= now() - (select max(window_length) from private.form_limits)
    limit 10000
    for update skip locked
  );
  delete from private.notify_senders
  where (window_started_at, sender) in (
    select window_started_at, sender from private.notify_senders
    where window_started_at < now() - interval '1 day'
    limit 10000
    for update skip locked
  );
  delete from private.form_usage
  where (key, hour) in (
    select key, hour from private.form_usage
    where hour < now() - (select max(window_length) from private.form_limits) - interval '1 hour'
    limit 10000
    for update skip locked
  );
  -- Delivered or dropped entries leave after 7 days (the row keeps announced_at or digest_id).
  delete from private.notify_outbox
  where id in (
    select id from private.notify_outbox
    where coalesce(delivered_at, dropped_at) < now() - interval '7 days'
    limit 10000
    for update skip locked
  );
  delete from private.notify_receipts where delivered_at < now() - interval '30 days';
  -- The ledger of the team's links: a link lives 7 days; what it did is told for a week after.
  delete from private.team_actions where acted_at < now() - interval '14 days';
  -- Digests outlive the rows they counted (kept 12 months at most).
  delete from private.notify_digests d where d.id <> 0 and d.created_at < now() - interval '13 months';
  -- The scheduled jobs' log: a day of it (pg_cron keeps every run otherwise: 525,000 a year for the drain alone).
  if to_regclass('cron.job_run_details') is not null then
    execute $sql$delete from cron.job_run_details d
      where d.end_time < now() - interval '1 day'
        and d.jobid in (select j.jobid from cron.job j
                        where j.jobname in ('notify-submission-drain', 'notify-submission-drain-half', 'form-throttle-purge', 'purge-expired-submissions'))$sql$;
  end if;
  -- What the bookkeeping takes, counted against storage_mb until the next measure (at most once a
  -- minute: a scan of every bookkeeping row, however often the purge is run by hand).
  if exists (select 1 from private.form_storage s where s.part = 'bookkeeping' and s.shard = 0 and s.measured_at > now() - interval '1 minute') then
    return;
  end if;
  foreach relation in array array['private.form_throttle_keys', 'private.form_usage', 'private.notify_senders',
                                   'private.notify_outbox', 'private.notify_receipts', 'private.notify_digests',
                                   'private.team_actions'] loop
    execute format('select coalesce(sum(pg_column_size(t.*) + 60), 0) from %s t', relation) into part;
    measured := measured + part;
  end loop;
  if to_regclass('cron.job_run_details') is not null then
    execute 'select coalesce(sum(pg_column_size(d.*) + 60), 0) from cron.job_run_details d' into part;
    measured := measured + part;
  end if;
  update private.form_storage s set rows = 0, bytes = case when s.shard = 0 then measured else 0 end, measured_at = now()
    where s.part = 'bookkeeping';
end
$$;

revoke all on function private.form_throttle_purge() from public, anon, authenticated;
