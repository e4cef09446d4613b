-- The site rebuilds itself when a scheduled entry is due (issue 39; schemas/70_site_publishing.sql
-- says what each object does).
--
-- A post or page can now be scheduled (`publishAt`): before its time it is in no output of the
-- site, and the site must be built again at that time to publish it. The build publishes
-- /publishing.json (its build time and the due times); the job `site-publish` reads it every minute
-- with pg_net and posts Netlify's build hook (a Vault secret) once per due time that came and that
-- no build has covered, retrying a failed post (each run five times, then backing off to an hour).
-- public.form_health() reports it: the job, the secrets, a failing post, a due time unpublished 15
-- minutes after it. Where pg_cron, pg_net or the secrets are missing nothing is posted, and health
-- says what is missing.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

create table private.site_publish_state (
  id boolean primary key default true check (id),
  -- The last fetch of /publishing.json (a pg_net request id) and when it was made.
  fetch_request bigint,
  fetched_at timestamptz,
  -- What the last file read said, and when it was read.
  built_at timestamptz,
  read_at timestamptz,
  -- Why the last fetch failed, when it did.
  fetch_error text,
  last_tick_at timestamptz
);
comment on table private.site_publish_state is
  'What site_publish_tick() last read of the site''s /publishing.json, and its fetch in flight.';
insert into private.site_publish_state default values;

create table private.site_publish_due (
  due_at timestamptz primary key,
  -- When the file first named it.
  seen_at timestamptz not null default now(),
  -- The post of the hook for it (shared by the due times of one tick), its attempts and outcome.
  request_id bigint,
  posted_at timestamptz,
  attempts integer not null default 0,
  confirmed_at timestamptz,
  last_error text,
  next_attempt_at timestamptz not null default '-infinity',
  -- When a build at or after it was seen: the entry is live.
  built_at timestamptz
);
comment on table private.site_publish_due is
  'Each time a scheduled entry of the site goes live (from /publishing.json), and the build hook posted for it.';

alter table private.site_publish_state enable row level security;
alter table private.site_publish_due enable row level security;
revoke all on table private.site_publish_state, private.site_publish_due from public, anon, authenticated;
-- The operator reads them (supabase/README.md): when each due time was posted, confirmed and built.
grant select on table private.site_publish_state, private.site_publish_due to service_role;

-- The wait before attempt n + 1 of a post: the next run for the first five, then doubling to an hour.
create function private.site_publish_backoff(attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case when attempts < 5 then interval '0' else least(interval '60 minutes', interval '1 minute' * power(2, attempts - 4)) end
$$;

create function private.site_publish_secret(secret_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  value text;
begin
  if to_regclass('vault.decrypted_secrets') is null then return null; end if;
  execute 'select s.decrypted_secret from vault.decrypted_secrets s where s.name = $1' into value using secret_name;
  return nullif(trim(value), '');
end
$$;

create function private.site_publish_tick()
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
        file := answer.content::jsonb;
        update private.site_publish_state set built_at = (file ->> 'builtAt')::timestamptz, read_at = now(), fetch_error = null;
        insert into private.site_publish_due (due_at)
          select d::timestamptz from jsonb_array_elements_text(coalesce(file -> 'due', '[]')) d
          on conflict do nothing;
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
  update private.site_publish_state set last_tick_at = now();
  -- Done due times older than a month leave the table.
  delete from private.site_publish_due d where d.built_at < now() - interval '30 days';
  return case when posted > 0 then format('posted the build hook for %s due time(s)', posted) else 'nothing due' end;
end
$$;
comment on function private.site_publish_tick() is
  'Every minute (pg_cron site-publish): reads /publishing.json, posts the Netlify build hook once per due time that came, retries failures.';

revoke all on function private.site_publish_backoff(integer) from public, anon, authenticated;
revoke all on function private.site_publish_secret(text) from public, anon, authenticated;
revoke all on function private.site_publish_tick() from public, anon, authenticated;

-- What public.form_health() reports of it (called from there; its own function so the tests read it alone).
create function private.site_publish_health()
returns table (item text, ok boolean, detail text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  state private.site_publish_state;
  hook boolean := private.site_publish_secret('netlify_build_hook_url') is not null;
  site boolean := private.site_publish_secret('site_publishing_url') is not null;
  failing private.site_publish_due;
  stuck private.site_publish_due;
  next_due timestamptz;
begin
  select * into state from private.site_publish_state;
  select * into failing from private.site_publish_due d
    where d.built_at is null and d.confirmed_at is null and d.last_error is not null order by d.due_at limit 1;
  select * into stuck from private.site_publish_due d
    where d.built_at is null and d.due_at < now() - interval '15 minutes' order by d.due_at limit 1;
  select min(d.due_at) into next_due from private.site_publish_due d where d.due_at > now();
  item := 'site publishing';
  ok := hook and site and state.fetch_error is null and failing.due_at is null and stuck.due_at is null;
  -- Every problem, in one sentence each; or where things stand.
  detail := array_to_string(array_remove(array[
    case when not (hook and site) then 'missing: ' || array_to_string(array_remove(array[
      case when not hook then 'netlify_build_hook_url' end, case when not site then 'site_publishing_url' end], null), ', ')
      || ' (vault.create_secret, supabase/README.md): scheduled entries are not published on time' end,
    case when failing.due_at is not null then format('build hook failing: %s attempts, last error %s; due %s, next attempt %s',
      failing.attempts, failing.last_error, failing.due_at, failing.next_attempt_at) end,
    case when stuck.due_at is not null then format('due %s, not published 15 minutes later (hook %s; last build seen %s): look at the deploy log',
      stuck.due_at, case when stuck.confirmed_at is null then 'not taken' else 'taken ' || stuck.confirmed_at end, coalesce(state.built_at::text, 'none')) end,
    state.fetch_error], null), '; ');
  if detail = '' then
    detail := format('last build %s; next due %s', coalesce(state.built_at::text, 'not seen yet'), coalesce(next_due::text, 'none'));
  end if;
  return next;
end
$$;
revoke all on function private.site_publish_health() from public, anon, authenticated;

-- Health reports the job and the site's publishing (schemas/60_form_health.sql).
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
  detail := case when ok then 'installed' else 'missing: messages wait in the outbox (create extension pg_net)' end;
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

  -- The site's scheduled publishing: its secrets, the file it reads, the build hook's posts.
  select h.item, h.ok, h.detail into item, ok, detail from private.site_publish_health() h;
  return next;
end
$$;

comment on function public.form_health() is
  'What the forms'' delivery and the site''s scheduled publishing need and whether it is there and on time: pg_cron and its jobs, pg_net, the Vault secrets, the last drain, pending deliveries, the last digest, storage, site publishing.';

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('site-publish', '* * * * *', 'select private.site_publish_tick()');
  end if;
end;
$$;
