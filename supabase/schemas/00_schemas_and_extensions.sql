-- The schemas and extensions every other file builds on.
--
-- `private` holds the bookkeeping the API roles must never read or call: it is not in
-- config.toml's `[api] schemas`, anon and authenticated have no privilege on it, and new
-- functions in it are not executable by PUBLIC. The roles (anon, authenticated,
-- service_role) and the `auth` schema are Supabase's own (tests/db/supabase-roles.sql stands
-- in for them in the tests).
--
-- pg_cron runs the scheduled jobs (90_jobs.sql) and pg_net posts the team's messages
-- (30_delivery_outbox.sql). Both are created only where the server offers them, and a failure
-- is a notice, never an error: plain PostgreSQL and PGlite apply these files unchanged, the
-- jobs are then run by hand and messages wait in the outbox (public.form_health() says so).

create schema private;

comment on schema private is 'Not exposed through the API: bookkeeping the API roles must never read or call.';

revoke all on schema private from public, anon, authenticated;
-- New functions are executable by PUBLIC unless this says otherwise.
alter default privileges in schema private revoke execute on functions from public;
-- The operator's way in (`set role service_role`, the SQL editor): the limits, the client source
-- and the team's views are granted one by one in their files.
grant usage on schema private to service_role;

-- pg_cron in pg_catalog, as Supabase installs it.
do $$
begin
  if to_regnamespace('cron') is null and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
    exception when others then
      -- Installed but not loaded (shared_preload_libraries): leave it off rather than fail.
      raise notice 'pg_cron is not usable here (%); the jobs are not scheduled', sqlerrm;
    end;
  end if;
end;
$$;

-- pg_net in `extensions`: its functions live in its own schema `net` whatever is named here, but
-- the extension itself belongs to the schema it is created in, and an extension created without
-- one lands in the first schema of the search_path, `public` (Supabase's advisor, lint 0014
-- extension_in_public). pg_net cannot be moved later (it is not relocatable).
do $$
begin
  if to_regnamespace('net') is null and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    begin
      create schema if not exists extensions;
      create extension if not exists pg_net with schema extensions;
    exception when others then
      raise notice 'pg_net is not usable here (%); submissions will not be notified', sqlerrm;
    end;
  end if;
end;
$$;
