-- A year unattended: every table and log the project writes has a rule that bounds it
-- (schemas/50_retention_and_erasure.sql, private.data_retention), pg_cron's log for every job by one
-- rule (site-publish, every minute, was not on the purge's list: 526,000 rows a year counted against
-- the storage budget) and pg_net's answers included; form_health() reports a table past its rule.
-- The site's publishing (schemas/70_site_publishing.sql) caps what it reads of /publishing.json,
-- rebuilds the site before security.txt expires (`renewBy`), alerts the team once for a due time not
-- built 15 minutes after it, and drops due times never built after 13 months.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

alter table private.site_publish_state add column renew_by timestamptz;
alter table private.site_publish_due
  add column reason text not null default 'entry' check (reason in ('entry', 'renewal')),
  add column alerted_at timestamptz;

create or replace function private.form_throttle_purge()
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

create or replace function public.form_health()
returns table (item text, ok boolean, detail text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  state private.notify_state;
  job record;
  run record;
  cap_mb integer;
  used bigint;
  pending bigint;
  oldest timestamptz;
  failing bigint;
  last_error text;
  digest private.notify_digests;
  has_url boolean := false;
  has_secret boolean := false;
begin
  select * into state from private.notify_state;

  item := 'pg_cron';
  ok := to_regnamespace('cron') is not null;
  detail := case when ok then 'installed' else 'missing: nothing runs the drain, the bookkeeping purge or the retention purge (enable pg_cron, then apply the migrations again or schedule the jobs, supabase/README.md)' end;
  return next;
  if to_regnamespace('cron') is not null then
    for job in
      select v.name, v.late_after, v.optional from (values
        ('notify-submission-drain', interval '3 minutes', false),
        -- The half-minute drain of pg_cron before 1.5 (below), where it is scheduled.
        ('notify-submission-drain-half', interval '3 minutes', true),
        ('form-throttle-purge', interval '30 minutes', false),
        ('purge-expired-submissions', interval '26 hours', false),
        ('site-publish', interval '3 minutes', false)) v(name, late_after, optional)
    loop
      item := 'job ' || job.name;
      execute 'select j.jobid, j.schedule, coalesce(j.active, true) as active from cron.job j where j.jobname = $1' into run using job.name;
      continue when run.jobid is null and job.optional;
      if run.jobid is null then
        ok := false;
        detail := 'not scheduled';
      elsif not run.active then
        ok := false;
        detail := format('scheduled (%s) but not active', run.schedule);
      elsif to_regclass('cron.job_run_details') is null then
        ok := true;
        detail := format('scheduled (%s)', run.schedule);
      else
        execute 'select d.status, d.start_time, d.return_message from cron.job_run_details d where d.jobid = $1 order by d.start_time desc limit 1'
          into run using run.jobid;
        ok := run.start_time is not null and run.start_time > now() - job.late_after and run.status = 'succeeded';
        detail := case
          when run.start_time is null then 'scheduled, never run yet'
          when run.status <> 'succeeded' then format('last run %s: %s (%s)', run.start_time, run.status, left(coalesce(run.return_message, ''), 200))
          when not ok then format('late: last run %s', run.start_time)
          else format('last run %s: succeeded', run.start_time) end;
      end if;
      return next;
    end loop;
  end if;

  item := 'pg_net';
  ok := to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null;
  detail := case when ok then 'installed' else 'missing: messages wait in the outbox (create extension pg_net with schema extensions)' end;
  return next;

  item := 'vault secrets';
  if to_regclass('vault.decrypted_secrets') is not null then
    execute $sql$select bool_or(s.name = 'notify_submission_url'), bool_or(s.name = 'notify_submission_secret') from vault.decrypted_secrets s$sql$
      into has_url, has_secret;
  end if;
  ok := coalesce(has_url and has_secret, false);
  detail := case
    when to_regclass('vault.decrypted_secrets') is null then 'missing: Vault is not installed'
    when ok then 'notify_submission_url and notify_submission_secret set'
    else 'missing: ' || array_to_string(array_remove(array[
      case when not coalesce(has_url, false) then 'notify_submission_url' end,
      case when not coalesce(has_secret, false) then 'notify_submission_secret' end], null), ', ') ||
      ' (vault.create_secret, supabase/README.md); messages wait in the outbox' end;
  return next;

  item := 'drain';
  ok := state.last_drain_at is not null and state.last_drain_at > now() - interval '3 minutes';
  detail := case when state.last_drain_at is null then 'never run'
    else format('%slast run %s: %s', case when ok then '' else 'late: ' end, state.last_drain_at, state.last_drain) end;
  return next;

  item := 'deliveries';
  select count(*), min(o.created_at), count(*) filter (where o.last_error is not null)
    into pending, oldest, failing from private.notify_outbox o where o.delivered_at is null and o.dropped_at is null;
  select o.last_error into last_error from private.notify_outbox o
    where o.delivered_at is null and o.dropped_at is null and o.last_error is not null order by o.next_attempt_at desc limit 1;
  ok := pending = 0 or oldest > now() - interval '5 minutes';
  detail := case when pending = 0 then 'none pending'
    else format('%s pending (oldest %s), %s failing%s', pending, oldest, failing, coalesce('; last error: ' || last_error, '')) end;
  return next;

  item := 'last digest';
  select * into digest from private.notify_digests d where d.id <> 0 order by d.id desc limit 1;
  ok := digest.id is null or digest.delivered_at is not null or digest.created_at > now() - interval '5 minutes';
  detail := case when digest.id is null then 'none yet'
    when digest.delivered_at is null then format('digest %s of %s, not yet delivered', digest.id, digest.created_at)
    else format('digest %s of %s, delivered %s', digest.id, digest.created_at, digest.delivered_at) end;
  return next;

  item := 'storage';
  select l.max_rows into cap_mb from private.form_limits l where l.name = 'storage_mb';
  used := private.form_storage_bytes();
  ok := used * 5 < cap_mb::bigint * 1048576 * 4;
  detail := format('%s of %s MB (%s%%)', round(used / 1048576.0, 1), cap_mb, case when cap_mb = 0 then 100 else round(used * 100.0 / (cap_mb::bigint * 1048576)) end);
  return next;

  -- Every table within its rule (50_retention_and_erasure.sql): a table past it means a job stopped
  -- enforcing it, and storage grows until the forms refuse visitors.
  item := 'retention';
  select array_to_string(array_agg(format('%s: %s rows kept past their rule', r.relation, r.overdue)), '; ') into detail
    from private.retention_overdue() r;
  ok := detail is null;
  detail := coalesce(detail, 'every table within its rule (private.data_retention)');
  return next;

  -- The site's scheduled publishing: its secrets, the file it reads, the build hook's posts.
  select h.item, h.ok, h.detail into item, ok, detail from private.site_publish_health() h;
  return next;
end
$$;

comment on function public.form_health() is
  'What the forms'' delivery and the site''s scheduled publishing need and whether it is there and on time: pg_cron and its jobs, pg_net, the Vault secrets, the last drain, pending deliveries, the last digest, storage, retention, site publishing.';

create or replace function private.site_publish_tick()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  state private.site_publish_state;
  answer record;
  file jsonb;
  hook text := private.site_publish_secret('netlify_build_hook_url');
  site text := private.site_publish_secret('site_publishing_url');
  has_net boolean := to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null;
  due record;
  request bigint;
  posted integer := 0;
begin
  select * into state from private.site_publish_state for update;

  -- 1. The file, as the last fetch found it.
  if state.fetch_request is not null and to_regclass('net._http_response') is not null then
    execute 'select r.status_code, r.timed_out, r.error_msg, r.content from net._http_response r where r.id = $1'
      into answer using state.fetch_request;
    if answer.status_code between 200 and 299 then
      begin
        -- The file is the site's, read every minute: a bounded size and count, whatever it answers.
        if octet_length(answer.content) > 65536 then
          raise exception 'larger than 64 KB (% bytes)', octet_length(answer.content);
        end if;
        file := answer.content::jsonb;
        if jsonb_array_length(coalesce(file -> 'due', '[]')) > 500 then
          raise exception 'more than 500 due times (%)', jsonb_array_length(file -> 'due');
        end if;
        update private.site_publish_state set built_at = (file ->> 'builtAt')::timestamptz, read_at = now(), fetch_error = null,
          renew_by = (file ->> 'renewBy')::timestamptz;
        insert into private.site_publish_due (due_at)
          select d::timestamptz from jsonb_array_elements_text(coalesce(file -> 'due', '[]')) d
          on conflict do nothing;
        -- A rebuild before security.txt expires, as a due time of its own: posted, retried and
        -- alerted as an entry's.
        insert into private.site_publish_due (due_at, reason)
          select (file ->> 'renewBy')::timestamptz, 'renewal' where file ->> 'renewBy' is not null
          on conflict do nothing;
        -- Only the newest build's renewal counts: an earlier build's, still ahead, is superseded.
        delete from private.site_publish_due d
          where d.reason = 'renewal' and d.built_at is null and d.request_id is null and d.due_at > now()
            and d.due_at is distinct from (file ->> 'renewBy')::timestamptz;
      exception when others then
        update private.site_publish_state set fetch_error = 'publishing.json could not be read: ' || sqlerrm;
      end;
      update private.site_publish_state set fetch_request = null;
    elsif answer.status_code is not null or answer.timed_out or answer.error_msg is not null then
      update private.site_publish_state set fetch_request = null,
        fetch_error = format('fetching %s: %s', site, coalesce(answer.status_code::text, answer.error_msg, 'timed out'));
    elsif state.fetched_at < now() - interval '5 minutes' then
      update private.site_publish_state set fetch_request = null, fetch_error = 'no answer to the last fetch within 5 minutes';
    end if;
  end if;
  select * into state from private.site_publish_state;
  -- A build at or after a due time published what was due.
  update private.site_publish_due d set built_at = state.built_at
    where d.built_at is null and state.built_at is not null and state.built_at >= d.due_at;

  -- 2. The answers to the posts.
  for due in select * from private.site_publish_due d where d.request_id is not null and d.confirmed_at is null and d.built_at is null loop
    answer := null;
    if to_regclass('net._http_response') is not null then
      execute 'select r.status_code, r.timed_out, r.error_msg from net._http_response r where r.id = $1' into answer using due.request_id;
    end if;
    if answer.status_code between 200 and 299 then
      update private.site_publish_due set confirmed_at = now(), last_error = null where due_at = due.due_at;
    elsif answer.status_code is not null or answer.timed_out or answer.error_msg is not null or due.posted_at < now() - interval '5 minutes' then
      update private.site_publish_due set request_id = null,
        last_error = coalesce(answer.status_code::text, answer.error_msg, case when answer.timed_out then 'timed out' end, 'no answer within 5 minutes'),
        next_attempt_at = now() + private.site_publish_backoff(due.attempts)
        where due_at = due.due_at;
    end if;
  end loop;

  -- 3. One post for every due time that has come, is not covered by a build, and is not waiting.
  if has_net and hook is not null
     and exists (select 1 from private.site_publish_due d
                 where d.due_at <= now() and d.built_at is null and d.confirmed_at is null
                   and d.request_id is null and d.next_attempt_at <= now()) then
    request := net.http_post(
      url := hook,
      body := jsonb_build_object(),
      params := jsonb_build_object('trigger_title', 'Scheduled publishing'),
      headers := jsonb_build_object('Content-Type', 'application/json'),
      timeout_milliseconds := 10000);
    update private.site_publish_due d set request_id = request, posted_at = now(), attempts = d.attempts + 1
      where d.due_at <= now() and d.built_at is null and d.confirmed_at is null and d.request_id is null and d.next_attempt_at <= now();
    get diagnostics posted = row_count;
  end if;

  -- 4. The file again.
  if has_net and site is not null and to_regprocedure('net.http_get(text, jsonb, jsonb, integer)') is not null
     and (select s.fetch_request is null from private.site_publish_state s) then
    update private.site_publish_state set fetch_request = net.http_get(url := site, timeout_milliseconds := 10000), fetched_at = now();
  end if;
  -- 5. A due time not built 15 minutes after it: the team is told once, as the forms' alerts are.
  for due in select * from private.site_publish_due d
             where d.built_at is null and d.alerted_at is null and d.due_at < now() - interval '15 minutes' order by d.due_at loop
    perform private.notify_enqueue('alert:publishing:' || private.notify_key_time(due.due_at), 'alert',
      private.notify_alert_body(jsonb_build_object('kind', 'publishing', 'at', now(), 'due_at', due.due_at, 'reason', due.reason,
        'attempts', due.attempts, 'last_error', due.last_error, 'hook_confirmed', due.confirmed_at is not null,
        'last_build_at', state.built_at)));
    update private.site_publish_due set alerted_at = now() where due_at = due.due_at;
  end loop;

  update private.site_publish_state set last_tick_at = now();
  -- Done due times leave the table after a month; one never built after 13 months (the team was told).
  delete from private.site_publish_due d where d.built_at < now() - interval '30 days' or d.due_at < now() - interval '13 months';
  return case when posted > 0 then format('posted the build hook for %s due time(s)', posted) else 'nothing due' end;
end
$$;
