-- Limits on how much anyone can write into the two form tables.
--
-- The anon key is public, so anyone can POST to these tables without the
-- website (the honeypot only stops bots that render the page). Enforced in the
-- database, so the rules hold for REST, GraphQL and any other way in:
--
--   one row per statement  An INSERT that carries a second row is refused
--                          (PostgREST turns a JSON array into one multi-row
--                          statement; the website never sends arrays).
--   per address            At most 3 rows with the same e-mail address
--                          (trimmed, case-insensitive) per table in 10 minutes.
--   per client             At most 20 rows, both tables together, from one
--                          client address (the first address of the
--                          X-Forwarded-For header PostgREST passes in
--                          `request.headers`) in 10 minutes. Without that
--                          header only the per-address rule applies.
--
-- A throttle refusal is an HTTP 429 with Retry-After (seconds until the oldest
-- counted row leaves the window), raised the way PostgREST documents custom
-- errors: SQLSTATE PGRST, the response body as JSON in the message, status and
-- headers as JSON in the detail. The body's code "form_throttled" is what tells
-- the website this 429 is the throttle's (src/lib/forms/submit.ts
-- THROTTLE_CODE). A refused statement is rolled back with its bookkeeping, so
-- refusals do not count.
--
-- The bookkeeping lives in the `private` schema, which the API does not
-- expose and which anon and authenticated cannot use. It stores SHA-256
-- digests of the keys, never an address. The guard trigger function is
-- SECURITY DEFINER (it writes what the caller may not see); every function
-- has an empty search_path, and nobody but its owner may execute it
-- (triggers fire without the caller holding EXECUTE). A transaction-scoped
-- advisory lock per key makes concurrent inserts for the same key count one
-- after the other, so none can slip past a limit.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

create schema if not exists private;
comment on schema private is 'Not exposed through the API: bookkeeping the API roles must never read or call.';
revoke all on schema private from public, anon, authenticated;
-- New functions are executable by PUBLIC unless this says otherwise.
alter default privileges in schema private revoke execute on functions from public;

create table private.form_throttle_hits (
  id bigint generated always as identity primary key,
  -- sha256 hex of 'address:<table>:<address>' or 'client:<client address>'.
  key text not null,
  at timestamptz not null default now()
);
comment on table private.form_throttle_hits is
  'One row per counted form insert and key, kept only as long as a throttle window; see the form_throttle migration.';
create index form_throttle_hits_key_at_idx on private.form_throttle_hits (key, at);
create index form_throttle_hits_at_idx on private.form_throttle_hits (at);
alter table private.form_throttle_hits enable row level security;
revoke all on table private.form_throttle_hits from public, anon, authenticated;

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

-- The client's address: the first entry of X-Forwarded-For in the request
-- headers PostgREST sets for the transaction, or null when there are none.
create function private.form_client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := current_setting('request.headers', true);
begin
  if headers is null or headers = '' then
    return null;
  end if;
  return nullif(lower(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1))), '');
exception when invalid_text_representation then
  -- Not JSON: PostgREST never sets that, so treat it as no headers at all.
  return null;
end
$$;

-- Count one insert against `counted_key`. Returns 0 when it fits (and records
-- it), or the seconds until the oldest counted insert leaves the window.
create function private.form_throttle_take(counted_key text, max_rows integer, window_length interval)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  digest constant text := encode(sha256(convert_to(counted_key, 'UTF8')), 'hex');
  counted integer;
  oldest timestamptz;
begin
  -- Held until the transaction ends, so a concurrent insert for the same key
  -- counts only after this one has committed (or rolled back).
  perform pg_advisory_xact_lock(hashtextextended(digest, 0));
  select count(*), min(h.at) into counted, oldest
    from private.form_throttle_hits h
    where h.key = digest and h.at > now() - window_length;
  if counted >= max_rows then
    return greatest(1, ceil(extract(epoch from (oldest + window_length - now()))))::integer;
  end if;
  insert into private.form_throttle_hits (key) values (digest);
  return 0;
end
$$;

-- Drop bookkeeping older than any window, a few rows per insert; rows another
-- transaction holds are left for a later call instead of waited for.
create function private.form_throttle_purge()
returns void
language sql
set search_path = ''
as $$
  delete from private.form_throttle_hits
  where id in (
    select id from private.form_throttle_hits
    where at <= now() - interval '10 minutes'
    order by at
    limit 100
    for update skip locked
  )
$$;

-- Before each INSERT statement: no row of it seen yet.
create function private.form_insert_start()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('form_guard.rows_' || tg_table_name, '0', true);
  return null;
end
$$;

-- Before each row: refuse a second row of the statement, then count the row
-- against its address and its client.
create function private.form_insert_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_length constant interval := interval '10 minutes';
  per_address constant integer := 3;
  per_client constant integer := 20;
  rows_setting constant text := 'form_guard.rows_' || tg_table_name;
  seen integer := coalesce(nullif(current_setting(rows_setting, true), ''), '0')::integer;
  client text := private.form_client_address();
  wait integer := 0;
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

  -- A missing address is refused by the column's NOT NULL constraint.
  if new.email is not null then
    wait := private.form_throttle_take(format('address:%s:%s', tg_table_name, private.form_email_key(new.email)), per_address, window_length);
  end if;
  if wait = 0 and client is not null then
    wait := private.form_throttle_take('client:' || client, per_client, window_length);
  end if;
  if wait > 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'form_throttled',
        'message', 'Too many submissions in a short time.',
        'details', format('Try again in %s seconds.', wait),
        'hint', null)::text,
      -- Browsers let a page read Retry-After only when the response exposes it.
      detail = json_build_object(
        'status', 429,
        'status_text', 'Too Many Requests',
        'headers', json_build_object('Retry-After', wait::text, 'Access-Control-Expose-Headers', 'Retry-After'))::text;
  end if;

  perform private.form_throttle_purge();
  return new;
end
$$;

revoke all on function private.form_email_key(text) from public, anon, authenticated;
revoke all on function private.form_client_address() from public, anon, authenticated;
revoke all on function private.form_throttle_take(text, integer, interval) from public, anon, authenticated;
revoke all on function private.form_throttle_purge() from public, anon, authenticated;
revoke all on function private.form_insert_start() from public, anon, authenticated;
revoke all on function private.form_insert_guard() from public, anon, authenticated;

create trigger form_insert_start
  before insert on public.contact_submissions
  for each statement execute function private.form_insert_start();
create trigger form_insert_guard
  before insert on public.contact_submissions
  for each row execute function private.form_insert_guard();

create trigger form_insert_start
  before insert on public.job_applications
  for each statement execute function private.form_insert_start();
create trigger form_insert_guard
  before insert on public.job_applications
  for each row execute function private.form_insert_guard();
