-- The storage budget: the forms may take `storage_mb` of live data, and no more.
--
-- The smallest Supabase plan has a 500 MB database that turns read-only when full; the forms
-- get 300 MB of it (supabase/README.md, "Sizing the storage cap"). From 80% of the budget (or of
-- the held rows' daily budget) a network over its `prefix_share` is refused; at 100% every row
-- is refused (429, which brings back the website's notice and its kept draft) and the database
-- stays writable. Refusals for capacity are counted in a sequence, which the refused insert's
-- rollback cannot undo, so the drain can alert them (33_delivery_drain.sql).
--
-- Live data, not the files on disk: PostgreSQL reuses the space of deleted rows but its files
-- do not shrink, so a cap on the disk size (pg_total_relation_size, which the first version
-- read) stayed full after a flood was erased and closed the forms for good. Triggers keep the
-- bytes of the rows as stored in private.form_storage (in shards, so concurrent inserts rarely
-- wait for one another): a DELETE (retention, erase_submitter, the dashboard) gives its rows'
-- bytes back in the same transaction, with no VACUUM; marking a row (held, announced, counted in
-- a digest) never moves the count. The bookkeeping tables are measured by the purge job
-- (50_retention_and_erasure.sql) and count too.

-- What a stored row counts: its columns as JSON text (the same figure whether it
-- is being stored or deleted, however PostgreSQL compressed it), a fifth more for
-- what pages and TOAST chunks lose to alignment and fill, and 100 bytes for the tuple
-- header, its line pointer, its index entries and its fixed-size columns: never less
-- than the row takes on disk once the table is compacted (tests/pg/flood.test.ts
-- measures it). The columns the database keeps for itself (held, announced_at,
-- digest_id, released_at) and the time it was stored are left out, so marking or backdating a
-- row never moves the count.
create function private.form_row_bytes(fields jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select octet_length((fields - array['held', 'announced_at', 'digest_id', 'released_at', 'created_at'])::text)::bigint * 6 / 5 + 100
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

-- The bytes the forms use: both tables' live rows and the last measure of the bookkeeping.
create function private.form_storage_bytes()
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.bytes), 0)::bigint from private.form_storage s
$$;

-- Counts inserts refused for capacity (the storage budget, the held rows' budget, a network's share).
-- nextval is not undone by the refused insert's rollback: that is why it is a sequence.
create sequence private.form_capacity_refusals;
revoke all on sequence private.form_capacity_refusals from public, anon, authenticated;

-- Seconds to wait (refused) or 0, for a row from network `prefix` that is
-- held (`held`) or not: the storage cap and the held rows' daily budget, and
-- from 80% of either a network's share. Read without a lock (usage per hour in
-- private.form_usage), so they can be exceeded by at most the inserts in flight.
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

-- After each stored row (the trigger storage_count, 40_form_insert.sql): its bytes, in a held
-- shard (8-15) for a held row. The trigger fires after the notification trigger, so the rows
-- that take the notification window's lock (one at a time) never hold a shard meanwhile: from
-- 200 connections that convoy raised the slowest inserts' p99 from 5.7-8.2 s to 6.8-9.1 s; counted
-- last, 5.8-6.7 s (tests/pg/throughput.load.ts).
create function private.form_storage_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- form_insert_count() marks a row it holds with an UPDATE, which NEW here does not show: it says so.
  hold boolean := new.held or coalesce(current_setting('form_guard.held_' || tg_table_name, true) = new.id::text, false);
begin
  update private.form_storage s set rows = s.rows + 1, bytes = s.bytes + private.form_row_bytes(to_jsonb(new))
    where s.part = tg_table_name and s.shard = pg_backend_pid() % 8 + case when hold then 8 else 0 end;
  return null;
end
$$;

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

revoke all on function private.form_row_bytes(jsonb) from public, anon, authenticated;
revoke all on function private.form_storage_bytes() from public, anon, authenticated;
revoke all on function private.form_capacity_wait(text, boolean) from public, anon, authenticated;
revoke all on function private.form_storage_count() from public, anon, authenticated;
revoke all on function private.form_storage_deleted() from public, anon, authenticated;
revoke all on function private.form_storage_updated() from public, anon, authenticated;
revoke all on function private.form_storage_truncated() from public, anon, authenticated;
