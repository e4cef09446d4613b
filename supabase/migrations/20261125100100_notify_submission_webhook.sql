-- The database webhook: after each insert into contact_submissions or
-- job_applications, POST the row to the notify-submission Edge Function
-- (supabase/functions/notify-submission), which tells the team.
--
-- It sends what Supabase's database webhooks send ({type, table, schema,
-- record, old_record}) through the same extension they use (pg_net's
-- net.http_post), but reads the function's URL and the shared secret from
-- Supabase Vault at run time instead of taking them as trigger arguments:
-- the secret stays out of this repository and out of the schema, and is
-- rotated without a migration. Set them once per project (supabase/README.md):
--   select vault.create_secret('<function url>', 'notify_submission_url');
--   select vault.create_secret('<secret>', 'notify_submission_secret');
--
-- The insert never waits on or fails because of the notification: pg_net
-- queues the request and sends it after the transaction commits, and any
-- error here is turned into a warning in the database log. Where pg_net or
-- Vault does not exist (plain PostgreSQL, PGlite) the trigger does nothing.

set local lock_timeout = '5s'; -- a lock not granted in 5 s fails the deploy instead of queuing visitors' inserts behind it

-- pg_net in `extensions`, as Supabase installs it: created without a schema it would belong to
-- the first schema of the search_path, `public` (the advisor's lint 0014), and it cannot be moved
-- later. (Edited before any project ran this migration; supabase/schemas/00_schemas_and_extensions.sql.)
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

-- Not in an API-exposed schema: nobody calls this but the triggers.
create schema if not exists private;
revoke all on schema private from public;

create function private.notify_submission()
returns trigger
language plpgsql
-- Reads Vault, which the inserting role (anon) may not.
security definer
set search_path = ''
as $$
declare
  url text;
  secret text;
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
  perform net.http_post(
    url := url,
    body := jsonb_build_object('type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'record', to_jsonb(new), 'old_record', null),
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

create trigger notify_submission
  after insert on public.contact_submissions
  for each row execute function private.notify_submission();

create trigger notify_submission
  after insert on public.job_applications
  for each row execute function private.notify_submission();
