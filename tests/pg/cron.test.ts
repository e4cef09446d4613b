/**
 * The scheduled jobs as scheduled: a PostgreSQL 15 server of its own with the real pg_cron
 * (Debian's postgresql-15-cron, loaded with shared_preload_libraries, jobs in background
 * workers as on Supabase), the migrations applied with stand-ins for Vault and pg_net only, and
 * the far end of the outbox played by ./net-worker.ts (pg_net's worker, the real Edge Function
 * handler, the team's inbox).
 *
 * pg_cron 1.4 runs jobs at the start of a minute; the drain runs then and 30 s into it (a second
 * job that waits), so this file waits for the next of those (at most 30 s, next to the flood suite,
 * which runs meanwhile on its own server): in that one run the drain takes the digest of an ended
 * window, posts an entry that waited while the Vault secrets were missing, and health reports the run. What each job does is tested by calling it
 * (tests/db); here, that pg_cron calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sampleRow, setupScripts } from '../support/supabase/postgrest';
import { connect, post } from './requests';
import { startServer, type Server } from './server';
import { startTeam, WEBHOOK_SECRET, type Team } from './net-worker';

let server: Server;
let owner: pg.Client;
let client: pg.Client;
let team: Team;

beforeAll(async () => {
  server = await startServer({ maxConnections: 30, cron: true });
  [owner, client] = await connect(server.connection, 2);
  for (const script of setupScripts({ extensions: ['vault', 'net'] })) await owner.query(script.sql);
  team = await startTeam(server.connection);
});

afterAll(async () => {
  await team?.stop();
  await Promise.all([owner?.end(), client?.end()].map((p) => p?.catch(() => {})));
  server?.stop();
});

describe('the real pg_cron', () => {
  it('is loaded, and the migrations schedule the drain, the bookkeeping purge, the retention purge and the site’s publishing', async () => {
    expect(server.settings.shared_preload_libraries).toBe('pg_cron');
    const { rows } = await owner.query('select jobname, schedule, command, active from cron.job order by jobname');
    expect(rows).toEqual([
      { jobname: 'form-throttle-purge', schedule: '*/10 * * * *', command: 'select private.form_throttle_purge()', active: true },
      { jobname: 'notify-submission-drain', schedule: '* * * * *', command: 'select private.notify_drain()', active: true },
      // pg_cron 1.4 (Debian's) schedules by the minute: a second job drains 30 s into it ('30 seconds' from 1.5 on).
      {
        jobname: 'notify-submission-drain-half',
        schedule: '* * * * *',
        command: 'select pg_sleep(30); select private.notify_drain()',
        active: true,
      },
      { jobname: 'purge-expired-submissions', schedule: '30 3 * * *', command: 'select public.purge_expired_submissions()', active: true },
      { jobname: 'site-publish', schedule: '* * * * *', command: 'select private.site_publish_tick()', active: true },
    ]);
  });

  it('runs the drain within 30 s: it posts what waited for the Vault secrets, takes the digest of an ended window, and health reports the run', async () => {
    // Stored while the Vault secrets are missing: the row's own message waits in the outbox.
    const waiting = sampleRow('contact_submissions', 'waited@example.com');
    const stored = await post(
      client,
      { table: 'contact_submissions', body: waiting, headers: { 'cf-connecting-ip': '192.0.2.1' } },
      'read committed',
    );
    expect(stored.result.ok).toBe(true);
    // A row from an ended window with no message of its own (the window's ceiling was spent).
    await owner.query(`insert into public.contact_submissions (id, first_name, last_name, email, message, created_at)
      values (gen_random_uuid(), 'Digest', 'Row', 'digest@example.com', 'Hi', now() - interval '11 minutes')`);
    await owner.query(
      `delete from private.notify_outbox where row_id = (select id from public.contact_submissions where email = 'digest@example.com')`,
    );
    await owner.query(`update private.notify_window set started_at = now() - interval '12 minutes'`);
    await owner.query(
      `insert into vault.decrypted_secrets values ('notify_submission_url', 'http://127.0.0.1/functions/v1/notify-submission'), ('notify_submission_secret', $1)`,
      [WEBHOOK_SECRET],
    );
    // The server's clock, not this process's: they differ by less than a minute.
    const { rows: clock } = await owner.query<{ now: Date }>('select now()');
    const since = clock[0].now;
    // pg_cron's next run of the drain: at most 30 s away (the minute's job, or the one that waits 30 s into it).
    await expect
      .poll(
        async () =>
          (
            await owner.query(
              `select d.status from cron.job_run_details d join cron.job j using (jobid)
               where j.jobname in ('notify-submission-drain', 'notify-submission-drain-half') and d.end_time >= $1`,
              [since],
            )
          ).rows.map((r) => r.status),
        { timeout: 75_000, interval: 250 },
      )
      .toContain('succeeded');
    // The run posted both; the worker handed them to the function, which told the team.
    await expect.poll(() => team.inbox.length, { timeout: 10_000 }).toBe(4);
    expect(team.inbox.map((m) => `${m.destination} ${m.subject}`).sort()).toEqual([
      'chat *New contact request*',
      'chat *Submissions without a message of their own*',
      expect.stringMatching(/^email 1 more submission, .*: 0 held for review$/),
      'email New contact request: Ada Lovelace',
    ]);
    const { rows: state } = await owner.query(
      `select last_drain ->> 'digest' as digest, (last_drain ->> 'posted')::int as posted from private.notify_state`,
    );
    expect(state).toEqual([{ digest: expect.stringMatching(/^\d+$/), posted: 1 }]);
    // The next run (here by hand) reads the answers: both confirmed.
    const { rows: drained } = await owner.query(`select private.notify_drain() as r`);
    expect(drained[0].r).toMatchObject({ confirmed: 2, pending: 0 });
    const { rows: health } = await owner.query(
      `select item, ok from public.form_health() where item in ('pg_cron', 'drain', 'deliveries')`,
    );
    expect(health).toEqual([
      { item: 'pg_cron', ok: true },
      { item: 'drain', ok: true },
      { item: 'deliveries', ok: true },
    ]);
  });
});
