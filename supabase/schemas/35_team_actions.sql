-- The team acts from its messages: Release a held row, Erase a sender.
--
-- A digest or a held alert lists its held rows with a "Release" and an "Erase sender" link, and a
-- lead's own message an "Erase sender" link. A link opens the website's page /team-action, which
-- acts only when its button is pressed, by a POST to the notify-submission Edge Function; the
-- function checks the link (signed with a key only it has, 7 days, supabase/functions/
-- notify-submission/links.ts) and calls, as the service role, the one function below that does
-- what the link says. Nothing else: anon and authenticated may call none of them.
--
--   team_describe_row(row, link)        what a Release link would do (the row as the message showed it)
--   team_release(row, link, expires)    the held row becomes a normal row and is announced on its own
--   team_describe_sender(email, …)      what an Erase sender link would do (the rows it would erase)
--   team_erase(email, key, link, …)     the address's rows its message could have shown deleted
--   team_held_rows(digest, skip, take)  a digest's held rows, 200 at a time (its list link)
--
-- A link works once: its id (its signature) is written to private.team_actions in the same
-- transaction as what it did, before it does it, so two presses at once queue on the ledger's key
-- and the second finds what the first did, and when. A Release link that did nothing (the row was
-- already released or erased) leaves no entry, and says why each time; an Erase sender link is used
-- once pressed, even when it found nothing to erase. The ledger keeps a sender by the
-- function's keyed hash of the address, never the address, so it can say "already erased on …"
-- without keeping what was erased; it is purged after 14 days (50_retention_and_erasure.sql).
--
-- An Erase sender link erases only what the team could have seen: the address's rows stored up to
-- the end of the second its message was written (the function reads that time from the link). A
-- row stored later, by the same person writing again or by a bot borrowing the address, was in no
-- message the link came with: it is kept, and the page says so. Erasing every row of an address
-- (a person's request under the privacy policy) is public.erase_submitter's.

create table private.team_actions (
  -- The link's signature (base64url of an HMAC-SHA-256): the link itself could not be rebuilt from it.
  link_id text primary key check (char_length(link_id) between 16 and 100),
  action text not null check (action in ('release', 'erase')),
  -- release: the row.
  row_id uuid,
  -- erase: the sender, as the function's HMAC of the address (trimmed, lower case).
  sender_key text check (char_length(sender_key) <= 100),
  -- The rows it released or deleted (an erased row's id says nothing of its sender).
  row_ids uuid[] not null default '{}',
  row_count integer not null default 0,
  acted_at timestamptz not null default now(),
  link_expires_at timestamptz not null,
  check ((action = 'release') = (row_id is not null)),
  check ((action = 'erase') = (sender_key is not null))
);

comment on table private.team_actions is
  'Release and Erase sender links of the team''s messages that did something: when and what, so a link works once. Purged after 14 days.';

create index team_actions_sender_idx on private.team_actions (sender_key) where sender_key is not null;

alter table private.team_actions enable row level security;
revoke all on table private.team_actions from public, anon, authenticated;

-- What a link already did: {action, at, count}, or null.
create function private.team_link_use(link text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('action', a.action, 'at', a.acted_at, 'count', a.row_count) from private.team_actions a where a.link_id = link
$$;

-- Where a row is and whether it is held: (table, held, released_at), no row when there is none.
create function private.team_row_state(row_id uuid, out row_table text, out held boolean, out released_at timestamptz)
returns setof record
language sql
stable
set search_path = ''
as $$
  select 'contact_submissions', c.held, c.released_at from public.contact_submissions c where c.id = row_id
  union all
  select 'job_applications', j.held, j.released_at from public.job_applications j where j.id = row_id
$$;

-- Why a row cannot be released, as the function answers it: gone (erased by a link: when), already
-- released (when), or never held.
create function private.team_not_released(row_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  state record;
begin
  select * into state from private.team_row_state(team_not_released.row_id);
  if not found then
    return jsonb_strip_nulls(jsonb_build_object('outcome', 'gone', 'state', 'gone', 'erased_at',
      (select max(a.acted_at) from private.team_actions a where a.action = 'erase' and team_not_released.row_id = any(a.row_ids))));
  end if;
  if state.released_at is not null then
    return jsonb_build_object('outcome', 'already_released', 'state', 'released', 'at', state.released_at, 'released_at', state.released_at);
  end if;
  return jsonb_build_object('outcome', 'not_held', 'state', 'normal');
end
$$;

create function public.team_describe_row(row_id uuid, link_id text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  used jsonb := private.team_link_use(team_describe_row.link_id);
  state record;
begin
  select * into state from private.team_row_state(team_describe_row.row_id);
  if found and state.held then
    return jsonb_strip_nulls(jsonb_build_object('used', used, 'state', 'held', 'row', private.held_row(state.row_table, team_describe_row.row_id)));
  end if;
  return jsonb_strip_nulls((private.team_not_released(team_describe_row.row_id) - 'outcome' - 'at') || jsonb_build_object('used', used));
end
$$;

comment on function public.team_describe_row(uuid, text) is
  'What a Release link would do: the held row as the team''s message showed it, or why it cannot be released; whether the link was used. Changes nothing.';

create function public.team_release(row_id uuid, link_id text, link_expires_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_table text;
  digest bigint;
begin
  insert into private.team_actions (link_id, action, row_id, link_expires_at)
    values (team_release.link_id, 'release', team_release.row_id, team_release.link_expires_at)
    on conflict on constraint team_actions_pkey do nothing;
  if not found then
    return jsonb_build_object('outcome', 'link_used', 'used', private.team_link_use(team_release.link_id));
  end if;
  update public.contact_submissions c set held = false, released_at = now()
    where c.id = team_release.row_id and c.held returning 'contact_submissions', c.digest_id into row_table, digest;
  if row_table is null then
    update public.job_applications j set held = false, released_at = now()
      where j.id = team_release.row_id and j.held returning 'job_applications', j.digest_id into row_table, digest;
  end if;
  if row_table is null then
    -- Nothing to release: the link stays as it was, and says why each time.
    delete from private.team_actions a where a.link_id = team_release.link_id;
    return private.team_not_released(team_release.row_id) - 'state' - 'released_at';
  end if;
  update private.team_actions a set row_ids = array[team_release.row_id], row_count = 1 where a.link_id = team_release.link_id;
  -- A lead of its own, through the outbox like every row's own message (a held row never had one,
  -- so its key is free): confirmed by the drain, retried until the function answers 2xx.
  perform private.notify_enqueue(
    format('row:%s:%s', row_table, team_release.row_id), 'row',
    jsonb_build_object('type', 'INSERT', 'table', row_table, 'schema', 'public', 'old_record', null,
      'released', jsonb_build_object('at', now(), 'digest_id', digest)),
    row_table, team_release.row_id);
  return jsonb_build_object('outcome', 'released', 'at', now());
end
$$;

comment on function public.team_release(uuid, text, timestamptz) is
  'A Release link: the held row becomes a normal row and is announced on its own, once per link; returns what it did (or what the link did before, or why it cannot).';

-- Every row of an address (trimmed, case-insensitive, as erase_submitter compares) and whether its
-- message could have shown it: stored before the end of the second `message_at` (links carry whole
-- seconds, so a row of that same second counts as seen).
create function private.team_sender_rows(email text, message_at timestamptz)
returns table (row_table text, row_id uuid, created_at timestamptz, held boolean, seen boolean)
language sql
stable
set search_path = ''
as $$
  select r.row_table, r.row_id, r.created_at, r.held, r.created_at < date_trunc('second', message_at) + interval '1 second'
  from (
    select 'contact_submissions' as row_table, c.id as row_id, c.created_at, c.held
      from public.contact_submissions c where lower(c.email) = lower(btrim(team_sender_rows.email))
    union all
    select 'job_applications', j.id, j.created_at, j.held
      from public.job_applications j where lower(j.email) = lower(btrim(team_sender_rows.email))
  ) r
$$;

-- When a link last erased rows of this sender (a link that found nothing erased nothing).
create function private.team_sender_erased_at(sender_key text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select max(a.acted_at) from private.team_actions a
  where a.action = 'erase' and a.sender_key = team_sender_erased_at.sender_key and a.row_count > 0
$$;

create function public.team_describe_sender(email text, sender_key text, link_id text, message_at timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (select * from private.team_sender_rows(team_describe_sender.email, team_describe_sender.message_at)),
  shown as (select * from mine m where m.seen order by m.created_at desc, m.row_id desc limit 50)
  select jsonb_strip_nulls(jsonb_build_object(
    'used', private.team_link_use(team_describe_sender.link_id),
    'total', (select count(*) from mine m where m.seen),
    'rows', coalesce((select jsonb_agg(private.held_row(s.row_table, s.row_id) || jsonb_build_object('held', s.held)
      order by s.created_at desc, s.row_id desc) from shown s), '[]'),
    'kept', (select count(*) from mine m where not m.seen),
    'erased_at', private.team_sender_erased_at(team_describe_sender.sender_key)))
$$;

comment on function public.team_describe_sender(text, text, text, timestamptz) is
  'What an Erase sender link would do: the address''s rows stored up to its message (how many, the newest 50), how many newer ones it keeps, when it was last erased by a link, whether the link was used. Changes nothing.';

create function public.team_erase(email text, sender_key text, link_id text, link_expires_at timestamptz, message_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  seen_ids uuid[];
  kept integer;
  ids uuid[];
begin
  -- Recorded before anything is deleted, and kept even when nothing is: a link acts once.
  insert into private.team_actions (link_id, action, sender_key, link_expires_at)
    values (team_erase.link_id, 'erase', team_erase.sender_key, team_erase.link_expires_at)
    on conflict on constraint team_actions_pkey do nothing;
  if not found then
    return jsonb_build_object('outcome', 'link_used', 'used', private.team_link_use(team_erase.link_id));
  end if;
  select coalesce(array_agg(r.row_id) filter (where r.seen), '{}'), count(*) filter (where not r.seen)
    into seen_ids, kept from private.team_sender_rows(team_erase.email, team_erase.message_at) r;
  -- By id, returning what was really deleted: another link erasing the same rows at once gets none of them.
  with requests as (delete from public.contact_submissions c where c.id = any(seen_ids) returning c.id),
  applications as (delete from public.job_applications j where j.id = any(seen_ids) returning j.id)
  select coalesce(array_agg(g.id), '{}') into ids from (select id from requests union all select id from applications) g;
  update private.team_actions a set row_ids = ids, row_count = cardinality(ids) where a.link_id = team_erase.link_id;
  if cardinality(ids) = 0 then
    return jsonb_strip_nulls(jsonb_build_object('outcome', 'nothing_stored', 'kept', kept,
      'erased_at', private.team_sender_erased_at(team_erase.sender_key)));
  end if;
  return jsonb_build_object('outcome', 'erased', 'at', now(), 'count', cardinality(ids), 'kept', kept);
end
$$;

comment on function public.team_erase(text, text, text, timestamptz, timestamptz) is
  'An Erase sender link: the address''s rows stored up to its message deleted (later ones kept), once per link, recorded even when it found none; returns what it did (or what the link did before). erase_submitter erases every row.';

create function public.team_held_rows(digest_id bigint, skip integer, take integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when exists (select 1 from private.notify_digests d where d.id = team_held_rows.digest_id and d.id <> 0) then
    (select jsonb_build_object('total', h -> 'held_total', 'rows', h -> 'held_rows')
     from private.held_rows(team_held_rows.digest_id, null, team_held_rows.skip, team_held_rows.take) h)
  end
$$;

comment on function public.team_held_rows(bigint, integer, integer) is
  'A digest''s rows still held, newest first, at most 200 from `skip`, as its messages show them, and how many there are; null when the digest is gone.';

revoke all on function private.team_link_use(text) from public, anon, authenticated;
revoke all on function private.team_row_state(uuid) from public, anon, authenticated;
revoke all on function private.team_not_released(uuid) from public, anon, authenticated;
revoke all on function public.team_describe_row(uuid, text) from public, anon, authenticated;
revoke all on function public.team_release(uuid, text, timestamptz) from public, anon, authenticated;
revoke all on function private.team_sender_rows(text, timestamptz) from public, anon, authenticated;
revoke all on function private.team_sender_erased_at(text) from public, anon, authenticated;
revoke all on function public.team_describe_sender(text, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.team_erase(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.team_held_rows(bigint, integer, integer) from public, anon, authenticated;
grant execute on function public.team_describe_row(uuid, text) to service_role;
grant execute on function public.team_release(uuid, text, timestamptz) to service_role;
grant execute on function public.team_describe_sender(text, text, text, timestamptz) to service_role;
grant execute on function public.team_erase(text, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.team_held_rows(bigint, integer, integer) to service_role;
