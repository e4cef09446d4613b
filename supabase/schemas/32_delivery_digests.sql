-- Digests: every row without a message of its own is counted, once, in a message the team gets.
--
-- Every stored row ends in a state the team can see: announced on its own (`announced_at`, set
-- when that delivery is confirmed) or counted in a digest (`digest_id`) whose delivery is
-- confirmed. A row without its own announcement, for whatever reason (held, over a ceiling, or
-- an error in the trigger), is taken into the next digest by the drain once its window has
-- ended: one row of private.notify_digests, one message with the counts and the query that lists
-- exactly those rows. A row that commits after its window's digest joins the next one.

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
-- The team's view (34_team_inbox.sql) reads it as the caller.
grant select on table private.notify_digests to service_role;

-- Digest 0 stands for the rows stored before deliveries were tracked: the migration that added
-- the outbox (20261127043000) counted every existing row in it.
insert into private.notify_digests (id, first_at, last_at, note)
  overriding system value
  values (0, null, null, 'stored before deliveries were tracked');

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

revoke all on function private.notify_take_digest(boolean, timestamptz) from public, anon, authenticated;
