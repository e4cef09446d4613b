-- Write limits no client can forge, kept as data, exact at any isolation level.
--
-- Replaces the counting of 20261125100300_form_throttle.sql (its one-row-per-
-- statement rule and the 429 it raises stay as they were):
--
--   * The limits are rows of private.form_limits, read on every insert. An
--     operator changes one with a single UPDATE (supabase/README.md):
--       per_address    3 rows per e-mail address and table in 10 minutes
--       per_client    20 rows per client address, both tables, in 10 minutes
--       per_table     60 rows per table in 10 minutes, from everyone together:
--                      the ceiling that holds when every other key is forged
--       notifications 10 messages to the team in 10 minutes (the notify
--                      trigger reads it; 20261125173700_notify_ceiling.sql)
--   * The client address is read from one request header, and one entry of
--     it, named in private.form_client_source (one row). The default is the
--     header the platform sets and the client cannot (cf-connecting-ip on
--     hosted Supabase; see supabase/README.md), not the first entry of
--     X-Forwarded-For, which the sender writes. The address is parsed as
--     `inet` (one spelling per address, IPv4-mapped IPv6 as IPv4) and IPv6 is
--     counted per /64. An API request without a usable address (header
--     missing, empty or malformed) counts in one shared bucket: failing
--     closed, never unlimited. Inserts without request headers (SQL, the
--     dashboard) are not client-limited.
--   * Counting is exact under READ COMMITTED, REPEATABLE READ and
--     SERIALIZABLE: each key is one row of private.form_throttle_keys that
--     every counted insert locks and rewrites, so a transaction whose snapshot
--     predates another's committed count fails instead of counting on a stale
--     view. The exact count happens after the row is in (form_insert_count,
--     an AFTER trigger), so a key is held only for the rest of the
--     transaction; before it (form_insert_guard) a key that already looks
--     full refuses without a lock, so a flood's refusals never wait. That failure is turned into a clear refusal (503, code form_busy,
--     Retry-After 1), which the website retries. Under READ COMMITTED, the
--     level PostgREST uses, it does not happen.
--   * A retried row (its id is already stored) is left to the primary key,
--     which refuses it with 23505 (the website reads "already stored"), before
--     any limit counts it.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- ---------------------------------------------------------------------------
-- The limits
-- ---------------------------------------------------------------------------
create table private.form_limits (
  name text primary key check (name in ('per_address', 'per_client', 'per_table', 'notifications')),
  max_rows integer not null check (max_rows between 0 and 10000),
  window_length interval not null check (window_length > interval '0' and window_length <= interval '1 day'),
  description text not null
);
comment on table private.form_limits is
  'Write limits of the form tables and the notification ceiling; change max_rows or window_length with an UPDATE (supabase/README.md).';
insert into private.form_limits (name, max_rows, window_length, description) values
  ('per_address', 3, interval '10 minutes', 'rows per e-mail address (trimmed, case-insensitive) and table'),
  ('per_client', 20, interval '10 minutes', 'rows per client address (IPv6 per /64), both tables together'),
  ('per_table', 60, interval '10 minutes', 'rows per table from everyone together'),
  ('notifications', 10, interval '10 minutes', 'messages to the team before one summary and silence');

-- Which request header carries the client's address, and which entry of it
-- (1 the first, 2 the second, -1 the last, -2 the one before it …).
create table private.form_client_source (
  only_row boolean primary key default true check (only_row),
  header text not null check (header ~ '^[a-z0-9-]+$'),
  entry integer not null check (entry <> 0)
);
comment on table private.form_client_source is
  'The request header (lower-case) and entry the per_client limit reads the client address from; one row (supabase/README.md).';
insert into private.form_client_source (header, entry) values ('cf-connecting-ip', -1);

alter table private.form_limits enable row level security;
alter table private.form_client_source enable row level security;
revoke all on table private.form_limits, private.form_client_source from public, anon, authenticated;
-- The operator's way in: `set role service_role` (or the dashboard's SQL editor) and one UPDATE.
grant usage on schema private to service_role;
grant select, update on table private.form_limits, private.form_client_source to service_role;

-- ---------------------------------------------------------------------------
-- The bookkeeping: one row per counted key
-- ---------------------------------------------------------------------------
drop function private.form_throttle_take(text, integer, interval);
drop function private.form_throttle_purge();
drop function private.form_client_address();
-- Bookkeeping in `private`, replaced by form_throttle_keys above; no client ever read it.
-- squawk-ignore ban-drop-table
drop table private.form_throttle_hits;

create table private.form_throttle_keys (
  -- sha256 hex of 'address:<table>:<address>', 'client:<address or /64>', 'client:unknown' or 'table:<table>'.
  key text primary key,
  -- When the rows counted in the window were accepted, oldest first; never more than the limit.
  hits timestamptz[] not null,
  last_at timestamptz not null
);
comment on table private.form_throttle_keys is
  'One row per throttle key with the times of its counted inserts; purged once a key has been quiet for the longest window.';
create index form_throttle_keys_last_at_idx on private.form_throttle_keys (last_at);
alter table private.form_throttle_keys enable row level security;
revoke all on table private.form_throttle_keys from public, anon, authenticated;

-- The client key of this request: null when there are no request headers (not
-- an API request), 'client:unknown' when the configured header carries no
-- usable address, else 'client:' and the address (IPv4) or its /64 (IPv6).
create function private.form_client_key()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := current_setting('request.headers', true);
  source private.form_client_source;
  value text;
  entries text[];
  position integer;
  address inet;
begin
  if headers is null or headers = '' then
    return null;
  end if;
  select * into source from private.form_client_source;
  begin
    value := headers::json ->> source.header;
  exception when others then
    value := null; -- not a JSON object: no usable address
  end;
  entries := string_to_array(value, ',');
  position := case when source.entry > 0 then source.entry else cardinality(entries) + 1 + source.entry end;
  value := btrim(entries[position], E' \t');
  -- An address and nothing else: no port, brackets, zone, netmask or name.
  if value is null or value !~ '^([0-9]{1,3}(\.[0-9]{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$' then
    return 'client:unknown';
  end if;
  begin
    address := value::inet;
  exception when invalid_text_representation then
    return 'client:unknown';
  end;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(address) = 6 then
    return 'client:' || network(set_masklen(address, 64))::text;
  end if;
  return 'client:' || host(address);
end
$$;

-- Seconds until enough of `hits` leave the window for one more row to fit
-- under `max_rows`, or 0 when one fits now.
create function private.form_throttle_wait(hits timestamptz[], max_rows integer, window_length interval)
returns integer
language sql
stable
set search_path = ''
as $$
  with kept as (select array(select h from unnest(hits) h where h > now() - window_length order by h) as hits)
  select case
    when cardinality(kept.hits) < max_rows then 0
    when max_rows = 0 then ceil(extract(epoch from window_length))::integer
    else greatest(1, ceil(extract(epoch from (kept.hits[cardinality(kept.hits) - max_rows + 1] + window_length - now()))))::integer
  end
  from kept
$$;

-- Whether `counted_key` is already full as far as this transaction can see,
-- without waiting for or taking any lock: counted inserts only ever add to a
-- key within its window, so a key that looks full is full. Lets a flood's
-- refusals answer at once instead of queuing behind the key's lock.
create function private.form_throttle_full(counted_key text, limit_name text)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select private.form_throttle_wait(k.hits, l.max_rows, l.window_length)
    from private.form_throttle_keys k, private.form_limits l
    where k.key = encode(sha256(convert_to(counted_key, 'UTF8')), 'hex') and l.name = limit_name), 0)
$$;

-- Count one insert against `counted_key` under the limit `limit_name`.
-- Returns 0 when it fits (and records it), or the seconds until enough
-- counted inserts have left the window for one more to fit.
create function private.form_throttle_take(counted_key text, limit_name text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  digest constant text := encode(sha256(convert_to(counted_key, 'UTF8')), 'hex');
  max_rows integer;
  window_length interval;
  counted timestamptz[];
  wait integer;
begin
  select l.max_rows, l.window_length into max_rows, window_length from private.form_limits l where l.name = limit_name;
  if not found then
    raise exception 'form limit % is missing from private.form_limits', limit_name;
  end if;
  insert into private.form_throttle_keys (key, hits, last_at) values (digest, '{}', now()) on conflict (key) do nothing;
  -- The row lock orders concurrent inserts of one key; under REPEATABLE READ
  -- and SERIALIZABLE a row changed since this transaction's snapshot raises a
  -- serialization failure instead of being counted stale.
  select k.hits into counted from private.form_throttle_keys k where k.key = digest for update;
  wait := private.form_throttle_wait(counted, max_rows, window_length);
  if wait = 0 then
    update private.form_throttle_keys k
      set hits = array(select h from unnest(counted) h where h > now() - window_length order by h) || now(), last_at = now()
      where k.key = digest;
  end if;
  return wait;
end
$$;

-- Drop keys quiet for longer than any window, a few per insert; keys another
-- transaction holds are left for a later call instead of waited for.
create function private.form_throttle_purge()
returns void
language sql
set search_path = ''
as $$
  delete from private.form_throttle_keys
  where key in (
    select key from private.form_throttle_keys
    where last_at <= now() - (select max(window_length) from private.form_limits)
    order by last_at
    limit 100
    for update skip locked
  )
$$;

-- The keys a row counts against, with their limits, in the one order every
-- insert takes them (address, client, table), so no two inserts deadlock.
create function private.form_insert_keys(table_name text, email text)
returns text[]
language plpgsql
stable
set search_path = ''
as $$
declare
  client text := private.form_client_key();
  counted text[] := '{}';
begin
  -- A missing address is refused by the column's NOT NULL constraint.
  if email is not null then
    counted := array[[format('address:%s:%s', table_name, private.form_email_key(email)), 'per_address']];
  end if;
  if client is not null then
    counted := counted || array[[client, 'per_client']];
  end if;
  return counted || array[['table:' || table_name, 'per_table']];
end
$$;

-- The throttle's 429: Retry-After is `wait` seconds, which browsers may read.
create function private.form_throttled(wait integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'form_throttled',
      'message', 'Too many submissions in a short time.',
      'details', format('Try again in %s seconds.', wait),
      'hint', null)::text,
    detail = json_build_object(
      'status', 429,
      'status_text', 'Too Many Requests',
      'headers', json_build_object('Retry-After', wait::text, 'Access-Control-Expose-Headers', 'Retry-After'))::text;
end
$$;

-- Before each row, the checks that take no lock: refuse a second row of the
-- statement; let a retried row (its id is stored) reach its primary-key error
-- untouched; refuse at once a row whose address, client or table is already
-- full, so a flood's refusals neither insert nor wait.
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
  pair text[];
  wait integer;
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

  foreach pair slice 1 in array private.form_insert_keys(tg_table_name, new.email) loop
    wait := private.form_throttle_full(pair[1], pair[2]);
    if wait > 0 then
      perform private.form_throttled(wait);
    end if;
  end loop;
  -- Here rather than after the count, where the table's key is held.
  perform private.form_throttle_purge();
  return new;
end
$$;

-- After each row is in (its constraints passed, its key unique): count it
-- against its keys, exactly, each under the key's row lock. Taken this late,
-- a key is held only for the rest of the transaction.
create function private.form_insert_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pair text[];
  wait integer;
begin
  begin
    foreach pair slice 1 in array private.form_insert_keys(tg_table_name, new.email) loop
      wait := private.form_throttle_take(pair[1], pair[2]);
      exit when wait > 0;
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
  return null;
end
$$;

-- Named so that it fires before the notification trigger (AFTER triggers run
-- in name order): a refused row is never numbered for the team.
create trigger form_insert_count
  after insert on public.contact_submissions
  for each row execute function private.form_insert_count();
create trigger form_insert_count
  after insert on public.job_applications
  for each row execute function private.form_insert_count();

revoke all on function private.form_client_key() from public, anon, authenticated;
revoke all on function private.form_throttle_wait(timestamptz[], integer, interval) from public, anon, authenticated;
revoke all on function private.form_throttle_full(text, text) from public, anon, authenticated;
revoke all on function private.form_throttle_take(text, text) from public, anon, authenticated;
revoke all on function private.form_throttle_purge() from public, anon, authenticated;
revoke all on function private.form_insert_keys(text, text) from public, anon, authenticated;
revoke all on function private.form_throttled(integer) from public, anon, authenticated;
revoke all on function private.form_insert_guard() from public, anon, authenticated;
revoke all on function private.form_insert_count() from public, anon, authenticated;
