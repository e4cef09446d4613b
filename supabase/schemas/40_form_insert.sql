-- What an insert into a form table does, in the order it happens.
--
--   1. form_insert_start (before the statement): no row of it seen yet.
--   2. form_insert_guard (before the row), the checks that take no lock:
--      - a second row in one statement is refused: 400 form_one_row (PostgREST turns a JSON
--        array into one multi-row statement; the website never sends one);
--      - a retried row (its id is already stored) goes on untouched to its primary-key error,
--        23505, which the website reads as "already stored", before any limit counts it;
--      - each key of the row (21_form_throttle.sql) that already looks full refuses the row
--        (429 form_throttled, the sender's own keys) or marks it held (the shared ones);
--      - the storage budget and the held rows' budget (23_storage_budget.sql): 429, counted.
--   3. The row's constraints (10_form_tables.sql, 11_form_text_rules.sql), the insert policy,
--      the primary key.
--   4. form_insert_count (after the row, AFTER triggers fire in name order): the exact count,
--      each key under its row lock, held until commit; a key found full now refuses or holds the
--      row as in 2. A held row takes no shared key, so a flood of held rows does not queue
--      behind the table's ceiling.
--   5. notify_submission (31_delivery_notify.sql): the row's own message through the outbox,
--      or nothing and the next digest; the first held row of a window alerts the team.
--   6. storage_count (23_storage_budget.sql): the row's bytes against the storage budget.
--
-- Nothing here waits on the network, and nothing but the guard and the exact count can refuse
-- the row. The form tables' other triggers keep the storage budget on DELETE, UPDATE and
-- TRUNCATE (end of this file).

-- 1. Before each INSERT statement: no row of it seen yet.
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

-- 2. Before each row, the checks that take no lock: a second row of the
-- statement is refused; a retried row (its id is stored) reaches its
-- primary-key error untouched; a row whose sender's key already looks full is
-- refused at once, and one whose table, network or shared bucket looks full
-- is marked held; then the storage cap, whose refusal is counted (the
-- sequence) before it is raised. Nothing here waits for a lock.
create function private.form_insert_guard()
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

-- 4. After each row is in: count it exactly against its keys, each under its row
-- lock. A held row takes no 'hold' key (the table's key above all), so a
-- flood of held rows does not queue behind the ceiling; a row the exact count
-- finds over a 'hold' key is held here (the guard looked without a lock). The
-- row's bytes are counted later, by storage_count (6).
create function private.form_insert_count()
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

revoke all on function private.form_insert_start() from public, anon, authenticated;
revoke all on function private.form_insert_guard() from public, anon, authenticated;
revoke all on function private.form_insert_count() from public, anon, authenticated;

-- The triggers, in firing order.
create trigger form_insert_start
  before insert on public.contact_submissions
  for each statement execute function private.form_insert_start();
create trigger form_insert_start
  before insert on public.job_applications
  for each statement execute function private.form_insert_start();

create trigger form_insert_guard
  before insert on public.contact_submissions
  for each row execute function private.form_insert_guard();
create trigger form_insert_guard
  before insert on public.job_applications
  for each row execute function private.form_insert_guard();

-- AFTER triggers fire in name order: form_insert_count, notify_submission, storage_count. A row
-- refused by the exact count is never numbered for the team, and the storage shard is locked
-- after the notification window's lock, never while waiting for it.
create trigger form_insert_count
  after insert on public.contact_submissions
  for each row execute function private.form_insert_count();
create trigger form_insert_count
  after insert on public.job_applications
  for each row execute function private.form_insert_count();

create trigger notify_submission
  after insert on public.contact_submissions
  for each row execute function private.notify_submission();
create trigger notify_submission
  after insert on public.job_applications
  for each row execute function private.notify_submission();

create trigger storage_count after insert on public.contact_submissions
  for each row execute function private.form_storage_count();
create trigger storage_count after insert on public.job_applications
  for each row execute function private.form_storage_count();

-- The storage budget follows every other change of the rows (23_storage_budget.sql).
create trigger form_storage_delete after delete on public.contact_submissions
  referencing old table as gone for each statement execute function private.form_storage_deleted();
create trigger form_storage_delete after delete on public.job_applications
  referencing old table as gone for each statement execute function private.form_storage_deleted();

create trigger form_storage_update after update of first_name, last_name, email, company, message, status,
    sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign on public.contact_submissions
  for each row execute function private.form_storage_updated();
create trigger form_storage_update after update of full_name, email, expertise, experience, portfolio_url, cover_letter,
    sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign on public.job_applications
  for each row execute function private.form_storage_updated();

create trigger form_storage_truncate after truncate on public.contact_submissions
  for each statement execute function private.form_storage_truncated();
create trigger form_storage_truncate after truncate on public.job_applications
  for each statement execute function private.form_storage_truncated();
