-- The two tables the website's forms write to, and what visitors may do with them.
--
-- contact_submissions: the contact form and the demo-request form.
-- job_applications:    the careers and the product-team application forms.
--
-- The website writes with the public anon key (or, for a signed-in client, as
-- `authenticated`). Those roles may INSERT the columns the forms send and
-- nothing else: no SELECT, UPDATE or DELETE, and no policy that would let them
-- read a row. Staff read submissions with the service role or the dashboard.
-- Explicit revoke/grant statements make this independent of the project's
-- default privileges (which Supabase changed in 2026).
--
-- Every text column is bounded by a CHECK constraint. The bounds are the
-- maxLength of the form definitions (src/lib/forms/*.ts);
-- tests/db/forms.test.ts checks that both agree. What each column may hold
-- beyond its length is in 11_form_text_rules.sql; what an insert does (limits,
-- held rows, the team's message, the storage budget) in 40_form_insert.sql.

-- ---------------------------------------------------------------------------
-- contact_submissions
-- ---------------------------------------------------------------------------
create table public.contact_submissions (
  -- The browser generates the id, so a retried insert of the same submission
  -- fails on the primary key instead of storing it twice.
  id uuid primary key default gen_random_uuid(),
  first_name text not null
    constraint contact_submissions_first_name_check check (char_length(first_name) <= 100 and btrim(first_name) <> ''),
  last_name text not null
    constraint contact_submissions_last_name_check check (char_length(last_name) <= 100 and btrim(last_name) <> ''),
  email text not null
    constraint contact_submissions_email_check
      check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  company text
    constraint contact_submissions_company_check check (company is null or (char_length(company) <= 200 and btrim(company) <> '')),
  message text not null
    constraint contact_submissions_message_check check (char_length(message) <= 5000 and btrim(message) <> ''),
  status text not null default 'new'
    constraint contact_submissions_status_check check (status ~ '^[a-z_]{1,30}$'),
  created_at timestamptz not null default now(),
  -- Set by the database, never by a visitor (no column grant): the row was stored while its table or
  -- its sender's network was over a ceiling (22_held_rows.sql).
  held boolean not null default false,
  -- When the team's message about this row alone was confirmed, and the digest that counted it
  -- instead (30_delivery_outbox.sql, 32_delivery_digests.sql).
  announced_at timestamptz,
  digest_id bigint,
  -- Where the lead came from (src/lib/forms/visit-source.ts): the page it was sent from, the page the
  -- visit landed on, the origin of the site that linked there and the landing's utm_* values. Optional:
  -- the website sends what it has. What each may hold is in 11_form_text_rules.sql.
  sent_from text
    constraint contact_submissions_sent_from_check check (char_length(sent_from) <= 300),
  landing_page text
    constraint contact_submissions_landing_page_check check (char_length(landing_page) <= 300),
  referrer_origin text
    constraint contact_submissions_referrer_origin_check check (char_length(referrer_origin) <= 300),
  utm_source text
    constraint contact_submissions_utm_source_check check (char_length(utm_source) <= 100),
  utm_medium text
    constraint contact_submissions_utm_medium_check check (char_length(utm_medium) <= 100),
  utm_campaign text
    constraint contact_submissions_utm_campaign_check check (char_length(utm_campaign) <= 100),
  -- When the team released this row from held (35_team_actions.sql, public.release_held_submissions).
  released_at timestamptz
);

comment on table public.contact_submissions is
  'Contact and demo requests from the website. Insert-only for anon/authenticated; read with the service role.';

comment on column public.contact_submissions.message is
  'On demo requests, prefixed "[DEMO REQUEST] " or "[CONTACT] ".';

comment on column public.contact_submissions.status is
  'Workflow state for the team; the website only ever creates ''new''.';

comment on column public.contact_submissions.held is
  'Stored while the table or the sender''s network was over its ceiling: not announced singly, kept 30 days unless released (supabase/README.md).';

comment on column public.contact_submissions.announced_at is
  'When the team''s message about this row alone was confirmed delivered; null: not announced on its own (see digest_id).';

comment on column public.contact_submissions.digest_id is
  'The digest (private.notify_digests) that counted this row; 0: stored before deliveries were tracked.';

comment on column public.contact_submissions.sent_from is 'The website''s page the form was sent from (a path).';
comment on column public.contact_submissions.landing_page is 'The first page of the visit in that browser tab (a path, never its query).';
comment on column public.contact_submissions.referrer_origin is 'The origin of the site that linked to the landing page (never its path or query); null for none or this site.';
comment on column public.contact_submissions.utm_campaign is 'utm_campaign of the landing page''s address; utm_source and utm_medium beside it.';
comment on column public.contact_submissions.released_at is 'When the team released this row from held; it was then announced as a lead of its own.';

create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);
create index contact_submissions_held_idx on public.contact_submissions (created_at) where held;
-- The rows the next digest takes.
create index contact_submissions_unseen_idx on public.contact_submissions (created_at) where announced_at is null and digest_id is null;

alter table public.contact_submissions enable row level security;

revoke all on table public.contact_submissions from public, anon, authenticated;
grant insert (id, first_name, last_name, email, company, message, status,
              sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign)
  on table public.contact_submissions to anon, authenticated;
grant all on table public.contact_submissions to service_role;

-- Website visitors create new requests only: the status workflow and the
-- timestamp belong to the team and the database.
create policy "Visitors can submit new contact requests"
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (status = 'new' and created_at = now());

-- ---------------------------------------------------------------------------
-- job_applications
-- ---------------------------------------------------------------------------
create table public.job_applications (
  id uuid primary key default gen_random_uuid(),
  full_name text not null
    constraint job_applications_full_name_check check (char_length(full_name) <= 200 and btrim(full_name) <> ''),
  email text not null
    constraint job_applications_email_check
      check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  -- An expertise area, or on the product-team form "<product> - <domain>".
  expertise text not null
    constraint job_applications_expertise_check check (char_length(expertise) <= 200 and btrim(expertise) <> ''),
  experience text not null
    constraint job_applications_experience_check check (char_length(experience) <= 100 and btrim(experience) <> ''),
  -- Web links only: no javascript: or data: URLs reach whoever reviews applications.
  portfolio_url text
    constraint job_applications_portfolio_url_check
      check (portfolio_url is null or (char_length(portfolio_url) <= 2048 and portfolio_url ~* '^https?://[^[:space:]]+$')),
  cover_letter text not null
    constraint job_applications_cover_letter_check check (char_length(cover_letter) <= 10000 and btrim(cover_letter) <> ''),
  created_at timestamptz not null default now(),
  -- As in contact_submissions: the database's own columns.
  held boolean not null default false,
  announced_at timestamptz,
  digest_id bigint,
  -- Where the lead came from (src/lib/forms/visit-source.ts): the page it was sent from, the page the
  -- visit landed on, the origin of the site that linked there and the landing's utm_* values. Optional:
  -- the website sends what it has. What each may hold is in 11_form_text_rules.sql.
  sent_from text
    constraint job_applications_sent_from_check check (char_length(sent_from) <= 300),
  landing_page text
    constraint job_applications_landing_page_check check (char_length(landing_page) <= 300),
  referrer_origin text
    constraint job_applications_referrer_origin_check check (char_length(referrer_origin) <= 300),
  utm_source text
    constraint job_applications_utm_source_check check (char_length(utm_source) <= 100),
  utm_medium text
    constraint job_applications_utm_medium_check check (char_length(utm_medium) <= 100),
  utm_campaign text
    constraint job_applications_utm_campaign_check check (char_length(utm_campaign) <= 100),
  -- When the team released this row from held (35_team_actions.sql, public.release_held_submissions).
  released_at timestamptz
);

comment on table public.job_applications is
  'Careers and product-team applications from the website. Insert-only for anon/authenticated; read with the service role.';

comment on column public.job_applications.held is
  'Stored while the table or the sender''s network was over its ceiling: not announced singly, kept 30 days unless released (supabase/README.md).';

comment on column public.job_applications.announced_at is
  'When the team''s message about this row alone was confirmed delivered; null: not announced on its own (see digest_id).';

comment on column public.job_applications.digest_id is
  'The digest (private.notify_digests) that counted this row; 0: stored before deliveries were tracked.';

comment on column public.job_applications.sent_from is 'The website''s page the form was sent from (a path).';
comment on column public.job_applications.landing_page is 'The first page of the visit in that browser tab (a path, never its query).';
comment on column public.job_applications.referrer_origin is 'The origin of the site that linked to the landing page (never its path or query); null for none or this site.';
comment on column public.job_applications.utm_campaign is 'utm_campaign of the landing page''s address; utm_source and utm_medium beside it.';
comment on column public.job_applications.released_at is 'When the team released this row from held; it was then announced as a lead of its own.';

create index job_applications_created_at_idx on public.job_applications (created_at desc);
create index job_applications_held_idx on public.job_applications (created_at) where held;
create index job_applications_unseen_idx on public.job_applications (created_at) where announced_at is null and digest_id is null;

alter table public.job_applications enable row level security;

revoke all on table public.job_applications from public, anon, authenticated;
grant insert (id, full_name, email, expertise, experience, portfolio_url, cover_letter,
              sent_from, landing_page, referrer_origin, utm_source, utm_medium, utm_campaign)
  on table public.job_applications to anon, authenticated;
grant all on table public.job_applications to service_role;

create policy "Visitors can submit applications"
  on public.job_applications
  for insert
  to anon, authenticated
  with check (created_at = now());
