-- A stored row's own message, or none: notifications that cannot bury the team.
--
-- Rows are announced within a notification window (the `notifications` limit: 10 in 10
-- minutes, starting with the first row after the last window ended). A row is posted on its own
-- while its sender (client address, IPv6 /64) has had fewer than `notifications_per_client` (3)
-- messages in the window and the team fewer than `notifications` (10); held rows never are. So a
-- client sending junk gets 3 messages and a visitor's lead after it still gets its own; a flood
-- from many senders stops at 10. Every other row waits for the next digest
-- (32_delivery_digests.sql), which counts rows, not events.
--
-- The window is one row, locked by each posted row until it commits, so rows are numbered one
-- after the other; a held row inside an open window takes no lock on it, so a flood of held rows
-- does not queue for it. The first held row of a window posts a short alert at once.
--
-- The trigger never fails the insert: any error leaves the row for the digest.

create table private.notify_window (
  only_row boolean primary key default true check (only_row),
  started_at timestamptz not null,
  notified integer not null,
  -- Which window's held alert was raised (read by every held row without a lock, so later held
  -- rows of a window skip the alert at no cost).
  held_alert_for timestamptz
);

comment on table private.notify_window is
  'How many rows have been numbered for the team''s notifications since started_at; see the notify_ceiling migration.';

comment on column private.notify_window.notified is 'Rows posted to the team one by one in this window; the rest are counted per sender (notify_senders).';

insert into private.notify_window (started_at, notified) values ('-infinity', 0);

alter table private.notify_window enable row level security;
revoke all on table private.notify_window from public, anon, authenticated;

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

-- A time in a delivery key, in UTC whatever the session's TimeZone, so one instant is one key.
create function private.notify_key_time(instant timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(instant at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

-- An alert's body (held rows here; capacity refusals and the storage budget in the drain).
create function private.notify_alert_body(alert jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('type', 'ALERT', 'schema', 'public', 'alert', alert || jsonb_build_object('review', 'private.form_inbox'))
$$;

-- The first held row of a notification window: one short alert, posted at once.
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

-- After each stored row (the trigger notify_submission, 40_form_insert.sql): posted on its own
-- while its sender and the team are under their ceilings in the notification window (never when
-- held), through the outbox; every other row waits for the next digest, which the scheduled drain
-- takes from the table itself. Any error here leaves the row for that digest.
create function private.notify_submission()
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

revoke all on function private.notify_count_sender(timestamptz, text, boolean, boolean, integer) from public, anon, authenticated;
revoke all on function private.notify_key_time(timestamptz) from public, anon, authenticated;
revoke all on function private.notify_alert_body(jsonb) from public, anon, authenticated;
revoke all on function private.notify_alert_held(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.notify_submission() from public, anon, authenticated;
