-- Notifications that cannot bury the team.
--
-- Every stored row used to become one e-mail and one chat post. Now the rows
-- of both tables are numbered within a window (the `notifications` row of
-- private.form_limits: 10 in 10 minutes). The webhook carries that number:
--
--   "notification": { "number": 11, "limit": 10,
--                     "window_started_at": "…", "window_ends_at": "…" }
--
-- and the notify-submission function sends the row's message for numbers up
-- to the limit, one summary for the next ("more than 10 submissions since
-- HH:MM, probably automated"), and nothing after that until the window ends.
-- Rows beyond the summary are not even posted: pg_net is not asked at all.
-- The window starts with the first row after the previous one ended.
--
-- The counter is one row, locked by each insert until it commits, so rows
-- are numbered one after the other. The trigger keeps its rule that the
-- insert never fails because of the notification: any error here is a
-- warning and the row is not notified.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

create table private.notify_window (
  only_row boolean primary key default true check (only_row),
  started_at timestamptz not null,
  notified integer not null
);
comment on table private.notify_window is
  'How many rows have been numbered for the team''s notifications since started_at; see the notify_ceiling migration.';
insert into private.notify_window (started_at, notified) values ('-infinity', 0);
alter table private.notify_window enable row level security;
revoke all on table private.notify_window from public, anon, authenticated;

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
  window_length interval;
  number integer;
  since timestamptz;
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

  select l.max_rows, l.window_length into ceiling, window_length from private.form_limits l where l.name = 'notifications';
  update private.notify_window w set
    notified = case when w.started_at > now() - window_length then w.notified + 1 else 1 end,
    started_at = case when w.started_at > now() - window_length then w.started_at else now() end
  returning w.notified, w.started_at into number, since;
  if number > ceiling + 1 then
    return null;
  end if;

  perform net.http_post(
    url := url,
    body := jsonb_build_object(
      'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new), 'old_record', null,
      'notification', jsonb_build_object(
        'number', number, 'limit', ceiling, 'window_started_at', since, 'window_ends_at', since + window_length)),
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

revoke all on function private.notify_submission() from public, anon, authenticated;
