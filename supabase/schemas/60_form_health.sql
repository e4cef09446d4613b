-- Health: what the forms' delivery needs and whether it is there and on time
-- (`select * from public.form_health();` as the service role; supabase/README.md, "Health").
-- pg_cron and each of its jobs (90_jobs.sql: late after 3 minutes for the drain, 30 for the
-- bookkeeping purge, 26 hours for the retention purge), pg_net, the two Vault secrets, the
-- drain's last run, deliveries pending or failing, the last digest and the storage budget; and the
-- site's scheduled publishing (70_site_publishing.sql: its job, late after 3 minutes, and
-- private.site_publish_health()); every table within its retention (private.retention_overdue()).
-- A new job belongs in its list here too.

create function public.form_health()
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

revoke all on function public.form_health() from public, anon, authenticated;
grant execute on function public.form_health() to service_role;
