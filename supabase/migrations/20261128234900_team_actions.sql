-- The team acts from its messages: Release a held row, Erase a sender (35_team_actions.sql), and where
-- each lead came from (the source columns, 10_form_tables.sql and 11_form_text_rules.sql).
--
--   * Both form tables get the columns a form fills with where its lead came from (sent_from,
--     landing_page, referrer_origin, utm_source, utm_medium, utm_campaign): optional, each bounded
--     and checked like every column a visitor writes, insertable by anon and authenticated; and
--     released_at, which only the database writes.
--   * The storage budget leaves released_at out of a row's bytes, like the other columns the
--     database keeps (a release never moves the count), and counts the rows again: a row stored
--     before this migration now shows its new columns (null) to the delete trigger, so its bytes
--     are measured anew rather than given back wrong.
--   * A digest and a held alert carry their first 50 held rows when posted (22_held_rows.sql,
--     30_delivery_outbox.sql); release_held_submissions() notes when.
--   * The team's actions: the ledger that makes a link work once and the five functions the
--     notify-submission function calls as the service role (35_team_actions.sql); the bookkeeping
--     purge trims and measures the ledger.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- ---------------------------------------------------------------------------
-- Where each lead came from, and when a held row was released
-- ---------------------------------------------------------------------------
alter table public.contact_submissions
  add column sent_from text constraint contact_submissions_sent_from_check check (char_length(sent_from) <= 300),
  add column landing_page text constraint contact_submissions_landing_page_check check (char_length(landing_page) <= 300),
  add column referrer_origin text constraint contact_submissions_referrer_origin_check check (char_length(referrer_origin) <= 300),
  add column utm_source text constraint contact_submissions_utm_source_check check (char_length(utm_source) <= 100),
  add column utm_medium text constraint contact_submissions_utm_medium_check check (char_length(utm_medium) <= 100),
  add column utm_campaign text constraint contact_submissions_utm_campaign_check check (char_length(utm_campaign) <= 100),
  add column released_at timestamptz;

alter table public.job_applications
  add column sent_from text constraint job_applications_sent_from_check check (char_length(sent_from) <= 300),
  add column landing_page text constraint job_applications_landing_page_check check (char_length(landing_page) <= 300),
  add column referrer_origin text constraint job_applications_referrer_origin_check check (char_length(referrer_origin) <= 300),
  add column utm_source text constraint job_applications_utm_source_check check (char_length(utm_source) <= 100),
  add column utm_medium text constraint job_applications_utm_medium_check check (char_length(utm_medium) <= 100),
  add column utm_campaign text constraint job_applications_utm_campaign_check check (char_length(utm_campaign) <= 100),
  add column released_at timestamptz;

comment on column public.contact_submissions.sent_from is 'The website''s page the form was sent from (a path).';
comment on column public.contact_submissions.landing_page is 'The first page of the visit in that browser tab (a path, never its query).';
comment on column public.contact_submissions.referrer_origin is 'The origin of the site that linked to the landing page (never its path or query); null for none or this site.';
comment on column public.contact_submissions.utm_campaign is 'utm_campaign of the landing page''s address; utm_source and utm_medium beside it.';
comment on column public.contact_submissions.released_at is 'When the team released this row from held; it was then announced as a lead of its own.';
comment on column public.job_applications.sent_from is 'The website''s page the form was sent from (a path).';
comment on column public.job_applications.landing_page is 'The first page of the visit in that browser tab (a path, never its query).';
comment on column public.job_applications.referrer_origin is 'The origin of the site that linked to the landing page (never its path or query); null for none or this site.';
comment on column public.job_applications.utm_campaign is 'utm_campaign of the landing page''s address; utm_source and utm_medium beside it.';
comment on column public.job_applications.released_at is 'When the team released this row from held; it was then announced as a lead of its own.';

grant insert (sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign)
  on table public.contact_submissions to anon, authenticated;
grant insert (sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign)
  on table public.job_applications to anon, authenticated;

-- What each new column may hold (NOT VALID like the other text rules; every stored row has null there).
do $$
declare
  control constant text := '\u0001-\u001F\u007F-\u009F';
  control_but_tab_newline constant text := '\u0001-\u0008\u000B-\u001F\u007F-\u009F';
  spaces constant text := '\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000';
  bidi_embedding constant text := '\u202A-\u202E\u2066-\u2069';
  -- Soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul fillers,
  -- Khmer inherent vowels, Mongolian selectors, zero-width characters and
  -- marks, word joiner and invisible operators, braille blank, variation
  -- selectors, byte-order mark, specials, shorthand and musical format
  -- characters, tag characters and the supplementary variation selectors.
  format_but_bidi_embedding constant text :=
    '\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2065\u206A-\u206F\u2800\u3164'
    '\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF';
  invisible constant text := spaces || format_but_bidi_embedding || bidi_embedding;
  not_in_address constant text := control || invisible || '<>"''`';
  label_character constant text :=
    '[^\u0001-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u00A0' || invisible || '\u3002\uFF0C\uFF0E\uFF1F\uFF20\uFF61]';
  label constant text := label_character || '+(?:-+' || label_character || '+)*';

  short_text constant text := format('^(?:[%s%s]*[^%s%s][^%s%s]*)$',
    spaces, format_but_bidi_embedding, control, invisible, control, bidi_embedding);
  long_text constant text := format('^(?:[%s\t\n]*[^%s%s][^%s]*)$', invisible, control, invisible, control_but_tab_newline);
  email constant text := format('^(?:[^@%s]+@%s(?:\.%s)+)$', not_in_address, label, label);
  link constant text := format('^(?:[Hh][Tt][Tt][Pp][Ss]?://[^%s]+)$', not_in_address);
  site_path constant text := '^/[A-Za-z0-9._~!$&()*+,;=:@%/-]*$';
  origin constant text := '^https?://(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$';

  rule record;
begin
  for rule in
    select * from (values
      ('contact_submissions', 'sent_from', site_path, true),
      ('contact_submissions', 'landing_page', site_path, true),
      ('contact_submissions', 'referrer_origin', origin, true),
      ('contact_submissions', 'utm_source', short_text, true),
      ('contact_submissions', 'utm_medium', short_text, true),
      ('contact_submissions', 'utm_campaign', short_text, true),
      ('job_applications', 'sent_from', site_path, true),
      ('job_applications', 'landing_page', site_path, true),
      ('job_applications', 'referrer_origin', origin, true),
      ('job_applications', 'utm_source', short_text, true),
      ('job_applications', 'utm_medium', short_text, true),
      ('job_applications', 'utm_campaign', short_text, true)
    ) as r(table_name, column_name, pattern, nullable)
  loop
    execute format(
      'alter table public.%1$I add constraint %2$I check (%3$s) not valid',
      rule.table_name,
      rule.table_name || '_' || rule.column_name || '_text_check',
      case when rule.nullable
        then format('%1$I is null or %1$I ~ %2$L', rule.column_name, rule.pattern)
        else format('%1$I ~ %2$L', rule.column_name, rule.pattern)
      end);
  end loop;
end;
$$;


-- The storage budget: a row's bytes without released_at, and every stored row counted anew.
create or replace function private.form_row_bytes(fields jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select octet_length((fields - array['held', 'announced_at', 'digest_id', 'released_at', 'created_at'])::text)::bigint * 6 / 5 + 100
$$;

-- The tables are locked by the columns added above: no insert or delete runs meanwhile.
update private.form_storage s set rows = 0, bytes = 0 where s.part in ('contact_submissions', 'job_applications');
update private.form_storage s set rows = c.n, bytes = c.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(t))), 0) as b from public.contact_submissions t where not t.held) c
where s.part = 'contact_submissions' and s.shard = 0;
update private.form_storage s set rows = c.n, bytes = c.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(t))), 0) as b from public.contact_submissions t where t.held) c
where s.part = 'contact_submissions' and s.shard = 8;
update private.form_storage s set rows = c.n, bytes = c.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(t))), 0) as b from public.job_applications t where not t.held) c
where s.part = 'job_applications' and s.shard = 0;
update private.form_storage s set rows = c.n, bytes = c.b
from (select count(*) as n, coalesce(sum(private.form_row_bytes(to_jsonb(t))), 0) as b from public.job_applications t where t.held) c
where s.part = 'job_applications' and s.shard = 8;

-- A staff edit of a source column changes the row's bytes like an edit of any column a visitor wrote.
drop trigger form_storage_update on public.contact_submissions;
drop trigger form_storage_update on public.job_applications;
create trigger form_storage_update after update of first_name, last_name, email, company, message, status,
    sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign on public.contact_submissions
  for each row execute function private.form_storage_updated();
create trigger form_storage_update after update of full_name, email, expertise, experience, portfolio_url, cover_letter,
    sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign on public.job_applications
  for each row execute function private.form_storage_updated();

-- ---------------------------------------------------------------------------
-- Held rows as the team is shown them, and when one was released
-- ---------------------------------------------------------------------------
create or replace function public.release_held_submissions(ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requests integer;
  applications integer;
begin
  update public.contact_submissions c set held = false, released_at = now() where c.id = any(ids) and c.held;
  get diagnostics requests = row_count;
  update public.job_applications j set held = false, released_at = now() where j.id = any(ids) and j.held;
  get diagnostics applications = row_count;
  return requests + applications;
end
$$;

create or replace function private.held_row(row_table text, row_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case row_table
    when 'contact_submissions' then (
      select jsonb_build_object('table', row_table, 'record', jsonb_build_object(
        'id', c.id, 'created_at', c.created_at, 'first_name', c.first_name, 'last_name', c.last_name, 'email', c.email,
        'company', c.company, 'message', left(c.message, 200), 'status', c.status,
        'sent_from', c.sent_from, 'landing_page', c.landing_page, 'referrer_origin', c.referrer_origin,
        'utm_source', c.utm_source, 'utm_medium', c.utm_medium, 'utm_campaign', c.utm_campaign))
      from public.contact_submissions c where c.id = row_id)
    when 'job_applications' then (
      select jsonb_build_object('table', row_table, 'record', jsonb_build_object(
        'id', j.id, 'created_at', j.created_at, 'full_name', j.full_name, 'email', j.email, 'expertise', j.expertise,
        'experience', j.experience, 'portfolio_url', j.portfolio_url, 'cover_letter', left(j.cover_letter, 200),
        'sent_from', j.sent_from, 'landing_page', j.landing_page, 'referrer_origin', j.referrer_origin,
        'utm_source', j.utm_source, 'utm_medium', j.utm_medium, 'utm_campaign', j.utm_campaign))
      from public.job_applications j where j.id = row_id)
  end
$$;

create or replace function private.held_rows(digest bigint, since timestamptz, skip integer, take integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with held as (
    select 'contact_submissions'::text as row_table, c.id, c.created_at from public.contact_submissions c
    where c.held and (digest is null or c.digest_id = digest) and (since is null or c.created_at >= since)
    union all
    select 'job_applications', j.id, j.created_at from public.job_applications j
    where j.held and (digest is null or j.digest_id = digest) and (since is null or j.created_at >= since)
  ), shown as (
    select h.* from held h order by h.created_at desc, h.id desc offset greatest(skip, 0) limit least(greatest(take, 0), 200)
  )
  select jsonb_build_object(
    'held_rows', coalesce((select jsonb_agg(private.held_row(s.row_table, s.id) order by s.created_at desc, s.id desc) from shown s), '[]'),
    'held_total', (select count(*) from held))
$$;

revoke all on function private.held_row(text, uuid) from public, anon, authenticated;
revoke all on function private.held_rows(bigint, timestamptz, integer, integer) from public, anon, authenticated;

-- A digest and a held alert carry their first held rows.
create or replace function private.notify_send(entry_id bigint, endpoint_url text, endpoint_secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry private.notify_outbox;
  payload jsonb;
  record jsonb;
  request bigint;
begin
  select * into entry from private.notify_outbox o where o.id = entry_id;
  if endpoint_url is null or entry.delivered_at is not null or entry.dropped_at is not null then
    return false;
  end if;
  payload := entry.body;
  if entry.kind = 'row' then
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', entry.table_name) into record using entry.row_id;
    if record is null then
      update private.notify_outbox o set dropped_at = now(), dropped_reason = 'the row was deleted (erased or expired) before it was announced',
        request_id = null where o.id = entry_id;
      return false;
    end if;
    payload := payload || jsonb_build_object('record', record);
  elsif entry.kind = 'digest' and entry.digest_id is not null then
    -- Its first held rows, still held now (an erased or released row is not offered again).
    payload := jsonb_set(payload, '{summary}', (payload -> 'summary') || private.held_rows(entry.digest_id, null, 0, 50));
  elsif entry.kind = 'alert' and payload #>> '{alert,kind}' = 'held' then
    payload := jsonb_set(payload, '{alert}',
      (payload -> 'alert') || private.held_rows(null, (payload #>> '{alert,window_started_at}')::timestamptz, 0, 50));
  end if;
  payload := payload || jsonb_build_object('delivery', jsonb_build_object('key', entry.key, 'attempt', entry.attempts + 1));
  request := net.http_post(
    url := endpoint_url,
    body := payload,
    params := '{}'::jsonb,
    headers := jsonb_build_object('content-type', 'application/json', 'x-webhook-secret', endpoint_secret),
    -- The function retries a slow destination itself (3 attempts of up to 4 s plus waits).
    timeout_milliseconds := 20000
  );
  update private.notify_outbox o set request_id = request, sent_at = now(), attempts = o.attempts + 1
    where o.id = entry_id;
  return true;
end
$$;

-- ---------------------------------------------------------------------------
-- The team's actions
-- ---------------------------------------------------------------------------
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

create function public.team_describe_sender(email text, sender_key text, link_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'used', private.team_link_use(team_describe_sender.link_id),
    'rows', jsonb_build_object(
      'contact_submissions', (select count(*) from public.contact_submissions c where lower(c.email) = lower(btrim(team_describe_sender.email))),
      'job_applications', (select count(*) from public.job_applications j where lower(j.email) = lower(btrim(team_describe_sender.email)))),
    'erased_at', (select max(a.acted_at) from private.team_actions a where a.action = 'erase' and a.sender_key = team_describe_sender.sender_key)))
$$;

comment on function public.team_describe_sender(text, text, text) is
  'What an Erase sender link would do: how many rows the address has, when it was last erased by a link, whether the link was used. Changes nothing.';

create function public.team_erase(email text, sender_key text, link_id text, link_expires_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address constant text := lower(btrim(team_erase.email));
  ids uuid[];
  erased integer;
begin
  insert into private.team_actions (link_id, action, sender_key, link_expires_at)
    values (team_erase.link_id, 'erase', team_erase.sender_key, team_erase.link_expires_at)
    on conflict on constraint team_actions_pkey do nothing;
  if not found then
    return jsonb_build_object('outcome', 'link_used', 'used', private.team_link_use(team_erase.link_id));
  end if;
  select coalesce(array_agg(r.id), '{}') into ids from (
    select c.id from public.contact_submissions c where lower(c.email) = address
    union all
    select j.id from public.job_applications j where lower(j.email) = address) r;
  -- Erasure is erase_submitter's: one definition of what erasing a sender deletes.
  erased := public.erase_submitter(team_erase.email);
  if erased = 0 then
    delete from private.team_actions a where a.link_id = team_erase.link_id;
    return jsonb_strip_nulls(jsonb_build_object('outcome', 'nothing_stored', 'erased_at',
      (select max(a.acted_at) from private.team_actions a where a.action = 'erase' and a.sender_key = team_erase.sender_key)));
  end if;
  update private.team_actions a set row_ids = ids, row_count = erased where a.link_id = team_erase.link_id;
  return jsonb_build_object('outcome', 'erased', 'at', now(), 'count', erased);
end
$$;

comment on function public.team_erase(text, text, text, timestamptz) is
  'An Erase sender link: every row of the address deleted by erase_submitter, once per link; returns what it did (or what the link did before).';

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
revoke all on function public.team_describe_sender(text, text, text) from public, anon, authenticated;
revoke all on function public.team_erase(text, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.team_held_rows(bigint, integer, integer) from public, anon, authenticated;
grant execute on function public.team_describe_row(uuid, text) to service_role;
grant execute on function public.team_release(uuid, text, timestamptz) to service_role;
grant execute on function public.team_describe_sender(text, text, text) to service_role;
grant execute on function public.team_erase(text, text, text, timestamptz) to service_role;
grant execute on function public.team_held_rows(bigint, integer, integer) to service_role;

-- The bookkeeping purge trims the ledger and counts it.
create or replace function private.form_throttle_purge()
returns void
language plpgsql
set search_path = ''
as $$
declare
  relation text;
  measured bigint := 0;
  part bigint;
begin
  delete from private.form_throttle_keys
  where key in (
    select key from private.form_throttle_keys
    where last_at <= now() - (select max(window_length) from private.form_limits)
    limit 10000
    for update skip locked
  );
  delete from private.notify_senders
  where (window_started_at, sender) in (
    select window_started_at, sender from private.notify_senders
    where window_started_at < now() - interval '1 day'
    limit 10000
    for update skip locked
  );
  delete from private.form_usage
  where (key, hour) in (
    select key, hour from private.form_usage
    where hour < now() - (select max(window_length) from private.form_limits) - interval '1 hour'
    limit 10000
    for update skip locked
  );
  -- Delivered or dropped entries leave after 7 days (the row keeps announced_at or digest_id).
  delete from private.notify_outbox
  where id in (
    select id from private.notify_outbox
    where coalesce(delivered_at, dropped_at) < now() - interval '7 days'
    limit 10000
    for update skip locked
  );
  delete from private.notify_receipts where delivered_at < now() - interval '30 days';
  -- The ledger of the team's links: a link lives 7 days; what it did is told for a week after.
  delete from private.team_actions where acted_at < now() - interval '14 days';
  -- Digests outlive the rows they counted (kept 12 months at most).
  delete from private.notify_digests d where d.id <> 0 and d.created_at < now() - interval '13 months';
  -- The scheduled jobs' log: a day of it (pg_cron keeps every run otherwise: 525,000 a year for the drain alone).
  if to_regclass('cron.job_run_details') is not null then
    execute $sql$delete from cron.job_run_details d
      where d.end_time < now() - interval '1 day'
        and d.jobid in (select j.jobid from cron.job j
                        where j.jobname in ('notify-submission-drain', 'notify-submission-drain-half', 'form-throttle-purge', 'purge-expired-submissions'))$sql$;
  end if;
  -- What the bookkeeping takes, counted against storage_mb until the next measure (at most once a
  -- minute: a scan of every bookkeeping row, however often the purge is run by hand).
  if exists (select 1 from private.form_storage s where s.part = 'bookkeeping' and s.shard = 0 and s.measured_at > now() - interval '1 minute') then
    return;
  end if;
  foreach relation in array array['private.form_throttle_keys', 'private.form_usage', 'private.notify_senders',
                                   'private.notify_outbox', 'private.notify_receipts', 'private.notify_digests',
                                   'private.team_actions'] loop
    execute format('select coalesce(sum(pg_column_size(t.*) + 60), 0) from %s t', relation) into part;
    measured := measured + part;
  end loop;
  if to_regclass('cron.job_run_details') is not null then
    execute 'select coalesce(sum(pg_column_size(d.*) + 60), 0) from cron.job_run_details d' into part;
    measured := measured + part;
  end if;
  update private.form_storage s set rows = 0, bytes = case when s.shard = 0 then measured else 0 end, measured_at = now()
    where s.part = 'bookkeeping';
end
$$;
