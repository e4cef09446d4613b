/**
 * Nothing the project writes grows without bound: a month on a real PostgreSQL 15 server with the
 * real pg_cron (./simulation.ts: a day at a step, rows with their timestamps as the jobs and
 * ordinary traffic write them, then the jobs' commands), and every table of the project, pg_cron and
 * pg_net within the rule private.data_retention gives it (supabase/schemas/50_retention_and_erasure.sql).
 * A table without a rule, or a job whose log the purge keeps, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { setupScripts } from '../support/supabase/postgrest';
import { connect } from './requests';
import { startServer, type Server } from './server';
import { runsPerDay, Simulation } from './simulation';

const DAYS = 30;
const LEADS_PER_DAY = 30;
let server: Server;
let owner: pg.Client;
let visitor: pg.Client;

beforeAll(async () => {
  server = await startServer({ maxConnections: 10, cron: true });
  [owner, visitor] = await connect(server.connection, 2);
  for (const script of setupScripts({ extensions: ['vault', 'net'] })) await owner.query(script.sql);
  // A job added later, weekly, named in no list: its log must be bounded by the same rule.
  await owner.query(`select cron.schedule('added-later', '0 4 * * 1', 'select 1')`);
  const simulation = new Simulation(owner, visitor, {
    leadsPerDay: LEADS_PER_DAY,
    floodDays: (day) => day === 15,
    floodSize: 100,
    postDays: (day) => day % 7 === 3,
  });
  await simulation.prepare();
  for (let day = 0; day < DAYS; day++) await simulation.step();
}, 240_000);

afterAll(async () => {
  await Promise.all([owner?.end(), visitor?.end()].map((p) => p?.catch(() => {})));
  server?.stop();
});

const count = async (sql: string) => Number((await owner.query<{ n: string }>(sql)).rows[0].n);

describe('a month of running', () => {
  it('every table of the project, pg_cron and pg_net has a rule', async () => {
    const { rows: tables } = await owner.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'private', 'cron', 'net') order by 1`,
    );
    const { rows: rules } = await owner.query<{ relation: string }>('select relation from private.data_retention order by 1');
    expect(rules.map((r) => r.relation)).toEqual(tables.map((t) => t.name));
  });

  it('leaves every table within its rule, and health says so', async () => {
    expect((await owner.query('select * from private.retention_overdue()')).rows).toEqual([]);
    const { rows } = await owner.query(`select ok, detail from public.form_health() where item = 'retention'`);
    expect(rows).toEqual([{ ok: true, detail: 'every table within its rule (private.data_retention)' }]);
  });

  it('keeps a day of pg_cron’s log for every job, and the weekly job’s newest run', async () => {
    const { rows: jobs } = await owner.query<{ jobname: string; schedule: string; runs: string }>(
      `select j.jobname, j.schedule, count(d.runid) as runs from cron.job j left join cron.job_run_details d using (jobid) group by 1, 2 order by 1`,
    );
    const now = new Date();
    for (const job of jobs) {
      const perDay = runsPerDay(job.schedule, now);
      // A day of runs (the day that ended at the last purge, and the one written after it), or the newest one.
      expect(Number(job.runs), job.jobname).toBeLessThanOrEqual(Math.max(1, 2 * perDay));
      expect(Number(job.runs), job.jobname).toBeGreaterThan(0);
    }
    expect(jobs.find((j) => j.jobname === 'added-later')?.runs).toBe('1');
    // Without the rule: a month of the every-minute site-publish alone.
    expect(jobs.find((j) => j.jobname === 'site-publish')!.runs).not.toBe(String(DAYS * 1440));
  });

  it('keeps pg_net’s answers a day, delivered messages a week, and every lead of ordinary traffic unheld', async () => {
    expect(await count(`select count(*) as n from net._http_response where created < now() - interval '1 day'`)).toBe(0);
    expect(await count(`select count(*) as n from private.notify_outbox where delivered_at < now() - interval '7 days'`)).toBe(0);
    expect(await count(`select count(*) as n from private.notify_outbox where delivered_at is null and dropped_at is null`)).toBe(0);
    const leads = await count(
      `select count(*) as n from (select email, held from public.contact_submissions union all select email, held from public.job_applications) r where r.email like 'lead%' and not r.held`,
    );
    expect(leads).toBe(DAYS * LEADS_PER_DAY);
    // The flood's rows beyond per_prefix were held, and the team heard of them in a digest.
    expect(await count(`select count(*) as n from public.contact_submissions where held`)).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from private.notify_digests where id <> 0`)).toBeGreaterThan(0);
  });
});
