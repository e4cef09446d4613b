-- Stored means seen: every stored row reaches the team, confirmed, even after
-- a flood and even when a step fails.
--
--   * The storage budget counts live data. `storage_mb` used to read the
--     tables' size on disk, which never shrinks after a DELETE, so a flood that
--     filled it closed the forms for good. Now triggers keep the bytes of the
--     rows as stored (private.form_storage, in shards so inserts rarely wait
--     for one another): deleting rows (retention, erase_submitter) gives the
--     room back at once. The bookkeeping tables are measured by the purge job
--     and count too, and the jobs' own log (cron.job_run_details) is trimmed.
--   * A transactional outbox (private.notify_outbox). A row to be announced on
--     its own, a window's digest and an alert are written in the same
--     transaction as what caused them, then posted to the Edge Function with
--     pg_net (which sends after commit: nothing here waits on the network).
--     The scheduled job private.notify_drain() (every 30 seconds) reads pg_net's responses,
--     marks an entry delivered only on a 2xx, and retries every other outcome
--     (an error, a refusal, a timeout, no answer at all) with backoff until
--     the function confirms. Delivery is at-least-once; the function drops a
--     repeat by the entry's key, which it remembers per destination
--     (public.notify_delivered / public.notify_mark_delivered).
--   * Every stored row ends in a state the team can see: announced on its
--     own (`announced_at`, set when that delivery is confirmed) or counted in
--     a digest (`digest_id`, private.notify_digests) whose delivery is
--     confirmed. A row without its own announcement, for whatever reason
--     (held, over a ceiling, or an error in the trigger), is taken into the
--     next digest by the job: the digest counts rows, not events.
--   * The team's view: private.form_inbox lists rows not announced on their
--     own, held rows, and deliveries pending or failing; each digest names
--     how to open it.
--   * Alerts come early: the first held row of a notification window posts a
--     short alert at once; capacity refusals (counted by a sequence, which a
--     refused insert's rollback cannot undo) and reaching 80% and 100% of
--     the storage budget are alerted by the job within 30 seconds, once each.
--   * Health: public.form_health() (service role) reports what is missing or
--     late: pg_cron and its jobs, pg_net, the Vault secrets, the last drain,
--     pending deliveries, the last digest and the storage budget.
--
-- Where pg_cron, pg_net or Vault does not exist (plain PostgreSQL, PGlite) the
-- migration applies unchanged: entries wait in the outbox, and
-- public.form_health() says what is missing.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- ---------------------------------------------------------------------------
-- 1. The storage budget counts live data
-- ---------------------------------------------------------------------------
-- What a stored row counts: its columns as JSON text (the same figure whether it
-- is being stored or deleted, however PostgreSQL compressed it), a fifth more for
-- what pages and TOAST chunks lose to alignment and fill, and 100 bytes for the tuple
-- header, its line pointer, its index entries and its fixed-size columns: never less
-- than the row takes on disk once the table is compacted (tests/pg/flood.test.ts
-- measures it). The columns the database keeps for itself (held, announced_at,
-- digest_id) and the time it was stored are left out, so marking or backdating a row
-- never moves the count.
create function private.form_row_bytes(fields jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select octet_length((fields - array['held', 'announced_at', 'digest_id', 'created_at'])::text)::bigint * 6 / 5 + 100
$$;

create table private.form_storage (
  -- 'contact_submissions', 'job_applications' (kept by triggers) or 'bookkeeping' (measured by the purge job).
  part text not null check (part in ('contact_submissions', 'job_applications', 'bookkeeping')),
  -- The writing backend's pid % 8 (8 more for held rows): concurrent writers rarely wait for one another,
  -- and held rows never wait for normal ones.
  shard smallint not null check (shard between 0 and 15),
  rows bigint not null default 0,
  bytes bigint not null default 0,
  measured_at timestamptz,
  primary key (part, shard)
);
comment on table private.form_storage is
  'Live bytes the forms take (private.form_row_bytes per row), kept by triggers on the two tables; bookkeeping measured by form_throttle_purge(). Read by the storage_mb limit.';
alter table private.form_storage enable row level security;
revoke all on table private.form_storage from public, anon, authenticated;

insert into private.form_storage (part, shard, rows, bytes)
select part, shard, 0, 0
from unnest(array['contact_submissions', 'job_applications', 'bookkeeping']) part, generate_series(0, 15) shard;
update private.form_storage s set rows = c.n, bytes = c.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(c))), 0) as b from public.contact_submissions c) c
where s.part = 'contact_submissions' and s.shard = 0;
update private.form_storage s set rows = j.n, bytes = j.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(j))), 0) as b from public.job_applications j) j
where s.part = 'job_applications' and s.shard = 0;

-- After a DELETE statement (retention, erase_submitter, the dashboard): one update for all its rows.
create function private.form_storage_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.form_storage s set rows = s.rows - d.n, bytes = s.bytes - d.b
    from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(g))), 0) as b from gone g) d
    where s.part = tg_table_name and s.shard = pg_backend_pid() % 8 and d.n > 0;
  return null;
end
$$;

-- A staff edit of a column a visitor wrote (the only updates that change a row's count).
create function private.form_storage_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  delta bigint := private.form_row_bytes(to_jsonb(new)) - private.form_row_bytes(to_jsonb(old));
begin
  if delta <> 0 then
    update private.form_storage s set bytes = s.bytes + delta where s.part = tg_table_name and s.shard = pg_backend_pid() % 8;
  end if;
  return null;
end
$$;

create function private.form_storage_truncated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.form_storage s set rows = 0, bytes = 0 where s.part = tg_table_name;
  return null;
end
$$;

-- A stored row is counted by form_insert_count (below), once its keys are taken.
create trigger form_storage_delete after delete on public.contact_submissions
  referencing old table as gone for each statement execute function private.form_storage_deleted();
create trigger form_storage_delete after delete on public.job_applications
  referencing old table as gone for each statement execute function private.form_storage_deleted();
create trigger form_storage_update after update of first_name, last_name, email, company, message, status on public.contact_submissions
  for each row execute function private.form_storage_updated();
create trigger form_storage_update after update of full_name, email, expertise, experience, portfolio_url, cover_letter on public.job_applications
  for each row execute function private.form_storage_updated();
create trigger form_storage_truncate after truncate on public.contact_submissions
  for each statement execute function private.form_storage_truncated();
create trigger form_storage_truncate after truncate on public.job_applications
  for each statement execute function private.form_storage_truncated();

-- The bytes the forms use: both tables' live rows and the last measure of the bookkeeping.
-- Replaces the on-disk size (pg_total_relation_size) that form_capacity_wait() read.
create or replace function private.form_storage_bytes()
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.bytes), 0)::bigint from private.form_storage s
$$;

update private.form_limits
  set description = 'megabytes (max_rows) the forms'' live rows and bookkeeping may take (private.form_storage); from 80% networks over prefix_share are refused, at 100% every row'
  where name = 'storage_mb';

-- ---------------------------------------------------------------------------
-- 2. What the team has seen of each row
-- ---------------------------------------------------------------------------
-- Visitors cannot write these (no column grant); the database sets them.
alter table public.contact_submissions add column announced_at timestamptz, add column digest_id bigint;
alter table public.job_applications add column announced_at timestamptz, add column digest_id bigint;
comment on column public.contact_submissions.announced_at is
  'When the team''s message about this row alone was confirmed delivered; null: not announced on its own (see digest_id).';
comment on column public.job_applications.announced_at is
  'When the team''s message about this row alone was confirmed delivered; null: not announced on its own (see digest_id).';
comment on column public.contact_submissions.digest_id is
  'The digest (private.notify_digests) that counted this row; 0: stored before deliveries were tracked.';
comment on column public.job_applications.digest_id is
  'The digest (private.notify_digests) that counted this row; 0: stored before deliveries were tracked.';
-- The rows the next digest takes.
create index contact_submissions_unseen_idx on public.contact_submissions (created_at) where announced_at is null and digest_id is null;
create index job_applications_unseen_idx on public.job_applications (created_at) where announced_at is null and digest_id is null;

create table private.notify_digests (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- The first and last stored time of the rows it counts.
  first_at timestamptz,
  last_at timestamptz,
  unannounced integer not null default 0,
  held integer not null default 0,
  -- Rows announced on their own over the same time, and the senders (per notification window, so approximate).
  notified integer not null default 0,
  senders integer not null default 0,
  held_senders integer not null default 0,
  note text,
  delivered_at timestamptz
);
comment on table private.notify_digests is
  'One row per digest: the rows it counted carry its id (digest_id); delivered_at is set when the team''s message was confirmed.';
alter table private.notify_digests enable row level security;
revoke all on table private.notify_digests from public, anon, authenticated;

-- Rows stored before this migration: nobody can tell now whether each was announced.
insert into private.notify_digests (id, first_at, last_at, note)
  overriding system value
  values (0, null, null, 'stored before deliveries were tracked');
update public.contact_submissions set digest_id = 0;
update public.job_applications set digest_id = 0;

-- ---------------------------------------------------------------------------
-- 3. The outbox
-- ---------------------------------------------------------------------------
create table private.notify_outbox (
  id bigint generated always as identity primary key,
  -- What the function remembers to drop a repeat: row:<table>:<id>, digest:<id>, alert:<kind>:<time>.
  key text not null unique check (char_length(key) <= 200),
  kind text not null check (kind in ('row', 'digest', 'alert')),
  -- A row's entry names the row; its record is read when posted, so an erased row is never sent.
  table_name text check (table_name in ('contact_submissions', 'job_applications')),
  row_id uuid,
  digest_id bigint,
  -- The body as posted, without the row's record and without `delivery` (added at each attempt).
  body jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The pg_net request in flight and when it was queued.
  request_id bigint,
  sent_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  dropped_at timestamptz,
  dropped_reason text,
  check ((kind = 'row') = (table_name is not null and row_id is not null))
);
comment on table private.notify_outbox is
  'Messages to the team, written with what caused them and posted by pg_net; private.notify_drain() confirms (2xx) or retries with backoff.';
create index notify_outbox_pending_idx on private.notify_outbox (next_attempt_at) where delivered_at is null and dropped_at is null;
create index notify_outbox_row_idx on private.notify_outbox (row_id) where kind = 'row';
create index notify_outbox_in_flight_idx on private.notify_outbox (request_id) where request_id is not null;
alter table private.notify_outbox enable row level security;
revoke all on table private.notify_outbox from public, anon, authenticated;

-- Copy a digest still owed from the summaries of the previous migration, then retire them.
insert into private.notify_outbox (key, kind, body)
select 'digest:summary-' || extract(epoch from s.window_started_at)::bigint, 'digest',
       jsonb_build_object('type', 'SUMMARY', 'schema', 'public', 'summary', jsonb_build_object(
         'digest_id', 0, 'first_at', s.window_started_at, 'last_at', s.window_ends_at,
         'notified', s.notified, 'unannounced', s.unannounced, 'held', s.held, 'senders', s.senders,
         'held_senders', s.held_senders, 'review', 'private.form_inbox'))
from private.notify_summaries s where s.posted_at is null;
drop function private.notify_summary();
drop function private.notify_close_window(interval);
-- Bookkeeping in `private`, replaced by the outbox; what it still owed was copied above.
-- squawk-ignore ban-drop-table
drop table private.notify_summaries;

-- What the Edge Function remembers of each delivered key, per destination ('email', 'chat'):
-- a repeat of a delivered key is dropped, so the team never gets the same message twice.
create table private.notify_receipts (
  delivery_key text not null check (char_length(delivery_key) <= 200),
  destination text not null check (destination in ('email', 'chat')),
  delivered_at timestamptz not null default now(),
  primary key (delivery_key, destination)
);
comment on table private.notify_receipts is
  'Keys the notify-submission function delivered, per destination; it drops repeats. Purged after 30 days.';
alter table private.notify_receipts enable row level security;
revoke all on table private.notify_receipts from public, anon, authenticated;

-- The drain's memory: one row.
create table private.notify_state (
  only_row boolean primary key default true check (only_row),
  last_drain_at timestamptz,
  last_drain jsonb,
  -- Whether the function's latest answer was a failure (then only a few entries are tried per run).
  endpoint_failing boolean not null default false,
  -- Capacity refusals (the sequence below) already alerted, and when the last such alert was raised.
  refusals_seen bigint not null default 0,
  refusals_alerted_at timestamptz,
  -- The highest storage threshold (0, 80, 100) alerted since usage was last below it.
  storage_alerted integer not null default 0
);
insert into private.notify_state default values;
alter table private.notify_state enable row level security;
revoke all on table private.notify_state from public, anon, authenticated;

-- Counts inserts refused for capacity (the storage budget, the held rows' budget, a network's share).
-- nextval is not undone by the refused insert's rollback: that is why it is a sequence.
create sequence private.form_capacity_refusals;
revoke all on sequence private.form_capacity_refusals from public, anon, authenticated;

-- The function's URL and secret from Vault, when pg_net and Vault are there and both secrets are set.
create function private.notify_endpoint(out url text, out secret text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if to_regclass('vault.decrypted_secrets') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return;
  end if;
  select s.decrypted_secret into url from vault.decrypted_secrets s where s.name = 'notify_submission_url';
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'notify_submission_secret';
  if url is null or secret is null then
    url := null;
    secret := null;
  end if;
end
$$;

-- Queue one attempt of an outbox entry with pg_net (sent after commit). False when it cannot be
-- posted now (no endpoint) or is dropped (its row is gone).
create function private.notify_send(entry_id bigint, endpoint_url text, endpoint_secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry private.notify_outbox;
  payload jsonb;
  record jsonb;
  request bigint;
begin
  select * into entry from private.notify_outbox o where o.id = entry_id;
  if endpoint_url is null or entry.delivered_at is not null or entry.dropped_at is not null then
    return false;
  end if;
  payload := entry.body;
  if entry.kind = 'row' then
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', entry.table_name) into record using entry.row_id;
    if record is null then
      update private.notify_outbox o set dropped_at = now(), dropped_reason = 'the row was deleted (erased or expired) before it was announced',
        request_id = null where o.id = entry_id;
      return false;
    end if;
    payload := payload || jsonb_build_object('record', record);
  end if;
  payload := payload || jsonb_build_object('delivery', jsonb_build_object('key', entry.key, 'attempt', entry.attempts + 1));
  request := net.http_post(
    url := endpoint_url,
    body := payload,
    params := '{}'::jsonb,
    headers := jsonb_build_object('content-type', 'application/json', 'x-webhook-secret', endpoint_secret),
    -- The function retries a slow destination itself (3 attempts of up to 4 s plus waits).
    timeout_milliseconds := 20000
  );
  update private.notify_outbox o set request_id = request, sent_at = now(), attempts = o.attempts + 1
    where o.id = entry_id;
  return true;
end
$$;

-- Write an outbox entry (once per key) and try it at once where pg_net can; the drain
-- confirms it and retries. Never fails the caller's transaction because of the attempt.
create function private.notify_enqueue(delivery_key text, entry_kind text, body jsonb,
                                       row_table text default null, row_uuid uuid default null, digest bigint default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry_id bigint;
  endpoint record;
begin
  insert into private.notify_outbox (key, kind, table_name, row_id, digest_id, body)
    values (delivery_key, entry_kind, row_table, row_uuid, digest, body)
    on conflict (key) do nothing
    returning id into entry_id;
  if entry_id is null then
    return;
  end if;
  begin
    select * into endpoint from private.notify_endpoint();
    perform private.notify_send(entry_id, endpoint.url, endpoint.secret);
  exception when others then
    -- The entry stays in the outbox for the drain.
    raise warning 'notify_enqueue: % not posted now (%); the scheduled drain will retry it', delivery_key, sqlerrm;
  end;
end
$$;

-- Wait before attempt n+1 after n failed attempts: the drain's next run for the first five (20 s:
-- the drain runs every 30 seconds, and a run that starts a little early still finds it due), then
-- doubling, up to an hour.
create function private.notify_backoff(attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select least(interval '1 minute' * power(2, greatest(attempts - 5, 0)), interval '1 hour') - interval '40 seconds'
$$;

-- ---------------------------------------------------------------------------
-- 4. Alerts
-- ---------------------------------------------------------------------------
-- A time in a delivery key, in UTC whatever the session's TimeZone, so one instant is one key.
create function private.notify_key_time(instant timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(instant at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

create function private.notify_alert_body(alert jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('type', 'ALERT', 'schema', 'public', 'alert', alert || jsonb_build_object('review', 'private.form_inbox'))
$$;

-- The first held row of a notification window: one short alert, posted at once.
-- Which window's held alert was raised (the window row's own column, read by every held row
-- without a lock, so later held rows of a window skip the alert at no cost).
alter table private.notify_window add column held_alert_for timestamptz;

create function private.notify_alert_held(window_started_at timestamptz, window_ends_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  delivery_key constant text := 'alert:held:' || private.notify_key_time(window_started_at);
begin
  -- Once per window: the first held row marks the window (a short lock of its row) and queues the alert.
  update private.notify_window w set held_alert_for = window_started_at
    where w.held_alert_for is distinct from window_started_at and w.started_at = window_started_at;
  if not found then
    return;
  end if;
  perform private.notify_enqueue(delivery_key, 'alert', private.notify_alert_body(jsonb_build_object(
    'kind', 'held', 'at', now(), 'window_started_at', window_started_at, 'window_ends_at', window_ends_at)));
end
$$;

-- ---------------------------------------------------------------------------
-- 5. The insert: its own message, or the next digest
-- ---------------------------------------------------------------------------
-- The guard of *_form_hold.sql, and a capacity refusal is counted (the sequence) before it is raised.
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
    perform nextval('private.form_capacity_refusals');
    perform private.form_throttled(wait);
  end if;
  return new;
end
$$;

-- After each row is in: the exact count of *_form_hold.sql, and then the row's bytes against the
-- storage budget, last (a held row in shards of its own, so it never waits for a normal one; one
-- short update, the only addition to the time a normal row holds its table's key).
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
  update private.form_storage s set rows = s.rows + 1, bytes = s.bytes + private.form_row_bytes(to_jsonb(new))
    where s.part = tg_table_name and s.shard = pg_backend_pid() % 8 + case when hold then 8 else 0 end;
  return null;
end
$$;

-- After each stored row: posted on its own while its sender and the team are under their
-- ceilings in the notification window (never when held), as in *_form_hold.sql, but through the
-- outbox; every other row waits for the next digest, which the scheduled drain takes from the
-- table itself. Any error here leaves the row for that digest: the insert never fails because of it.
create or replace function private.notify_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ceiling integer;
  per_sender integer;
  window_length interval;
  w private.notify_window;
  sender_key text;
  is_held boolean := new.held or coalesce(current_setting('form_guard.held_' || tg_table_name, true) = new.id::text, false);
  post boolean;
begin
  select l.max_rows, l.window_length, p.max_rows into ceiling, window_length, per_sender
    from private.form_limits l, private.form_limits p where l.name = 'notifications' and p.name = 'notifications_per_client';
  sender_key := private.form_digest(coalesce(private.form_client_key(), 'sql'));
  -- A held row inside an open window: counted for its sender without the window's lock, so a
  -- flood of held rows does not queue for it.
  select * into w from private.notify_window;
  if is_held and w.started_at <> '-infinity' and w.started_at > now() - window_length then
    perform private.notify_count_sender(w.started_at, sender_key, false, true, per_sender);
    if w.held_alert_for is distinct from w.started_at then
      perform private.notify_alert_held(w.started_at, w.started_at + window_length);
    end if;
    return null;
  end if;
  -- One row, locked until commit: rows are posted and numbered one after the other. A row
  -- after the window's end closes it and opens the next (held or not).
  select * into w from private.notify_window for update;
  if w.started_at = '-infinity' or w.started_at <= now() - window_length then
    w.started_at := now();
    w.notified := 0;
  end if;
  post := private.notify_count_sender(w.started_at, sender_key, not is_held and w.notified < ceiling, is_held, per_sender);
  update private.notify_window set started_at = w.started_at, notified = w.notified + post::int;
  if is_held and w.held_alert_for is distinct from w.started_at then
    perform private.notify_alert_held(w.started_at, w.started_at + window_length);
  end if;
  if post then
    perform private.notify_enqueue(
      format('row:%s:%s', tg_table_name, new.id), 'row',
      jsonb_build_object('type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'old_record', null,
        'notification', jsonb_build_object(
          'number', w.notified + 1, 'limit', ceiling, 'window_started_at', w.started_at, 'window_ends_at', w.started_at + window_length)),
      tg_table_name, new.id);
  end if;
  return null;
exception when others then
  raise warning 'notify_submission: % row % left for the next digest: %', tg_table_name, new.id, sqlerrm;
  return null;
end;
$$;

-- ---------------------------------------------------------------------------
-- 6. The digest
-- ---------------------------------------------------------------------------
-- Count into a new digest every stored row that has no message of its own (held or not, over a
-- ceiling, or left by an error) and no digest yet, from notification windows that have ended
-- (and at least 30 seconds old, so a row still committing at a window's end joins it); queue
-- its message. With `catch_up` (the function has just recovered from failing) the open window's
-- rows are taken too, so the team has everything it missed at once. Each row is taken by exactly
-- one digest. Returns the digest's id, or null.
create function private.notify_take_digest(catch_up boolean default false, as_of timestamptz default clock_timestamp())
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_length interval;
  w private.notify_window;
  boundary timestamptz := as_of - interval '30 seconds';
  digest private.notify_digests;
begin
  select l.window_length into window_length from private.form_limits l where l.name = 'notifications';
  select * into w from private.notify_window;
  if not catch_up and w.started_at <> '-infinity' and w.started_at > as_of - window_length then
    boundary := least(boundary, w.started_at);
  end if;
  if not exists (
       select 1 from public.contact_submissions c
       where c.announced_at is null and c.digest_id is null and c.created_at < boundary
         and not exists (select 1 from private.notify_outbox o where o.kind = 'row' and o.row_id = c.id))
     and not exists (
       select 1 from public.job_applications j
       where j.announced_at is null and j.digest_id is null and j.created_at < boundary
         and not exists (select 1 from private.notify_outbox o where o.kind = 'row' and o.row_id = j.id)) then
    return null;
  end if;

  insert into private.notify_digests default values returning * into digest;
  with taken as (
    update public.contact_submissions c set digest_id = digest.id
    where c.announced_at is null and c.digest_id is null and c.created_at < boundary
      and not exists (select 1 from private.notify_outbox o where o.kind = 'row' and o.row_id = c.id)
    returning c.held, c.created_at
  ), taken_too as (
    update public.job_applications j set digest_id = digest.id
    where j.announced_at is null and j.digest_id is null and j.created_at < boundary
      and not exists (select 1 from private.notify_outbox o where o.kind = 'row' and o.row_id = j.id)
    returning j.held, j.created_at
  ), counted as (select * from taken union all select * from taken_too)
  select count(*), count(*) filter (where held), min(created_at), max(created_at)
    into digest.unannounced, digest.held, digest.first_at, digest.last_at from counted;
  if digest.unannounced = 0 then
    -- Taken by someone else between the look and the update.
    delete from private.notify_digests d where d.id = digest.id;
    return null;
  end if;
  select count(*) into digest.notified from private.notify_outbox o
    where o.kind = 'row' and o.created_at between digest.first_at - window_length and digest.last_at;
  select count(distinct s.sender) filter (where s.unannounced > 0), count(distinct s.sender) filter (where s.held > 0)
    into digest.senders, digest.held_senders
    from private.notify_senders s
    where s.window_started_at > digest.first_at - window_length and s.window_started_at <= digest.last_at;
  update private.notify_digests d set unannounced = digest.unannounced, held = digest.held, first_at = digest.first_at,
      last_at = digest.last_at, notified = digest.notified, senders = digest.senders, held_senders = digest.held_senders
    where d.id = digest.id;
  perform private.notify_enqueue('digest:' || digest.id, 'digest',
    jsonb_build_object('type', 'SUMMARY', 'schema', 'public', 'summary', jsonb_build_object(
      'digest_id', digest.id, 'first_at', digest.first_at, 'last_at', digest.last_at,
      'notified', digest.notified, 'unannounced', digest.unannounced, 'held', digest.held,
      'senders', digest.senders, 'held_senders', digest.held_senders, 'review', 'private.form_inbox')),
    digest => digest.id);
  return digest.id;
end
$$;

-- ---------------------------------------------------------------------------
-- 7. The drain: every 30 seconds (pg_cron)
-- ---------------------------------------------------------------------------
-- Reads pg_net's answers (2xx: delivered; the row is marked announced, the digest delivered;
-- anything else, or no answer after 5 minutes: retried after notify_backoff), takes the next
-- digest, raises the job's alerts, and posts what is due. While the function fails, each run
-- tries the 5 entries that are next due, due yet or not (whatever their backoff, so a recovery is
-- noticed at the next run however long the outage); its first success makes every waiting entry
-- due at once and takes a catch-up digest of the open window too, so everything the team missed
-- goes out within two runs after the function recovers. Returns what it did, also kept in
-- private.notify_state for public.form_health().
create function private.notify_drain()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  state private.notify_state;
  window_length interval;
  endpoint record;
  answer record;
  entry private.notify_outbox;
  digest bigint;
  refusals bigint;
  cap_mb integer;
  used bigint;
  storage_level integer;
  confirmed integer := 0;
  failed integer := 0;
  posted integer := 0;
  dropped integer := 0;
  alerts integer := 0;
  latest_ok boolean;
  latest_at timestamptz;
  recovered boolean := false;
  result jsonb;
  -- The clock when the drain starts, not when its transaction did: the half-minute job waits 30 s first.
  drain_at constant timestamptz := clock_timestamp();
begin
  -- One drain at a time (the job and a hand-made call).
  if not pg_try_advisory_xact_lock(hashtext('private.notify_drain')) then
    return jsonb_build_object('skipped', 'another drain is running');
  end if;
  select * into state from private.notify_state for update;
  select l.window_length into window_length from private.form_limits l where l.name = 'notifications';

  -- Capacity refusals since the last look: one alert per notification window's length.
  select case when s.is_called then s.last_value else 0 end into refusals from private.form_capacity_refusals s;
  if refusals > state.refusals_seen
     and (state.refusals_alerted_at is null or state.refusals_alerted_at <= drain_at - window_length) then
    perform private.notify_enqueue('alert:refused:' || refusals, 'alert', private.notify_alert_body(jsonb_build_object(
      'kind', 'refused', 'at', drain_at, 'refused', refusals - state.refusals_seen)));
    state.refusals_seen := refusals;
    state.refusals_alerted_at := drain_at;
    alerts := alerts + 1;
  end if;

  -- The storage budget: 80% and 100% alerted once each, again after usage fell 10 points below.
  select l.max_rows into cap_mb from private.form_limits l where l.name = 'storage_mb';
  used := private.form_storage_bytes();
  storage_level := case when used >= cap_mb::bigint * 1048576 then 100 when used * 5 >= cap_mb::bigint * 1048576 * 4 then 80 else 0 end;
  if storage_level > state.storage_alerted then
    perform private.notify_enqueue(format('alert:storage:%s:%s', storage_level, private.notify_key_time(drain_at)), 'alert', private.notify_alert_body(jsonb_build_object(
      'kind', 'storage', 'at', drain_at, 'percent', storage_level, 'used_bytes', used, 'budget_bytes', cap_mb::bigint * 1048576)));
    alerts := alerts + 1;
  end if;
  state.storage_alerted := case
    when storage_level > state.storage_alerted then storage_level
    when used * 10 < cap_mb::bigint * 1048576 * 7 then 0
    when state.storage_alerted = 100 and used * 10 < cap_mb::bigint * 1048576 * 9 then 80
    else state.storage_alerted end;

  -- pg_net's answers to the attempts in flight.
  if to_regclass('net._http_response') is not null then
    for entry in select * from private.notify_outbox o where o.request_id is not null order by o.sent_at for update loop
      execute 'select r.status_code, r.timed_out, r.error_msg, r.content, r.created from net._http_response r where r.id = $1'
        into answer using entry.request_id;
      if answer.created is null and entry.sent_at > drain_at - interval '5 minutes' then
        continue;
      end if;
      if answer.created is not null and answer.status_code between 200 and 299 then
        update private.notify_outbox o set delivered_at = drain_at, request_id = null, last_status = answer.status_code, last_error = null
          where o.id = entry.id;
        if entry.kind = 'row' then
          execute format('update public.%I t set announced_at = $2 where t.id = $1 and t.announced_at is null', entry.table_name)
            using entry.row_id, drain_at;
        elsif entry.kind = 'digest' then
          update private.notify_digests d set delivered_at = drain_at where d.id = entry.digest_id and d.delivered_at is null;
        end if;
        confirmed := confirmed + 1;
      else
        update private.notify_outbox o set request_id = null, last_status = answer.status_code,
            last_error = case
              when answer.created is null then 'no answer recorded within 5 minutes'
              when answer.timed_out then 'timed out'
              when answer.status_code is null then coalesce(answer.error_msg, 'no answer')
              else format('HTTP %s: %s', answer.status_code, left(coalesce(answer.content, ''), 200)) end,
            next_attempt_at = drain_at + private.notify_backoff(o.attempts)
          where o.id = entry.id;
        failed := failed + 1;
      end if;
      if answer.created is not null and (latest_at is null or answer.created >= latest_at) then
        latest_at := answer.created;
        latest_ok := answer.status_code between 200 and 299;
      end if;
    end loop;
  end if;
  if latest_ok is not null then
    if latest_ok and state.endpoint_failing then
      -- Recovered: whatever waited for a later attempt is due now.
      recovered := true;
      update private.notify_outbox o set next_attempt_at = drain_at
        where o.delivered_at is null and o.dropped_at is null and o.request_id is null and o.next_attempt_at > drain_at;
    end if;
    state.endpoint_failing := not latest_ok;
  end if;

  digest := private.notify_take_digest(catch_up => recovered, as_of => drain_at);

  -- Post what is due.
  select * into endpoint from private.notify_endpoint();
  if endpoint.url is not null then
    for entry in
      select * from private.notify_outbox o
      where o.delivered_at is null and o.dropped_at is null and o.request_id is null
        and (o.next_attempt_at <= drain_at or state.endpoint_failing)
      order by o.next_attempt_at, o.id
      limit case when state.endpoint_failing then 5 else 200 end
      for update skip locked
    loop
      if private.notify_send(entry.id, endpoint.url, endpoint.secret) then
        posted := posted + 1;
      else
        dropped := dropped + 1;
      end if;
    end loop;
  end if;

  result := jsonb_build_object(
    'digest', digest, 'recovered', recovered, 'alerts', alerts, 'confirmed', confirmed, 'failed', failed, 'posted', posted, 'dropped', dropped,
    'pending', (select count(*) from private.notify_outbox o where o.delivered_at is null and o.dropped_at is null),
    'endpoint', case when endpoint.url is null then 'missing: pg_net or the Vault secrets' when state.endpoint_failing then 'failing' else 'ok' end);
  update private.notify_state set last_drain_at = drain_at, last_drain = result, endpoint_failing = state.endpoint_failing,
    refusals_seen = state.refusals_seen, refusals_alerted_at = state.refusals_alerted_at, storage_alerted = state.storage_alerted;
  return result;
end
$$;

-- ---------------------------------------------------------------------------
-- 8. The bookkeeping purge (every 10 minutes) also trims the outbox, the receipts, the digests
--    and the jobs' own log, and measures what the bookkeeping takes
-- ---------------------------------------------------------------------------
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
  -- Delivered or dropped entries leave after 7 days (the row keeps announced_at or digest_id).
  delete from private.notify_outbox
  where id in (
    select id from private.notify_outbox
    where coalesce(delivered_at, dropped_at) < now() - interval '7 days'
    limit 10000
    for update skip locked
  );
  delete from private.notify_receipts where delivered_at < now() - interval '30 days';
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
                                   'private.notify_outbox', 'private.notify_receipts', 'private.notify_digests'] loop
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

-- ---------------------------------------------------------------------------
-- 9. The team's view
-- ---------------------------------------------------------------------------
create view private.form_inbox with (security_invoker = true) as
  with stored as (
    select 'contact_submissions'::text as table_name, c.id, c.created_at, c.email, c.first_name || ' ' || c.last_name as name,
           left(c.message, 200) as excerpt, c.held, c.announced_at, c.digest_id
    from public.contact_submissions c where c.announced_at is null or c.held
    union all
    select 'job_applications', j.id, j.created_at, j.email, j.full_name, left(j.cover_letter, 200), j.held, j.announced_at, j.digest_id
    from public.job_applications j where j.announced_at is null or j.held
  )
  select s.created_at, 'submission'::text as item, s.table_name, s.id, s.email, s.name, s.excerpt, s.held, s.digest_id,
         case
           when s.digest_id = 0 then 'stored before deliveries were tracked'
           when s.digest_id is not null and d.delivered_at is not null then format('counted in digest %s, delivered %s', s.digest_id, d.delivered_at)
           when s.digest_id is not null then format('counted in digest %s, not yet delivered', s.digest_id)
           when o.id is not null and o.dropped_at is null then format('own message not yet delivered (%s attempts%s)', o.attempts,
             coalesce(', last: ' || o.last_error, ''))
           when s.announced_at is not null then format('announced %s', s.announced_at)
           else 'waiting for the next digest (after its notification window ends)'
         end as state,
         o.attempts, o.last_error
  from stored s
  left join private.notify_digests d on d.id = s.digest_id
  left join private.notify_outbox o on o.kind = 'row' and o.row_id = s.id
  union all
  select o.created_at, 'delivery', o.table_name, o.row_id, null, null, o.key, null, o.digest_id,
         case when o.request_id is not null then format('attempt %s in flight since %s', o.attempts, o.sent_at)
              when o.attempts = 0 then 'not yet posted (pg_net or the Vault secrets missing?)'
              else format('failing: %s attempts, next %s', o.attempts, o.next_attempt_at) end,
         o.attempts, o.last_error
  from private.notify_outbox o where o.delivered_at is null and o.dropped_at is null;
comment on view private.form_inbox is
  'What the team has not seen on its own: rows not announced on their own (and how they are counted), held rows, deliveries pending or failing. Order by created_at desc.';
revoke all on table private.form_inbox from public, anon, authenticated;
grant select on table private.form_inbox to service_role;
-- The view reads these as the caller (security_invoker): the service role reads, never writes.
grant select on table private.notify_outbox, private.notify_digests to service_role;

-- ---------------------------------------------------------------------------
-- 10. The Edge Function's memory of delivered keys (service role, over PostgREST)
-- ---------------------------------------------------------------------------
create function public.notify_delivered(delivery_key text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(r.destination order by r.destination), '{}') from private.notify_receipts r where r.delivery_key = notify_delivered.delivery_key
$$;
comment on function public.notify_delivered(text) is
  'The destinations (email, chat) the notify-submission function already delivered this key to.';

create function public.notify_mark_delivered(delivery_key text, destination text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.notify_receipts (delivery_key, destination) values (notify_mark_delivered.delivery_key, notify_mark_delivered.destination)
  on conflict do nothing
$$;
comment on function public.notify_mark_delivered(text, text) is
  'Records that the notify-submission function delivered this key to this destination (email, chat).';

-- ---------------------------------------------------------------------------
-- 11. Health: what is missing or late
-- ---------------------------------------------------------------------------
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
        ('purge-expired-submissions', interval '26 hours', false)) v(name, late_after, optional)
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
end
$$;
comment on function public.form_health() is
  'What the forms'' delivery needs and whether it is there and on time: pg_cron and its jobs, pg_net, the Vault secrets, the last drain, pending deliveries, the last digest, storage.';

-- ---------------------------------------------------------------------------
-- Privileges and the jobs
-- ---------------------------------------------------------------------------
revoke all on function private.form_row_bytes(jsonb) from public, anon, authenticated;
revoke all on function private.form_storage_deleted() from public, anon, authenticated;
revoke all on function private.form_storage_updated() from public, anon, authenticated;
revoke all on function private.form_storage_truncated() from public, anon, authenticated;
revoke all on function private.notify_endpoint() from public, anon, authenticated;
revoke all on function private.notify_send(bigint, text, text) from public, anon, authenticated;
revoke all on function private.notify_enqueue(text, text, jsonb, text, uuid, bigint) from public, anon, authenticated;
revoke all on function private.notify_backoff(integer) from public, anon, authenticated;
revoke all on function private.notify_alert_body(jsonb) from public, anon, authenticated;
revoke all on function private.notify_key_time(timestamptz) from public, anon, authenticated;
revoke all on function private.notify_alert_held(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.notify_take_digest(boolean, timestamptz) from public, anon, authenticated;
revoke all on function private.notify_drain() from public, anon, authenticated;
revoke all on function public.notify_delivered(text) from public, anon, authenticated;
revoke all on function public.notify_mark_delivered(text, text) from public, anon, authenticated;
revoke all on function public.form_health() from public, anon, authenticated;
grant execute on function public.notify_delivered(text) to service_role;
grant execute on function public.notify_mark_delivered(text, text) to service_role;
grant execute on function public.form_health() to service_role;

-- The drain replaces the summary job, where pg_cron runs; elsewhere run it by hand. Every 30
-- seconds, so an alert or a recovery waits at most that long: pg_cron 1.5 and later (Supabase has
-- 1.6) schedule by seconds; before that, a second job each minute waits 30 s, then drains.
do $$
declare
  version integer[];
begin
  if to_regnamespace('cron') is not null then
    if exists (select 1 from cron.job where jobname = 'notify-submission-summary') then
      perform cron.unschedule('notify-submission-summary');
    end if;
    select (regexp_match(e.extversion, '^(\d+)\.(\d+)'))::integer[] into version from pg_extension e where e.extname = 'pg_cron';
    if version >= array[1, 5] then
      perform cron.schedule('notify-submission-drain', '30 seconds', 'select private.notify_drain()');
    else
      perform cron.schedule('notify-submission-drain', '* * * * *', 'select private.notify_drain()');
      perform cron.schedule('notify-submission-drain-half', '* * * * *', 'select pg_sleep(30); select private.notify_drain()');
    end if;
  end if;
end;
$$;
