-- A stand-in for pg_cron (the real one needs shared_preload_libraries, which PGlite has not):
-- its tables and functions with the same names, columns and signatures as pg_cron 1.4+, so
-- the migrations schedule their jobs and public.form_health() reads their runs. Nothing runs
-- on a schedule here: a test inserts a job_run_details row to say a job ran. The API roles
-- get no access to the schema, as on Supabase.
create schema cron;
create table cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  jobname text unique,
  active boolean not null default true
);
create table cron.job_run_details (
  runid bigserial primary key,
  jobid bigint,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as $$
  insert into cron.job (jobname, schedule, command) values ($1, $2, $3)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid
$$;
create function cron.unschedule(job_name text) returns boolean language sql as $$
  with gone as (delete from cron.job where jobname = $1 returning 1) select count(*) > 0 from gone
$$;
revoke all on schema cron from public;
