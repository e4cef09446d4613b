-- Stand-ins for the parts of Supabase's extensions the migrations use, with
-- the same names and signatures, so the guarded branches run on PGlite:
-- pg_cron's cron.schedule, Vault's vault.decrypted_secrets, pg_net's
-- net.http_post. Each records what it was asked to do instead of doing it.
-- Like on Supabase, the API roles get no access to the cron, vault or net schemas.
create schema cron;
create table cron.job (jobname text primary key, schedule text not null, command text not null);
create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as $$
  insert into cron.job values ($1, $2, $3)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning 1::bigint
$$;

create schema vault;
create table vault.decrypted_secrets (name text primary key, decrypted_secret text not null);

create schema net;
create table net.http_request_queue (
  id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer
);
create function net.http_post(
  url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds integer default 5000
) returns bigint language sql as $$
  insert into net.http_request_queue (url, body, params, headers, timeout_milliseconds) values ($1, $2, $3, $4, $5) returning id
$$;

revoke all on schema cron, vault, net from public;
