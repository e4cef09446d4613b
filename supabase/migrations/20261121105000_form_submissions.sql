-- Submissions from the public website's forms (contact, demo, careers and product-team forms).
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
-- tests/db/forms.test.ts checks that both agree.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

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
  created_at timestamptz not null default now()
);

comment on table public.contact_submissions is
  'Contact and demo requests from the website. Insert-only for anon/authenticated; read with the service role.';
comment on column public.contact_submissions.message is
  'On demo requests, prefixed "[DEMO REQUEST] " or "[CONTACT] ".';
comment on column public.contact_submissions.status is
  'Workflow state for the team; the website only ever creates ''new''.';

create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);

alter table public.contact_submissions enable row level security;

revoke all on table public.contact_submissions from public, anon, authenticated;
grant insert (id, first_name, last_name, email, company, message, status)
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
  created_at timestamptz not null default now()
);

comment on table public.job_applications is
  'Careers and product-team applications from the website. Insert-only for anon/authenticated; read with the service role.';

create index job_applications_created_at_idx on public.job_applications (created_at desc);

alter table public.job_applications enable row level security;

revoke all on table public.job_applications from public, anon, authenticated;
grant insert (id, full_name, email, expertise, experience, portfolio_url, cover_letter)
  on table public.job_applications to anon, authenticated;
grant all on table public.job_applications to service_role;

create policy "Visitors can submit applications"
  on public.job_applications
  for insert
  to anon, authenticated
  with check (created_at = now());
