-- A flood never costs a real lead: what is over a shared ceiling is held, not refused.
--
-- Refused (429) only for reasons tied to one sender: per_address, per_client, per_client_day.
-- Held instead: a row from a sender within its own limits while its table is over per_table,
-- its network over per_prefix, or (requests without a usable client address) the shared bucket
-- over its limits. A held row is stored with `held = true` and the visitor gets the same 201 as
-- anyone. It is not announced to the team one by one (31_delivery_notify.sql: one alert when a
-- window's first row is held, then the digest), is listed in private.held_submissions and
-- private.form_inbox, released with public.release_held_submissions(ids) or a Release link of
-- the team's messages (35_team_actions.sql), deleted after 30 days by purge_expired_submissions()
-- and erased by erase_submitter() like every row. A digest and a held alert carry their first 50
-- held rows (private.held_rows, read when the message is posted: 30_delivery_outbox.sql).
--
-- Holding rather than refusing: three client addresses can fill per_table, and IPv6 makes
-- addresses free, so refusing there would let one person keep the forms closed.
--
-- Held rows and rows per network are counted per hour in private.form_usage: the held rows'
-- daily budget (held_per_day) and a network's share (prefix_share) read it without a lock
-- (23_storage_budget.sql, private.form_capacity_wait).

create table private.form_usage (
  -- sha256 hex of 'prefix:<network>' or 'held:<0-7>' (held rows, in eight rows so concurrent held inserts rarely wait for one another).
  key text not null,
  hour timestamptz not null,
  rows integer not null,
  primary key (key, hour)
);

comment on table private.form_usage is
  'Rows stored per network and held rows, per hour; read for the storage cap''s shares, purged after a day.';

alter table private.form_usage enable row level security;
revoke all on table private.form_usage from public, anon, authenticated;

-- Rows counted under `usage_key` within `window_length` (hour buckets: a bucket counts while its hour overlaps the window).
create function private.form_usage_rows(usage_key text, window_length interval)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(u.rows), 0) from private.form_usage u
  where u.key = private.form_digest(usage_key) and u.hour > now() - window_length - interval '1 hour'
$$;

create function private.form_usage_add(usage_key text)
returns void
language sql
set search_path = ''
as $$
  insert into private.form_usage as u (key, hour, rows) values (private.form_digest(usage_key), date_trunc('hour', now()), 1)
  on conflict (key, hour) do update set rows = u.rows + 1
$$;

-- The held rows, for review (supabase/README.md, "Reviewing and releasing held rows").
create view private.held_submissions with (security_invoker = true) as
  select 'contact_submissions'::text as table_name, c.id, c.email, c.first_name || ' ' || c.last_name as name,
         left(c.message, 200) as excerpt, c.created_at
  from public.contact_submissions c where c.held
  union all
  select 'job_applications', j.id, j.email, j.full_name, left(j.cover_letter, 200), j.created_at
  from public.job_applications j where j.held;

comment on view private.held_submissions is
  'Held rows of both tables, newest first by created_at when ordered; release with public.release_held_submissions(ids).';

revoke all on table private.held_submissions from public, anon, authenticated;
grant select on table private.held_submissions to service_role;

-- A released row is a normal row again: kept for its table's full period and not announced
-- (the reviewer has seen it). The team's Release link (35_team_actions.sql) does the same for one
-- row and announces it.
create function public.release_held_submissions(ids uuid[])
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

-- ---------------------------------------------------------------------------
-- Held rows as the team is shown them: in a digest, a held alert and on the actions page
-- ---------------------------------------------------------------------------
-- One row as a message shows it: its table, id and time, the columns its form wrote with the long
-- texts cut to 200 characters (a line of them is shown; the team tells a real lead from the flood
-- by it), and where it came from. Nothing else leaves the database this way. Null for no such row.
create function private.held_row(row_table text, row_id uuid)
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

-- The rows still held of a digest (`digest`), or stored since `since` (a held alert's window),
-- newest first: `take` of them (at most 200: a message takes 50, the actions page's list 200 a
-- request) after `skip`, and how many there are, as {"held_rows": [held_row …], "held_total": n}.
create function private.held_rows(digest bigint, since timestamptz, skip integer, take integer)
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

comment on function public.release_held_submissions(uuid[]) is
  'Makes the held rows with these ids normal rows again (kept for the table''s full period); returns how many.';

revoke all on function private.form_usage_rows(text, interval) from public, anon, authenticated;
revoke all on function private.form_usage_add(text) from public, anon, authenticated;
revoke all on function public.release_held_submissions(uuid[]) from public, anon, authenticated;
revoke all on function private.held_row(text, uuid) from public, anon, authenticated;
revoke all on function private.held_rows(bigint, timestamptz, integer, integer) from public, anon, authenticated;
grant execute on function public.release_held_submissions(uuid[]) to service_role;
