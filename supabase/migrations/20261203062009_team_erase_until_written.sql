-- An Erase sender link erases only what the team could have seen (schemas/35_team_actions.sql):
-- the address's rows stored up to the end of the second its message was written, a time the
-- function reads from the link and passes as `message_at`. A later row is kept and counted, so the
-- page can say so; the page lists what will go (the newest 50) before its button. A link that found
-- nothing to erase is recorded as used too (it used to leave no entry and keep working). Erasing
-- every row of an address stays public.erase_submitter's.
--
-- Both functions get a new argument, so the old ones are dropped: deploy the function
-- (supabase functions deploy notify-submission) right after this migration; until then its erase
-- calls answer "unavailable" and erase nothing.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

drop function public.team_describe_sender(text, text, text);
drop function public.team_erase(text, text, text, timestamptz);

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

revoke all on function private.team_sender_rows(text, timestamptz) from public, anon, authenticated;
revoke all on function private.team_sender_erased_at(text) from public, anon, authenticated;
revoke all on function public.team_describe_sender(text, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.team_erase(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.team_describe_sender(text, text, text, timestamptz) to service_role;
grant execute on function public.team_erase(text, text, text, timestamptz, timestamptz) to service_role;
