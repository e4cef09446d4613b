/**
 * Time on a real PostgreSQL server, a day at a step (the day before moved back a day first): what the jobs and ordinary traffic write in a
 * day, with their timestamps, then the jobs' own commands, then every timestamp of every table
 * moved back a day, so the present stays now() and what was written ages as it would. Used by the
 * retention test (a month, tests/pg/retention.test.ts) and the year bench (`npm run bench:year`).
 *
 * A day: the leads (through PostgREST's statements as anon, each from its own network), a flood on
 * the days asked for (one network's addresses: past per_prefix its rows are held, with an alert
 * and a digest), a scheduled post on the days asked for (publishing.json names it, the build hook is
 * posted and a build follows), pg_cron's log of every job at its schedule (pg_cron itself is loaded,
 * its jobs made inactive: the simulation writes their runs), pg_net's answers (the Edge Function
 * confirms every message and records its receipt), and the jobs' commands: the drain and the
 * publishing tick a few times, the purges once.
 */
import type pg from 'pg';
import { sampleRow } from '../support/supabase/postgrest';
import { post } from './requests';

export const NOTIFY_URL = 'http://127.0.0.1/functions/v1/notify-submission';
const HOOK_URL = 'https://api.netlify.com/build_hooks/simulated';
const SITE_URL = 'https://corvana.example/publishing.json';
const DAY_MS = 86_400_000;

export interface Traffic {
  leadsPerDay: number;
  /** Days (counted from 1) with a flood, and its size. */
  floodDays: (day: number) => boolean;
  floodSize: number;
  /** Days with a scheduled post going live. */
  postDays: (day: number) => boolean;
}

/** How many times a cron schedule of pg_cron runs in the day before `end` (minute, hour, day of month, month, day of week; or 'N seconds'). */
export function runsPerDay(schedule: string, end: Date): number {
  const seconds = /^(\d+) seconds?$/.exec(schedule);
  if (seconds) return Math.floor(86_400 / Number(seconds[1]));
  const fields = schedule.split(/\s+/);
  if (fields.length !== 5) throw new Error(`unknown schedule "${schedule}"`);
  // Each field's values: minute, hour, day of month, month, day of week.
  const bounds = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  const matches = (field: string, value: number, [min, max]: number[]) =>
    field.split(',').some((part) => {
      const [range, step] = part.split('/');
      const [low, high] =
        range === '*' ? [min, max] : range.includes('-') ? range.split('-').map(Number) : [Number(range), step ? max : Number(range)];
      return value >= low && value <= high && (value - low) % Number(step ?? 1) === 0;
    });
  const start = end.getTime() - DAY_MS;
  let runs = 0;
  for (let minute = 0; minute < 1440; minute++) {
    const at = new Date(start + minute * 60_000);
    const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
    if (fields.every((field, i) => matches(field, values[i], bounds[i]))) runs++;
  }
  return runs;
}

export class Simulation {
  day = 0;
  private lastBuild = new Date();
  private due: Date[] = [];
  private shiftSql: string[] = [];

  constructor(
    private readonly owner: pg.Client,
    private readonly visitor: pg.Client,
    private readonly traffic: Traffic,
  ) {}

  /** The secrets pg_net and the jobs need, and pg_cron's jobs made inactive (the simulation writes their runs). */
  async prepare(): Promise<void> {
    await this.owner.query(
      `insert into vault.decrypted_secrets values ('notify_submission_url', $1), ('notify_submission_secret', 'simulated'),
         ('netlify_build_hook_url', $2), ('site_publishing_url', $3)`,
      [NOTIFY_URL, HOOK_URL, SITE_URL],
    );
    await this.owner.query('update cron.job set active = false');
    this.shiftSql = await this.shiftStatements();
  }

  /** One UPDATE per table with timestamps, every timestamp (and timestamp array) a day earlier. */
  private async shiftStatements(): Promise<string[]> {
    const { rows } = await this.owner.query<{ relation: string; columns: string[]; keyed: boolean }>(`
      select format('%I.%I', c.table_schema, c.table_name) as relation, array_agg(format('%I', c.column_name) order by c.column_name) as columns,
        bool_or(exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indisunique and i.indrelid = format('%I.%I', c.table_schema, c.table_name)::regclass and a.attname = c.column_name)) as keyed
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema in ('public', 'private', 'cron', 'net') and t.table_type = 'BASE TABLE'
        and c.udt_name in ('timestamptz', '_timestamptz')
      group by 1 order by 1`);
    const { rows: arrays } = await this.owner.query<{ name: string }>(
      `select format('%I.%I.%I', table_schema, table_name, column_name) as name from information_schema.columns where udt_name = '_timestamptz'`,
    );
    const isArray = new Set(arrays.map((a) => a.name.replaceAll('"', '')));
    return rows.flatMap(({ relation, columns, keyed }) => {
      const by = (offset: string) =>
        `update ${relation} set ${columns
          .map((c) =>
            isArray.has(`${relation}.${c}`.replaceAll('"', ''))
              ? `${c} = array(select h - interval '${offset}' from unnest(${c}) h)`
              : `${c} = ${c} - interval '${offset}'`,
          )
          .join(', ')}`;
      // A timestamp in a unique key: moved through a far time, so no row meets another's old key.
      return keyed ? [by('1 day 100 years'), by('-100 years')] : [by('1 day')];
    });
  }

  /** One simulated day, ending now: the day before it ages a day, then what this one wrote, then the jobs' commands. */
  async step(): Promise<void> {
    if (this.day > 0) await this.shift();
    this.day++;
    const day = this.day;
    const traffic = this.traffic;
    for (let i = 0; i < traffic.leadsPerDay; i++) {
      const table = i % 5 === 4 ? 'job_applications' : 'contact_submissions';
      const ip = `10.${(day * 7 + i) % 250}.${i}.${1 + (day % 250)}`;
      const answer = await post(
        this.visitor,
        { table, body: sampleRow(table, `lead${i}.d${day}@example.com`), headers: { 'cf-connecting-ip': ip } },
        'read committed',
      );
      if (!answer.result.ok) throw new Error(`day ${day}: lead ${i} refused: ${answer.result.message}`);
    }
    if (traffic.floodDays(day))
      for (let i = 0; i < traffic.floodSize; i++)
        await post(
          this.visitor,
          {
            table: 'contact_submissions',
            body: sampleRow('contact_submissions', `bot${i}.d${day}@example.net`),
            headers: { 'cf-connecting-ip': `198.51.100.${i % 250}` },
          },
          'read committed',
        );
    if (traffic.postDays(day)) this.due.push(new Date(Date.now() - 60_000));
    await this.writeJobRuns();
    // The every-minute and every-30-seconds jobs, a few runs each, with pg_net answering between them.
    for (let run = 0; run < 4; run++) {
      await this.owner.query('select private.notify_drain()');
      await this.owner.query('select private.site_publish_tick()');
      await this.answerRequests();
    }
    await this.owner.query('select private.form_throttle_purge()');
    await this.owner.query('select public.purge_expired_submissions()');
  }

  /** pg_cron's log of the day: every job at its schedule, as pg_cron writes a run. */
  private async writeJobRuns(): Promise<void> {
    const { rows: jobs } = await this.owner.query<{ jobid: string; schedule: string }>('select jobid, schedule from cron.job');
    // The simulated calendar (a weekly job runs on its weekday); the times written end now.
    const calendar = new Date(Date.now() + this.day * DAY_MS);
    for (const job of jobs) {
      const runs = runsPerDay(job.schedule, calendar);
      if (runs === 0) continue;
      await this.owner.query(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, return_message, start_time, end_time)
         select j.jobid, 4242, 'postgres', 'postgres', j.command, 'succeeded', '1 row',
           now() - interval '1 day' + (n * interval '1 day' / $2), now() - interval '1 day' + (n * interval '1 day' / $2) + interval '40 milliseconds'
         from cron.job j, generate_series(1, $2::int) n where j.jobid = $1`,
        [job.jobid, runs],
      );
    }
  }

  /** pg_net's worker: each queued request answered and taken off the queue; the far ends as they answer. */
  private async answerRequests(): Promise<void> {
    const { rows } = await this.owner.query<{ id: string; method: string; url: string; key: string | null }>(
      `delete from net.http_request_queue returning id, method, url, body #>> '{delivery,key}' as key`,
    );
    for (const request of rows) {
      let content = '{}';
      if (request.url === SITE_URL) {
        const renewBy = new Date(this.lastBuild.getTime() + 330 * DAY_MS);
        content = JSON.stringify({
          builtAt: this.lastBuild.toISOString(),
          due: this.due.filter((d) => d > this.lastBuild).map((d) => d.toISOString()),
          renewBy: renewBy.toISOString(),
        });
      } else if (request.url === HOOK_URL) {
        // Netlify builds what is due.
        this.lastBuild = new Date();
      } else if (request.key) {
        // The Edge Function confirms and remembers the key.
        await this.owner.query(`select public.notify_mark_delivered($1, 'email')`, [request.key]);
        content = JSON.stringify({ ok: true });
      }
      await this.owner.query(
        `insert into net._http_response (id, status_code, content_type, content, timed_out) values ($1, 200, 'application/json', $2, false)`,
        [request.id, content],
      );
    }
  }

  /** A day passes: every stored time a day earlier (triggers off: nothing is written, only aged). */
  private async shift(): Promise<void> {
    await this.owner.query(`begin; set local session_replication_role = replica; ${this.shiftSql.join('; ')}; commit`);
    this.lastBuild = new Date(this.lastBuild.getTime() - DAY_MS);
    this.due = this.due.map((d) => new Date(d.getTime() - DAY_MS));
  }

  /**
   * Rows and the bytes they hold (their columns as stored, and a tuple header each) of every table of
   * the project, pg_cron and pg_net: what the tables keep, not their files (the daily move of every
   * timestamp rewrites every row, which a real day does not).
   */
  async sizes(): Promise<Map<string, { rows: number; bytes: number }>> {
    const { rows: tables } = await this.owner.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'private', 'cron', 'net') order by 1`,
    );
    const sizes = new Map<string, { rows: number; bytes: number }>();
    for (const { name } of tables) {
      const { rows } = await this.owner.query<{ rows: string; bytes: string }>(
        `select count(*) as rows, coalesce(sum(pg_column_size(t.*) + 24), 0) as bytes from ${name} t`,
      );
      sizes.set(name, { rows: Number(rows[0].rows), bytes: Number(rows[0].bytes) });
    }
    return sizes;
  }

  /** What the storage budget counts (private.form_storage_bytes()) and the budget. */
  async budget(): Promise<{ used: number; budget: number }> {
    await this.owner.query(`update private.form_storage set measured_at = null where part = 'bookkeeping'`);
    await this.owner.query('select private.form_throttle_purge()');
    const { rows } = await this.owner.query<{ used: string; budget: string }>(
      `select private.form_storage_bytes() as used, (select max_rows::bigint * 1048576 from private.form_limits where name = 'storage_mb') as budget`,
    );
    return { used: Number(rows[0].used), budget: Number(rows[0].budget) };
  }
}
