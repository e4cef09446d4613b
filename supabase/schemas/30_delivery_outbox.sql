-- Stored means seen: a transactional outbox between a stored row and the team.
--
-- A row to be announced on its own (31_delivery_notify.sql), a window's digest
-- (32_delivery_digests.sql) and an alert are written to private.notify_outbox in the same
-- transaction as what caused them, then posted to the notify-submission Edge Function
-- (supabase/functions/notify-submission) with pg_net, which sends after commit: the insert
-- never waits on the network, and a rolled-back insert posts nothing. The scheduled drain
-- (33_delivery_drain.sql, every 30 seconds) reads pg_net's answers, marks an entry delivered
-- only on a 2xx and retries every other outcome (an error, a refusal, a timeout, no answer at
-- all) with backoff until the function confirms.
--
-- The body is what Supabase's database webhooks send ({type, table, schema, record, old_record}),
-- with the row's record read when it is posted (an erased row is never sent), the
-- `notification` window it was numbered in, and `delivery` (the entry's key and attempt). A
-- digest and a held alert get their first 50 held rows when posted too (22_held_rows.sql), so
-- the team can release or erase them from the message (35_team_actions.sql).
--
-- Delivery is at-least-once; the function drops a repeat by the entry's key, which it
-- remembers per destination (public.notify_delivered / public.notify_mark_delivered, over
-- PostgREST with the service role).
--
-- The function's URL and the shared secret are read from Supabase Vault at run time, never
-- from the schema: the secret stays out of this repository and is rotated without a migration
-- (supabase/README.md, "Deploy it"). Where pg_net or Vault does not exist (plain PostgreSQL,
-- PGlite) entries wait in the outbox and public.form_health() says what is missing.

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
-- The team's view (34_team_inbox.sql) reads it as the caller: the service role reads, never writes.
grant select on table private.notify_outbox to service_role;

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
-- posted now (no endpoint) or is dropped (its row is gone: a row's record is read when posted,
-- so an erased row is never sent).
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
  elsif entry.kind = 'digest' and entry.digest_id is not null then
    -- Its first held rows, still held now (an erased or released row is not offered again).
    payload := jsonb_set(payload, '{summary}', (payload -> 'summary') || private.held_rows(entry.digest_id, null, 0, 50));
  elsif entry.kind = 'alert' and payload #>> '{alert,kind}' = 'held' then
    payload := jsonb_set(payload, '{alert}',
      (payload -> 'alert') || private.held_rows(null, (payload #>> '{alert,window_started_at}')::timestamptz, 0, 50));
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

-- The Edge Function's memory of delivered keys (service role, over PostgREST).
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

revoke all on function private.notify_endpoint() from public, anon, authenticated;
revoke all on function private.notify_send(bigint, text, text) from public, anon, authenticated;
revoke all on function private.notify_enqueue(text, text, jsonb, text, uuid, bigint) from public, anon, authenticated;
revoke all on function private.notify_backoff(integer) from public, anon, authenticated;
revoke all on function public.notify_delivered(text) from public, anon, authenticated;
revoke all on function public.notify_mark_delivered(text, text) from public, anon, authenticated;
grant execute on function public.notify_delivered(text) to service_role;
grant execute on function public.notify_mark_delivered(text, text) to service_role;
