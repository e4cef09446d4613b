-- The site rebuilds itself when a scheduled entry is due (content/README.md, "Scheduling").
--
-- The site's build publishes /publishing.json: when it ran (`builtAt`) and when its scheduled
-- entries go live (`due`, ISO times, soonest first), and when the site must be built again so that
-- nothing it publishes expires (`renewBy`: security.txt's Expires less a margin); nothing else, no
-- title, no path. Every minute the pg_cron job `site-publish` (90_jobs.sql) runs
-- private.site_publish_tick(), which:
--   1. reads the answer to its last fetch of that file (pg_net; at most 64 KB and 500 due times, or
--      it is refused as unreadable) and records each due time it names, and its renewal as one more,
--      and marks done every due time a build at or after it covered;
--   2. reads the answers to its posts of the build hook: a 2xx confirms the post; anything else (an
--      error status, a timeout, a refusal, no answer within 5 minutes) is retried, at the next run
--      for the first five attempts, then after 2, 4, 8 … up to 60 minutes;
--   3. posts Netlify's build hook once for the due times that have come, that no build has covered
--      and that wait for no answer or backoff: several due at once share one post;
--   4. fetches the file again;
--   5. alerts the team once (the forms' alert path, 31_delivery_notify.sql) for each due time not
--      built 15 minutes after it: the build failed, or the hook never reached Netlify.
-- private.site_publish_health() is what public.form_health() reports of it (60_form_health.sql).
--
-- The hook's URL is a secret (anyone holding it can start builds): Vault `netlify_build_hook_url`.
-- The file's address: Vault `site_publishing_url` (https://<site>/publishing.json). Without pg_net,
-- pg_cron or the secrets nothing is fetched or posted, and health says what is missing.

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
  last_tick_at timestamptz,
  -- When the last file read said the site must be built again (`renewBy`).
  renew_by timestamptz
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
  built_at timestamptz,
  -- 'entry' (a scheduled entry goes live) or 'renewal' (what the site publishes would expire).
  reason text not null default 'entry' check (reason in ('entry', 'renewal')),
  -- When the team was told it was not built 15 minutes after its time (once).
  alerted_at timestamptz
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
