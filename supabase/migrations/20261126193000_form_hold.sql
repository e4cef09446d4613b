-- A flood never costs a real lead: hold what is over the ceiling, refuse only
-- the sender who floods.
--
-- Replaces the table ceiling's 429, the one notification counter and the
-- purge in the insert path of the earlier migrations (form_throttle,
-- form_limits, notify_ceiling):
--
--   * Refused (429 form_throttled, as before) only for reasons tied to one
--     sender: per_address, per_client (IPv6 per /64) and the new
--     per_client_day; a second row per request (400), a retried row (23505)
--     and malformed rows as before.
--   * Held instead of refused: a row from a sender within its own limits
--     while its table is over per_table, its network (IPv4 /24, IPv6 /48) over
--     per_prefix, or, for requests without a usable client address, the
--     shared bucket over per_client or per_client_day. A held row is stored
--     with `held = true` and the visitor gets the same 201 as anyone. It is
--     not announced to the team one by one, is counted in the window's
--     summary, listed in private.held_submissions, released with
--     public.release_held_submissions(ids), deleted after
--     retention.heldSubmissions days (content/site.yaml) by
--     purge_expired_submissions() and erased by erase_submitter() like every
--     row.
--   * A storage cap protects the database itself (500 MB on the smallest
--     plan, read-only when full): `storage_mb` for both tables together
--     (normal rows kept for months and held rows kept 30 days) and
--     `held_per_day` held rows a day. From 80% of either, a network that
--     stored more than `prefix_share` rows in a day is refused; at 100% every
--     row that would be held (and, for the storage cap, every row) is refused,
--     which brings back the website's 429 notice and its kept draft.
--   * Notifications per sender: a row is posted to the team while its sender
--     (client address or /64) has had fewer than `notifications_per_client`
--     messages in the window and the team fewer than `notifications`; held
--     rows never are. The rest are counted, and one summary per window (held
--     rows, unannounced rows, senders, where to review) is posted by
--     private.notify_summary(), a pg_cron job, once the window has ended.
--   * No lock inversion: the bookkeeping purge leaves the insert path for a
--     pg_cron job (private.form_throttle_purge()), and a key deleted between
--     two statements of an insert is taken again rather than counted as lost.
--
-- Where pg_cron does not exist (plain PostgreSQL, PGlite) the migration
-- applies unchanged and both jobs are run by hand (supabase/README.md).

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- ---------------------------------------------------------------------------
-- Held rows
-- ---------------------------------------------------------------------------
-- Visitors cannot write the column (no column grant); the guard sets it.
alter table public.contact_submissions add column held boolean not null default false;
alter table public.job_applications add column held boolean not null default false;
comment on column public.contact_submissions.held is
  'Stored while the table or the sender''s network was over its ceiling: not announced singly, kept 30 days unless released (supabase/README.md).';
comment on column public.job_applications.held is
  'Stored while the table or the sender''s network was over its ceiling: not announced singly, kept 30 days unless released (supabase/README.md).';
create index contact_submissions_held_idx on public.contact_submissions (created_at) where held;
create index job_applications_held_idx on public.job_applications (created_at) where held;

-- ---------------------------------------------------------------------------
-- The limits (data, as before)
-- ---------------------------------------------------------------------------
alter table private.form_limits drop constraint form_limits_name_check;
-- Validated at once: ten rows of a private settings table, which only this migration writes.
-- squawk-ignore constraint-missing-not-valid
alter table private.form_limits add constraint form_limits_name_check check (name in (
  'per_address', 'per_client', 'per_client_day', 'per_prefix', 'per_table',
  'notifications', 'notifications_per_client', 'held_per_day', 'prefix_share', 'storage_mb'));
update private.form_limits set description = 'rows per table from everyone together; beyond it rows are held, not refused'
  where name = 'per_table';
update private.form_limits set description = 'messages to the team from all senders together; the rest are counted in the window''s summary'
  where name = 'notifications';
insert into private.form_limits (name, max_rows, window_length, description) values
  ('per_client_day', 50, interval '1 day', 'rows per client address (IPv6 per /64) a day, both tables together; beyond it the client is refused'),
  ('per_prefix', 30, interval '10 minutes', 'rows per network (IPv4 /24, IPv6 /48), both tables; beyond it rows are held, not refused'),
  ('notifications_per_client', 3, interval '10 minutes', 'messages to the team per client address (IPv6 per /64) in the notifications window'),
  ('held_per_day', 5000, interval '1 day', 'held rows a day, both tables; from 80% networks over prefix_share are refused, at 100% every row that would be held'),
  ('prefix_share', 500, interval '1 day', 'rows a network (/24, /48) may store in a day once storage_mb or held_per_day is 80% used; beyond it refused'),
  ('storage_mb', 300, interval '1 day', 'megabytes (max_rows) both form tables may take on disk, indexes included; from 80% networks over prefix_share are refused, at 100% every row');

-- ---------------------------------------------------------------------------
-- Rows stored per network and held rows, per hour (approximate day windows)
-- ---------------------------------------------------------------------------
create table private.form_usage (
  -- sha256 hex of 'prefix:<network>' or 'held:<0-7>' (held rows, in eight rows so concurrent held inserts rarely wait for one another).
  key text not null,
  hour timestamptz not null,
  rows integer not null,
  primary key (key, hour)
);
comment on table private.form_usage is
  'Rows stored per network and held rows, per hour; read for the storage cap''s shares, purged after a day.';
alter table private.form_usage enable row level security;
revoke all on table private.form_usage from public, anon, authenticated;

create function private.form_digest(key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(key, 'UTF8')), 'hex')
$$;

-- The network a client key belongs to: 'prefix:<IPv4 /24 or IPv6 /48>', the
-- shared bucket's 'prefix:unknown', or null without request headers.
create function private.form_prefix_key(client text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when client is null then null
    when client = 'client:unknown' then 'prefix:unknown'
    else 'prefix:' || network(set_masklen(substr(client, 8)::inet, case when family(substr(client, 8)::inet) = 4 then 24 else 48 end))::text
  end
$$;

-- Rows counted under `usage_key` within `window_length` (hour buckets: a bucket counts while its hour overlaps the window).
create function private.form_usage_rows(usage_key text, window_length interval)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(u.rows), 0) from private.form_usage u
  where u.key = private.form_digest(usage_key) and u.hour > now() - window_length - interval '1 hour'
$$;

create function private.form_usage_add(usage_key text)
returns void
language sql
set search_path = ''
as $$
  insert into private.form_usage as u (key, hour, rows) values (private.form_digest(usage_key), date_trunc('hour', now()), 1)
  on conflict (key, hour) do update set rows = u.rows + 1
$$;

-- Bytes both form tables take on disk (heap, TOAST and indexes): what counts against the plan's database size.
create function private.form_storage_bytes()
returns bigint
language sql
stable
set search_path = ''
as $$
  select pg_total_relation_size('public.contact_submissions'::regclass) + pg_total_relation_size('public.job_applications'::regclass)
$$;

-- Seconds to wait (refused) or 0, for a row from network `prefix` that is
-- held (`held`) or not: the storage cap and the held rows' daily budget, and
-- from 80% of either a network's share.
create function private.form_capacity_wait(prefix text, held boolean)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  cap_mb integer;
  held_max integer;
  held_window interval;
  share integer;
  share_window interval;
  used bigint := private.form_storage_bytes();
  held_today bigint;
  nearing boolean;
begin
  select l.max_rows into cap_mb from private.form_limits l where l.name = 'storage_mb';
  select l.max_rows, l.window_length into held_max, held_window from private.form_limits l where l.name = 'held_per_day';
  select l.max_rows, l.window_length into share, share_window from private.form_limits l where l.name = 'prefix_share';
  if cap_mb is null or held_max is null or share is null then
    raise exception 'form limit storage_mb, held_per_day or prefix_share is missing from private.form_limits';
  end if;
  if used >= cap_mb::bigint * 1048576 then
    return 3600;
  end if;
  select sum(private.form_usage_rows('held:' || shard, held_window)) into held_today from generate_series(0, 7) shard;
  if held and held_today >= held_max then
    return 3600;
  end if;
  -- 80%: networks that used more than their share go first.
  nearing := used * 5 >= cap_mb::bigint * 1048576 * 4 or held_today * 5 >= held_max::bigint * 4;
  if nearing and prefix is not null and private.form_usage_rows(prefix, share_window) >= share then
    return 3600;
  end if;
  return 0;
end
$$;

-- ---------------------------------------------------------------------------
-- The keys, each with what happens when it is full
-- ---------------------------------------------------------------------------
-- Count one insert against `counted_key` under `limit_name`; 0 when it fits
-- (and records it), else the seconds until one more fits. Replaces the
-- form_limits version: a key the purge deleted between this function's
-- statements is created again instead of the count being lost.
create or replace function private.form_throttle_take(counted_key text, limit_name text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  digest constant text := private.form_digest(counted_key);
  max_rows integer;
  window_length interval;
  counted timestamptz[];
  wait integer;
begin
  select l.max_rows, l.window_length into max_rows, window_length from private.form_limits l where l.name = limit_name;
  if not found then
    raise exception 'form limit % is missing from private.form_limits', limit_name;
  end if;
  for attempt in 1..3 loop
    -- The row lock orders concurrent inserts of one key; under REPEATABLE READ
    -- and SERIALIZABLE a row changed or created since the snapshot raises a
    -- serialization failure instead of being counted stale.
    select k.hits into counted from private.form_throttle_keys k where k.key = digest for update;
    exit when found;
    insert into private.form_throttle_keys (key, hits, last_at) values (digest, '{}', now()) on conflict (key) do nothing;
  end loop;
  if counted is null then
    raise exception using errcode = 'serialization_failure', message = 'form throttle key kept disappearing';
  end if;
  wait := private.form_throttle_wait(counted, max_rows, window_length);
  if wait = 0 then
    update private.form_throttle_keys k
      set hits = array(select h from unnest(counted) h where h > now() - window_length order by h) || now(), last_at = now()
      where k.key = digest;
  end if;
  return wait;
end
$$;

-- The keys a row counts against, in the one order every insert takes them
-- (address, client, client's day, network, table), each as
-- [key, limit, 'refuse' | 'hold']: what a full key does to the row.
create or replace function private.form_insert_keys(table_name text, email text)
returns text[]
language plpgsql
stable
set search_path = ''
as $$
declare
  client text := private.form_client_key();
  -- The shared bucket of requests without a usable address is more likely a misconfiguration than an attack: held.
  on_full text := case when client = 'client:unknown' then 'hold' else 'refuse' end;
  counted text[] := array[]::text[];
begin
  -- A missing address is refused by the column's NOT NULL constraint.
  if email is not null then
    counted := array[[format('address:%s:%s', table_name, private.form_email_key(email)), 'per_address', 'refuse']];
  end if;
  if client is not null then
    counted := counted || array[[client, 'per_client', on_full], ['day:' || client, 'per_client_day', on_full],
                                [private.form_prefix_key(client), 'per_prefix', 'hold']];
  end if;
  return counted || array[['table:' || table_name, 'per_table', 'hold']];
end
$$;

-- Before each row, the checks that take no lock: a second row of the
-- statement is refused; a retried row (its id is stored) reaches its
-- primary-key error untouched; a row whose sender's key already looks full is
-- refused at once, and one whose table, network or shared bucket looks full
-- is marked held; then the storage cap. Nothing here waits for a lock, and
-- nothing is purged here any more.
create or replace function private.form_insert_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rows_setting constant text := 'form_guard.rows_' || tg_table_name;
  seen integer := coalesce(nullif(current_setting(rows_setting, true), ''), '0')::integer;
  stored boolean;
  entry text[];
  wait integer;
  hold boolean := false;
begin
  if seen >= 1 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'form_one_row',
        'message', format('Only one row per request may be added to %s.', tg_table_name),
        'details', null,
        'hint', 'Send each submission in a request of its own.')::text,
      detail = json_build_object('status', 400)::text;
  end if;
  perform set_config(rows_setting, (seen + 1)::text, true);

  execute format('select exists (select 1 from %I.%I where id = $1)', tg_table_schema, tg_table_name) into stored using new.id;
  if stored then
    return new;
  end if;

  foreach entry slice 1 in array private.form_insert_keys(tg_table_name, new.email) loop
    wait := private.form_throttle_full(entry[1], entry[2]);
    if wait > 0 and entry[3] = 'refuse' then
      perform private.form_throttled(wait);
    end if;
    hold := hold or wait > 0;
  end loop;
  new.held := new.held or hold;
  wait := private.form_capacity_wait(private.form_prefix_key(private.form_client_key()), new.held);
  if wait > 0 then
    perform private.form_throttled(wait);
  end if;
  return new;
end
$$;

-- After each row is in: count it exactly against its keys, each under its row
-- lock. A held row takes no 'hold' key (the table's key above all), so a
-- flood of held rows does not queue behind the ceiling; a row the exact count
-- finds over a 'hold' key is held here (the guard looked without a lock).
create or replace function private.form_insert_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry text[];
  wait integer := 0;
  hold boolean := new.held;
  client text := private.form_client_key();
begin
  begin
    foreach entry slice 1 in array private.form_insert_keys(tg_table_name, new.email) loop
      -- The network's usage before the table's key (the last), so the key every normal row queues for is held briefly.
      if entry[2] = 'per_table' and client is not null then
        perform private.form_usage_add(private.form_prefix_key(client));
      end if;
      continue when entry[3] = 'hold' and hold;
      wait := private.form_throttle_take(entry[1], entry[2]);
      if wait > 0 and entry[3] = 'refuse' then
        exit;
      end if;
      hold := hold or wait > 0;
      wait := 0;
    end loop;
  exception when serialization_failure then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'form_busy',
        'message', 'Another submission was being counted at the same moment.',
        'details', 'Try again in 1 second.',
        'hint', 'The database runs above READ COMMITTED, where concurrent submissions cannot both be counted.')::text,
      detail = json_build_object(
        'status', 503,
        'headers', json_build_object('Retry-After', '1', 'Access-Control-Expose-Headers', 'Retry-After'))::text;
  end;
  if wait > 0 then
    perform private.form_throttled(wait);
  end if;
  if hold and not new.held then
    execute format('update %I.%I set held = true where id = $1', tg_table_schema, tg_table_name) using new.id;
    -- The notification trigger sees the row as inserted: tell it.
    perform set_config('form_guard.held_' || tg_table_name, new.id::text, true);
  end if;
  if hold then
    perform private.form_usage_add('held:' || pg_backend_pid() % 8);
  end if;
  return null;
end
$$;

-- Drop keys quiet for longer than any window, usage and senders' counts older than a day, in
-- one batch; rows an insert holds are skipped, never waited for. A pg_cron
-- job every 10 minutes, outside every insert (below).
create or replace function private.form_throttle_purge()
returns void
language plpgsql
set search_path = ''
as $$
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
end
$$;

-- ---------------------------------------------------------------------------
-- Notifications per sender, and one summary when the window ends
-- ---------------------------------------------------------------------------
comment on column private.notify_window.notified is 'Rows posted to the team one by one in this window; the rest are counted per sender (notify_senders).';

create table private.notify_senders (
  window_started_at timestamptz not null,
  -- sha256 hex of the client key, 'client:unknown' or 'sql' (no request headers).
  sender text not null,
  notified integer not null default 0,
  unannounced integer not null default 0,
  held integer not null default 0,
  -- Whether this sender's latest row was posted (what the trigger's one statement decided).
  last_posted boolean not null default false,
  primary key (window_started_at, sender)
);
comment on table private.notify_senders is
  'Per sender and notification window: rows posted, not posted and held; the window''s summary adds them up; purged after a day.';
alter table private.notify_senders enable row level security;
revoke all on table private.notify_senders from public, anon, authenticated;

create table private.notify_summaries (
  window_started_at timestamptz primary key,
  window_ends_at timestamptz not null,
  notified integer not null,
  unannounced integer not null,
  held integer not null,
  senders integer not null,
  held_senders integer not null,
  posted_at timestamptz
);
comment on table private.notify_summaries is
  'One row per ended notification window that left rows unannounced; private.notify_summary() posts it and sets posted_at.';
alter table private.notify_summaries enable row level security;
revoke all on table private.notify_summaries from public, anon, authenticated;

-- Close the notification window (locked by the caller) if it has ended: keep its
-- counts for the summary when it left rows unannounced, and start none.
create function private.notify_close_window(window_length interval)
returns void
language plpgsql
set search_path = ''
as $$
declare
  w private.notify_window;
begin
  select * into w from private.notify_window;
  if w.started_at = '-infinity' or w.started_at > now() - window_length then
    return;
  end if;
  -- Held rows are counted without the window's lock: one still being committed now is missed here.
  insert into private.notify_summaries (window_started_at, window_ends_at, notified, unannounced, held, senders, held_senders)
  select w.started_at, w.started_at + window_length, sum(s.notified), sum(s.unannounced), sum(s.held),
         count(*) filter (where s.unannounced > 0), count(*) filter (where s.held > 0)
  from private.notify_senders s where s.window_started_at = w.started_at
  having sum(s.unannounced) > 0
  on conflict (window_started_at) do nothing;
  update private.notify_window set started_at = '-infinity', notified = 0;
end
$$;

-- Count a row for its sender in the window starting `since`; returns whether it is posted: `post`
-- (the team is under its ceiling) and the sender under `per_sender`. The sender's row is locked
-- until commit; the first row of a sender inserts it (no subtransaction: ON CONFLICT DO NOTHING
-- waits for a concurrent first row and leaves the update to the next statement).
create function private.notify_count_sender(since timestamptz, sender_key text, post boolean, is_held boolean, per_sender integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  posted boolean;
begin
  insert into private.notify_senders (window_started_at, sender, notified, unannounced, held, last_posted)
    values (since, sender_key, (post and per_sender > 0)::int, (not (post and per_sender > 0))::int, is_held::int, post and per_sender > 0)
    on conflict (window_started_at, sender) do nothing;
  if found then
    return post and per_sender > 0;
  end if;
  update private.notify_senders s set
      notified = s.notified + (post and s.notified < per_sender)::int,
      unannounced = s.unannounced + (not (post and s.notified < per_sender))::int,
      held = s.held + is_held::int,
      last_posted = post and s.notified < per_sender
    where s.window_started_at = since and s.sender = sender_key
    returning s.last_posted into posted;
  return coalesce(posted, false);
end
$$;

create or replace function private.notify_submission()
returns trigger
language plpgsql
-- Reads Vault, which the inserting role (anon) may not.
security definer
set search_path = ''
as $$
declare
  url text;
  secret text;
  ceiling integer;
  per_sender integer;
  window_length interval;
  w private.notify_window;
  sender_key text;
  is_held boolean := new.held or coalesce(current_setting('form_guard.held_' || tg_table_name, true) = new.id::text, false);
  post boolean;
begin
  if to_regclass('vault.decrypted_secrets') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  select s.decrypted_secret into url from vault.decrypted_secrets s where s.name = 'notify_submission_url';
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'notify_submission_secret';
  if url is null or secret is null then
    raise warning 'notify_submission: Vault secret notify_submission_url or notify_submission_secret is not set; % row % not notified', tg_table_name, new.id;
    return null;
  end if;

  select l.max_rows, l.window_length, p.max_rows into ceiling, window_length, per_sender
    from private.form_limits l, private.form_limits p where l.name = 'notifications' and p.name = 'notifications_per_client';
  -- Everything that needs no lock first: the window's row is what every insert queues for.
  sender_key := private.form_digest(coalesce(private.form_client_key(), 'sql'));
  -- A held row is never posted: counted for its sender only, without the window's lock, so a
  -- flood of held rows does not queue for it (unless the window has to be opened or closed).
  select * into w from private.notify_window;
  if is_held and w.started_at <> '-infinity' and w.started_at > now() - window_length then
    perform private.notify_count_sender(w.started_at, sender_key, false, true, per_sender);
    return null;
  end if;
  -- One row, locked until commit: rows are posted and numbered one after the other.
  select * into w from private.notify_window for update;
  if w.started_at <> '-infinity' and w.started_at <= now() - window_length then
    perform private.notify_close_window(window_length);
    select * into w from private.notify_window;
  end if;
  if w.started_at = '-infinity' then
    w.started_at := now();
  end if;

  -- Posted while the team and this sender are under their ceilings, never when held.
  post := private.notify_count_sender(w.started_at, sender_key, not is_held and w.notified < ceiling, is_held, per_sender);
  update private.notify_window set started_at = w.started_at, notified = w.notified + post::int;
  if not post then
    return null;
  end if;

  perform net.http_post(
    url := url,
    body := jsonb_build_object(
      'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new), 'old_record', null,
      'notification', jsonb_build_object(
        'number', w.notified + 1, 'limit', ceiling, 'window_started_at', w.started_at, 'window_ends_at', w.started_at + window_length)),
    params := '{}'::jsonb,
    headers := jsonb_build_object('content-type', 'application/json', 'x-webhook-secret', secret),
    -- The function retries a slow destination itself (3 attempts of up to 4 s plus waits).
    timeout_milliseconds := 20000
  );
  return null;
exception when others then
  raise warning 'notify_submission: % row % not notified: %', tg_table_name, new.id, sqlerrm;
  return null;
end;
$$;

-- Once a minute (pg_cron): close the notification window if it has ended and
-- post the summary of every ended window that left rows unannounced: how many
-- rows were posted, not posted and held, from how many senders, and where to
-- review them. Returns how many summaries it queued.
create function private.notify_summary()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  secret text;
  window_length interval;
  summary private.notify_summaries;
  posted integer := 0;
begin
  select l.window_length into window_length from private.form_limits l where l.name = 'notifications';
  perform 1 from private.notify_window for update;
  perform private.notify_close_window(window_length);
  delete from private.notify_summaries s where s.posted_at < now() - interval '30 days';

  if to_regclass('vault.decrypted_secrets') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return 0;
  end if;
  select s.decrypted_secret into url from vault.decrypted_secrets s where s.name = 'notify_submission_url';
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'notify_submission_secret';
  if url is null or secret is null then
    raise warning 'notify_summary: Vault secret notify_submission_url or notify_submission_secret is not set; summaries not posted';
    return 0;
  end if;
  for summary in select * from private.notify_summaries s where s.posted_at is null order by s.window_started_at for update loop
    perform net.http_post(
      url := url,
      body := jsonb_build_object(
        'type', 'SUMMARY', 'schema', 'public',
        'summary', jsonb_build_object(
          'window_started_at', summary.window_started_at, 'window_ends_at', summary.window_ends_at,
          'notified', summary.notified, 'unannounced', summary.unannounced, 'held', summary.held,
          'senders', summary.senders, 'held_senders', summary.held_senders,
          'review', 'private.held_submissions')),
      params := '{}'::jsonb,
      headers := jsonb_build_object('content-type', 'application/json', 'x-webhook-secret', secret),
      timeout_milliseconds := 20000
    );
    update private.notify_summaries s set posted_at = now() where s.window_started_at = summary.window_started_at;
    posted := posted + 1;
  end loop;
  return posted;
end
$$;

-- ---------------------------------------------------------------------------
-- Reviewing, releasing and keeping held rows
-- ---------------------------------------------------------------------------
create view private.held_submissions with (security_invoker = true) as
  select 'contact_submissions'::text as table_name, c.id, c.email, c.first_name || ' ' || c.last_name as name,
         left(c.message, 200) as excerpt, c.created_at
  from public.contact_submissions c where c.held
  union all
  select 'job_applications', j.id, j.email, j.full_name, left(j.cover_letter, 200), j.created_at
  from public.job_applications j where j.held;
comment on view private.held_submissions is
  'Held rows of both tables, newest first by created_at when ordered; release with public.release_held_submissions(ids).';
revoke all on table private.held_submissions from public, anon, authenticated;
grant select on table private.held_submissions to service_role;

create function public.release_held_submissions(ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requests integer;
  applications integer;
begin
  update public.contact_submissions c set held = false where c.id = any(ids) and c.held;
  get diagnostics requests = row_count;
  update public.job_applications j set held = false where j.id = any(ids) and j.held;
  get diagnostics applications = row_count;
  return requests + applications;
end
$$;
comment on function public.release_held_submissions(uuid[]) is
  'Makes the held rows with these ids normal rows again (kept for the table''s full period); returns how many.';

-- Held rows for retention.heldSubmissions days (content/site.yaml; tests/db/lifecycle.test.ts compares).
create or replace function public.purge_expired_submissions()
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

revoke all on function public.release_held_submissions(uuid[]) from public, anon, authenticated;
grant execute on function public.release_held_submissions(uuid[]) to service_role;
revoke all on function private.form_digest(text) from public, anon, authenticated;
revoke all on function private.form_prefix_key(text) from public, anon, authenticated;
revoke all on function private.form_usage_rows(text, interval) from public, anon, authenticated;
revoke all on function private.form_usage_add(text) from public, anon, authenticated;
revoke all on function private.form_storage_bytes() from public, anon, authenticated;
revoke all on function private.form_capacity_wait(text, boolean) from public, anon, authenticated;
revoke all on function private.notify_close_window(interval) from public, anon, authenticated;
revoke all on function private.notify_count_sender(timestamptz, text, boolean, boolean, integer) from public, anon, authenticated;
revoke all on function private.notify_summary() from public, anon, authenticated;

-- The two jobs, where pg_cron runs (hosted Supabase); elsewhere run by hand.
do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('form-throttle-purge', '*/10 * * * *', 'select private.form_throttle_purge()');
    perform cron.schedule('notify-submission-summary', '* * * * *', 'select private.notify_summary()');
  end if;
end;
$$;
