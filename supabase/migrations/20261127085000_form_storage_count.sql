-- The storage budget's count of a new row moves after the notification window's lock.
--
-- *_form_outbox.sql added the row's bytes at the end of private.form_insert_count(), which runs
-- before private.notify_submission() (AFTER triggers run in name order). The update locks one of
-- the budget's shard rows until commit, so a transaction waiting for the notification window's
-- lock (one row, every posted row takes it in turn) held its shard meanwhile, and the other
-- inserts of that shard queued behind it: a convoy. The throughput was unchanged (the window's
-- lock is the one every row shares) but the slowest inserts waited longer: from 200 connections,
-- p99 6.8-9.1 s (6 runs) against 5.7-8.2 s before the outbox (3 runs; tests/pg/throughput.load.ts).
-- Counted by a trigger of its own that fires after the notification trigger, the update comes
-- after the window's lock, so the rows that take that lock, taking it one at a time, never wait
-- for a shard; a held row inside an open window takes no window lock and counts in the held
-- shards (8-15), as before. The figure counted is the same. Measured so: p99 5.8-6.7 s (3 runs).

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

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


-- Named to fire after notify_submission (AFTER triggers fire in name order).
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

create trigger storage_count after insert on public.contact_submissions
  for each row execute function private.form_storage_count();
create trigger storage_count after insert on public.job_applications
  for each row execute function private.form_storage_count();

revoke all on function private.form_storage_count() from public, anon, authenticated;
