-- The keys every insert counts against, exact at any isolation level.
--
-- A row counts against up to five keys, always in this order (so no two inserts deadlock):
-- its e-mail address in its table, its client address, the client's day, its network and its
-- table (private.form_insert_keys). A full key either refuses the row (the sender's own keys:
-- 429 form_throttled with Retry-After) or holds it (the shared ones: stored, marked held;
-- 22_held_rows.sql).
--
-- Each key is one row of private.form_throttle_keys holding the times of its counted rows.
-- Before the row is stored, the guard only looks (private.form_throttle_full, no lock): a key
-- that already looks full refuses or holds at once, so a flood's refusals never wait. After the
-- row is in (its constraints passed, its id unique), the exact count locks and rewrites each key
-- (private.form_throttle_take) and holds it until commit: under READ COMMITTED (what PostgREST
-- uses) concurrent inserts of one key count one after the other; under REPEATABLE READ or
-- SERIALIZABLE a transaction whose snapshot predates another's count fails instead of counting
-- on a stale view (503 form_busy, which the website retries).
--
-- The keys are SHA-256 digests, never an address. The refusals are PostgREST custom errors
-- (SQLSTATE PGRST, the body as JSON in the message, status and headers in the detail); the body's
-- code "form_throttled" is what tells the website this 429 is the throttle's
-- (src/lib/forms/submit.ts). A refused statement is rolled back with its bookkeeping, so
-- refusals do not count. Quiet keys are purged by a job (50_retention_and_erasure.sql), never
-- by an insert.

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

-- A key as stored: its SHA-256 digest in hex.
create function private.form_digest(key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(key, 'UTF8')), 'hex')
$$;

-- The e-mail address as the per-address rule compares it: lowercased, without
-- surrounding whitespace or invisible characters (spelled out, as in the text rules).
create function private.form_email_key(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(regexp_replace(
    email,
    '^[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$',
    '', 'g'))
$$;

-- The client key of this request: null when there are no request headers (not
-- an API request), 'client:unknown' when the configured header carries no
-- usable address, else 'client:' and the address (IPv4) or its /64 (IPv6).
-- The address is parsed as `inet` (one spelling per address, IPv4-mapped IPv6
-- as IPv4). An API request without a usable address counts in one shared
-- bucket: never unlimited.
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

-- Count one insert against `counted_key` under `limit_name`; 0 when it fits
-- (and records it), else the seconds until one more fits. A key the purge
-- deleted between this function's statements is created again instead of the
-- count being lost.
create function private.form_throttle_take(counted_key text, limit_name text)
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
create function private.form_insert_keys(table_name text, email text)
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

revoke all on function private.form_digest(text) from public, anon, authenticated;
revoke all on function private.form_email_key(text) from public, anon, authenticated;
revoke all on function private.form_client_key() from public, anon, authenticated;
revoke all on function private.form_prefix_key(text) from public, anon, authenticated;
revoke all on function private.form_throttle_wait(timestamptz[], integer, interval) from public, anon, authenticated;
revoke all on function private.form_throttle_full(text, text) from public, anon, authenticated;
revoke all on function private.form_throttle_take(text, text) from public, anon, authenticated;
revoke all on function private.form_insert_keys(text, text) from public, anon, authenticated;
revoke all on function private.form_throttled(integer) from public, anon, authenticated;
