-- The scheduled jobs, where pg_cron runs (hosted Supabase, `supabase start`); elsewhere each is
-- run by hand (supabase/README.md) and public.form_health() says nothing runs them.
--
--   purge-expired-submissions   daily at 03:30 UTC   public.purge_expired_submissions()
--   form-throttle-purge         every 10 minutes     private.form_throttle_purge()
--   notify-submission-drain     every 30 seconds     private.notify_drain()
--   site-publish                every minute         private.site_publish_tick() (70_site_publishing.sql)
--
-- The drain runs every 30 seconds, so an alert or a recovery waits at most that long: pg_cron
-- 1.5 and later (Supabase has 1.6) schedule by seconds; before that, a second job each minute
-- (notify-submission-drain-half) waits 30 s, then drains.
--
-- A job is a row of cron.job, not a schema object: `supabase db diff` does not see it, so a
-- change here needs its migration written by hand (cron.schedule replaces the job of the same
-- name; cron.unschedule removes one). The drift test (tests/pg/schemas.test.ts) compares the jobs
-- the migrations and these files schedule.

do $$
declare
  version integer[];
begin
  if to_regnamespace('cron') is null then
    return;
  end if;
  perform cron.schedule('purge-expired-submissions', '30 3 * * *', 'select public.purge_expired_submissions()');
  perform cron.schedule('form-throttle-purge', '*/10 * * * *', 'select private.form_throttle_purge()');
  perform cron.schedule('site-publish', '* * * * *', 'select private.site_publish_tick()');
  select (regexp_match(e.extversion, '^(\d+)\.(\d+)'))::integer[] into version from pg_extension e where e.extname = 'pg_cron';
  if version >= array[1, 5] then
    perform cron.schedule('notify-submission-drain', '30 seconds', 'select private.notify_drain()');
  else
    perform cron.schedule('notify-submission-drain', '* * * * *', 'select private.notify_drain()');
    perform cron.schedule('notify-submission-drain-half', '* * * * *', 'select pg_sleep(30); select private.notify_drain()');
  end if;
end;
$$;
