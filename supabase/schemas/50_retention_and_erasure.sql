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
-- delivered outbox entries after 7 days (never-delivered ones are dropped after 13 months),
-- receipts after 30, digests after 13 months, the scheduled jobs' log and pg_net's answers after a
-- day, in batches; rows an insert holds are skipped, never waited for. Then measure what the
-- bookkeeping takes, for the storage budget (23_storage_budget.sql). Every table's rule is listed
-- in private.data_retention below.
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
  -- An entry the function never confirmed in 13 months is about a row that is gone by now (kept 12
  -- months at most): dropped, so a function that stays broken does not fill the outbox for ever.
  update private.notify_outbox set dropped_at = now(), dropped_reason = 'not delivered within 13 months', request_id = null
  where id in (
    select id from private.notify_outbox
    where delivered_at is null and dropped_at is null and created_at < now() - interval '13 months'
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
  -- The scheduled jobs' log, for every job by one rule (a list of names misses the next job added:
  -- site-publish alone wrote 526,000 rows a year): a day of it, and each job's newest run, which
  -- form_health() reads (the daily job's last run is a day old when the next one starts).
  if to_regclass('cron.job_run_details') is not null then
    execute $sql$delete from cron.job_run_details d
      where coalesce(d.end_time, d.start_time) < now() - interval '1 day'
        and exists (select 1 from cron.job_run_details n where n.jobid = d.jobid and n.runid > d.runid)$sql$;
  end if;
  -- pg_net's answers: the drain and site_publish_tick read an answer within minutes of its request.
  -- pg_net drops its own after pg_net.ttl (6 hours by default); this holds when that is set longer.
  if to_regclass('net._http_response') is not null then
    begin
      execute $sql$delete from net._http_response r where r.created < now() - interval '1 day'$sql$;
    exception when insufficient_privilege then
      -- Where the table belongs to pg_net's own role, its ttl is the rule.
      null;
    end;
  end if;
  -- What the bookkeeping takes, counted against storage_mb until the next measure (at most once a
  -- minute: a scan of every bookkeeping row, however often the purge is run by hand).
  if exists (select 1 from private.form_storage s where s.part = 'bookkeeping' and s.shard = 0 and s.measured_at > now() - interval '1 minute') then
    return;
  end if;
  foreach relation in array array['private.form_throttle_keys', 'private.form_usage', 'private.notify_senders',
                                   'private.notify_outbox', 'private.notify_receipts', 'private.notify_digests',
                                   'private.team_actions', 'private.site_publish_due'] loop
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

-- Every table the project writes, or has pg_cron and pg_net write for it, and what keeps it
-- bounded: a time rule enforced by a scheduled job, or a fixed set of rows. `overdue` is the SQL
-- condition (over the table as `t`) of a row kept past its rule and its job's schedule: the
-- enforcing job runs at least daily, so a day more than the rule. public.form_health() reports
-- what private.retention_overdue() finds; tests/pg/retention.test.ts fails for a table missing here.
create view private.data_retention with (security_invoker = true) as
select v.relation, v.kept, v.enforced_by, v.overdue
from (values
  ('public.contact_submissions', '12 months; held rows 30 days', 'purge-expired-submissions (daily)',
    $o$t.created_at < now() - interval '12 months 1 day' or (t.held and t.created_at < now() - interval '31 days')$o$),
  ('public.job_applications', '6 months; held rows 30 days', 'purge-expired-submissions (daily)',
    $o$t.created_at < now() - interval '6 months 1 day' or (t.held and t.created_at < now() - interval '31 days')$o$),
  ('private.form_limits', 'one row per limit', 'fixed', null),
  ('private.form_client_source', 'one row', 'fixed', null),
  ('private.form_storage', 'one row per part and shard', 'fixed', null),
  ('private.form_throttle_keys', 'until quiet for the longest window', 'form-throttle-purge (10 minutes)',
    $o$t.last_at < now() - (select max(l.window_length) from private.form_limits l) - interval '1 day'$o$),
  ('private.form_usage', 'the longest window and an hour', 'form-throttle-purge (10 minutes)',
    $o$t.hour < now() - (select max(l.window_length) from private.form_limits l) - interval '1 day 1 hour'$o$),
  ('private.notify_state', 'one row', 'fixed', null),
  ('private.notify_window', 'one row', 'fixed', null),
  ('private.notify_senders', '1 day', 'form-throttle-purge (10 minutes)', $o$t.window_started_at < now() - interval '2 days'$o$),
  ('private.notify_outbox', '7 days after delivered or dropped; undelivered 13 months', 'form-throttle-purge (10 minutes)',
    $o$coalesce(t.delivered_at, t.dropped_at) < now() - interval '8 days' or t.created_at < now() - interval '13 months 8 days'$o$),
  ('private.notify_receipts', '30 days', 'form-throttle-purge (10 minutes)', $o$t.delivered_at < now() - interval '31 days'$o$),
  ('private.notify_digests', '13 months', 'form-throttle-purge (10 minutes)', $o$t.id <> 0 and t.created_at < now() - interval '13 months 1 day'$o$),
  ('private.team_actions', '14 days', 'form-throttle-purge (10 minutes)', $o$t.acted_at < now() - interval '15 days'$o$),
  ('private.site_publish_state', 'one row', 'fixed', null),
  ('private.site_publish_due', '30 days after built; unbuilt 13 months', 'site-publish (every minute)',
    $o$t.built_at < now() - interval '31 days' or t.due_at < now() - interval '13 months 1 day'$o$),
  ('cron.job', 'the project''s jobs (90_jobs.sql)', 'fixed', null),
  ('cron.job_run_details', '1 day; each job''s newest run', 'form-throttle-purge (10 minutes)',
    $o$coalesce(t.end_time, t.start_time) < now() - interval '2 days' and exists (select 1 from cron.job_run_details n where n.jobid = t.jobid and n.runid > t.runid)$o$),
  ('net.http_request_queue', 'until sent (pg_net''s worker deletes each request as it sends it)', 'pg_net', null),
  ('net._http_response', '1 day (pg_net.ttl, 6 hours by default)', 'pg_net, form-throttle-purge (10 minutes)',
    $o$t.created < now() - interval '2 days'$o$)
) v(relation, kept, enforced_by, overdue);

comment on view private.data_retention is
  'Every table the project writes and its rule: how long rows are kept, which job removes them, and the SQL condition of a row kept too long.';

-- Rows kept past their rule, per table (tables that do not exist here are skipped).
create function private.retention_overdue()
returns table (relation text, overdue bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  rule record;
begin
  for rule in select r.relation, r.overdue from private.data_retention r where r.overdue is not null order by r.relation loop
    continue when to_regclass(rule.relation) is null;
    relation := rule.relation;
    execute format('select count(*) from %s t where %s', rule.relation, rule.overdue) into overdue;
    if overdue > 0 then
      return next;
    end if;
  end loop;
end
$$;

revoke all on table private.data_retention from public, anon, authenticated;
grant select on table private.data_retention to service_role;
revoke all on function private.retention_overdue() from public, anon, authenticated;
