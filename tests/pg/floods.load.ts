/**
 * A load benchmark, not a test of `npm test` (`npm run bench:db`): what a flood
 * costs real visitors and the team, on a real PostgreSQL 15 server with the
 * migrations applied (./flood-database.ts), requests made as PostgREST makes
 * them. Printed as one table, the "flood table":
 *
 *   - three bots fill the table's ceiling, then 20 real visitors arrive;
 *   - one client sends 11 junk rows, then a visitor sends one;
 *   - 100 senders flood for one window (25 rows each), 20 visitors among them;
 *   - launch day: 1,000 distinct real senders within a minute, 20 at a time;
 *   - the bookkeeping purge running during 1,000 concurrent inserts that share
 *     keys (every key quiet beforehand): deadlocks and lost counts.
 *
 * Columns: rows stored (held among them) and refused; the team's messages
 * (one per row; summaries: the in-window one of the notify_ceiling
 * migration, the one the scheduled job posts when the window ends, or the
 * outbox's digest; and alerts); the visitors' outcome and the p50/p99 of their
 * inserts. It reads the schema it finds (held rows exist from the form_hold
 * migration on, the outbox from form_outbox on), so the same file measures a
 * checkout from before those migrations. What happens after the insert (storage,
 * alerts, an outage of the function) is ./delivery.load.ts's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { table } from '../support/table';
import { kindOf, percentile, sendAll, type Answer, type Request } from './requests';
import { openFloodDatabase, type FloodDatabase } from './flood-database';

const CONCURRENCY = 200;
const TABLE: TableName = 'contact_submissions';
let db: FloodDatabase;
let owner: pg.Client;
let clients: pg.Client[];
let holding = false;
let outbox = false;
const rows: (string | number)[][] = [];

beforeAll(async () => {
  db = await openFloodDatabase(CONCURRENCY);
  ({ owner, clients } = db);
  ({ holding, outbox } = (
    await owner.query(
      `select to_regclass('private.form_usage') is not null as holding, to_regclass('private.notify_outbox') is not null as outbox`,
    )
  ).rows[0]);
});

afterAll(async () => {
  await db?.close();
  if (rows.length > 0) {
    const s = db.server.settings;
    console.log(
      [
        `\nFloods on PostgreSQL ${s.server_version} (${outbox ? 'holding, the outbox' : holding ? 'holding' : 'before holding'}; ${CONCURRENCY} connections; limits as deployed):`,
        table(
          [
            'scenario',
            'requests',
            'stored',
            'held',
            'refused',
            'team: rows',
            'summaries',
            'alerts',
            'visitors',
            'visitor p50 ms',
            'visitor p99 ms',
            'rows/s',
          ],
          rows,
        ),
      ].join('\n'),
    );
  }
});

/** Empties the tables, the bookkeeping and the queue, whichever migrations made them. */
async function fresh() {
  await owner.query(`do $$ begin
    truncate private.form_throttle_keys, public.contact_submissions, public.job_applications, net.http_request_queue;
    update private.notify_window set started_at = '-infinity', notified = 0;
    if to_regclass('private.form_usage') is not null then
      truncate private.form_usage, private.notify_senders;
    end if;
    if to_regclass('private.notify_summaries') is not null then
      truncate private.notify_summaries;
    end if;
    if to_regclass('private.notify_outbox') is not null then
      truncate private.notify_outbox;
      delete from private.notify_digests where id <> 0;
    end if;
  end $$`);
}

let counter = 0;
const request = (address: string, email = `b${process.pid}-${++counter}@example.com`): Request => ({
  table: TABLE,
  body: sampleRow(TABLE, email),
  headers: { 'cf-connecting-ip': address },
});
/** An address in a /24 of its own. */
const own24 = (i: number) => `${20 + (i >> 8)}.${i & 255}.7.1`;

interface Measured {
  name: string;
  answers: Answer[];
  seconds: number;
  /** Indexes of the real visitors' requests in `answers`. */
  visitors: number[];
  visitorEmails: string[];
}

/** Ends the notification window and runs the summary job or the drain, where it exists; then reads what the team was sent. */
async function teamMessages() {
  if (holding) {
    await owner.query(`update private.notify_window set started_at = started_at - interval '10 minutes';
      update private.notify_senders set window_started_at = window_started_at - interval '10 minutes'`);
    if (outbox) {
      await owner.query(`update public.contact_submissions set created_at = created_at - interval '10 minutes';
        update private.notify_outbox set created_at = created_at - interval '10 minutes'`);
      await owner.query('select private.notify_drain()');
    } else await owner.query('select private.notify_summary()');
  }
  const { rows: sent } = await owner.query<{ rows: number; summaries: number; alerts: number; summary: string | null }>(
    `select count(*) filter (where body ->> 'type' = 'INSERT' and (body -> 'notification' ->> 'number')::int <= (body -> 'notification' ->> 'limit')::int)::int as rows,
            count(*) filter (where body ->> 'type' = 'SUMMARY' or (body -> 'notification' ->> 'number')::int > (body -> 'notification' ->> 'limit')::int)::int as summaries,
            count(*) filter (where body ->> 'type' = 'ALERT')::int as alerts,
            max(body -> 'summary' ->> 'unannounced') || ' unannounced, ' || max(body -> 'summary' ->> 'held') || ' held' as summary
     from net.http_request_queue`,
  );
  return sent[0];
}

async function record(measured: Measured) {
  const { answers, visitors, visitorEmails } = measured;
  const { rows: counted } = await owner.query<{ stored: number; held: number }>(
    holding
      ? `select count(*)::int as stored, (count(*) filter (where held))::int as held from public.${TABLE}`
      : `select count(*)::int as stored, 0 as held from public.${TABLE}`,
  );
  const refusals = new Map<string, number>();
  for (const answer of answers) if (!answer.result.ok) refusals.set(kindOf(answer), (refusals.get(kindOf(answer)) ?? 0) + 1);
  const { rows: posted } = await owner.query<{ n: number }>(
    `select count(*)::int as n from net.http_request_queue where body -> 'record' ->> 'email' = any($1)
       and (body -> 'notification' ->> 'number')::int <= (body -> 'notification' ->> 'limit')::int`,
    [visitorEmails],
  );
  const team = await teamMessages();
  const visitorAnswers = visitors.map((i) => answers[i]);
  const visitorMs = visitorAnswers.map((a) => a.ms);
  rows.push([
    measured.name,
    answers.length,
    counted[0].stored,
    counted[0].held,
    [...refusals].map(([kind, n]) => `${n}× ${kind}`).join(', ') || '0',
    team.rows,
    team.summaries + (team.summary ? ` (${team.summary})` : ''),
    team.alerts,
    `${visitorAnswers.filter((a) => a.result.ok).length}/${visitors.length} stored, ${posted[0].n} posted`,
    visitors.length > 0 ? percentile(visitorMs, 50).toFixed(0) : '-',
    visitors.length > 0 ? percentile(visitorMs, 99).toFixed(0) : '-',
    Math.round(answers.length / measured.seconds),
  ]);
  return { stored: counted[0].stored, held: counted[0].held, team };
}

it('floods: what they cost real visitors and the team', async () => {
  // Three bots (each at its per-client limit) fill the table's ceiling, then 20 visitors, 20 at a time.
  await fresh();
  const bots = await sendAll(
    clients,
    Array.from({ length: 60 }, (_, i) => request(own24(i % 3))),
    'read committed',
  );
  const visitorEmails = Array.from({ length: 20 }, (_, i) => `visitor-a${i}@example.com`);
  const visitors = await sendAll(
    clients.slice(0, 20),
    visitorEmails.map((email, i) => request(own24(100 + i), email)),
    'read committed',
  );
  await record({
    name: '3 bots fill the ceiling, then 20 visitors',
    answers: [...bots.answers, ...visitors.answers],
    seconds: bots.seconds + visitors.seconds,
    visitors: visitors.answers.map((_, i) => 60 + i),
    visitorEmails,
  });

  // One client sends 11 junk rows, then a visitor sends one.
  await fresh();
  const junk = await sendAll(
    clients.slice(0, 1),
    Array.from({ length: 11 }, () => request('192.0.2.66')),
    'read committed',
  );
  const lead = await sendAll(clients.slice(0, 1), [request('198.51.100.5', 'visitor-b@example.com')], 'read committed');
  await record({
    name: '11 junk rows from one client, then 1 visitor',
    answers: [...junk.answers, ...lead.answers],
    seconds: junk.seconds + lead.seconds,
    visitors: [11],
    visitorEmails: ['visitor-b@example.com'],
  });

  // 100 senders flood one window, 25 rows each, with 20 visitors among them.
  await fresh();
  const flood: Request[] = [];
  const floodVisitors: number[] = [];
  const floodEmails: string[] = [];
  for (let i = 0; i < 2500; i++) {
    flood.push(request(`10.${(i % 100) >> 4}.${i % 100}.9`));
    if (i % 125 === 62) {
      floodVisitors.push(flood.length);
      floodEmails.push(`visitor-c${floodVisitors.length}@example.com`);
      flood.push(request(own24(500 + floodVisitors.length), floodEmails.at(-1)));
    }
  }
  const flooded = await sendAll(clients, flood, 'read committed');
  await record({ name: '100 senders flood one window (25 rows each)', ...flooded, visitors: floodVisitors, visitorEmails: floodEmails });

  // Launch day: 1,000 distinct real senders, 20 at a time.
  await fresh();
  const launchEmails = Array.from({ length: 1000 }, (_, i) => `launch-${i}@example.com`);
  const launch = await sendAll(
    clients.slice(0, 20),
    launchEmails.map((email, i) => request(own24(i), email)),
    'read committed',
  );
  const launched = await record({
    name: 'launch day: 1,000 distinct senders, 20 at a time',
    ...launch,
    visitors: launch.answers.map((_, i) => i),
    visitorEmails: launchEmails,
  });
  if (holding) {
    expect(launched.stored).toBe(1000);
    expect(
      percentile(
        launch.answers.map((a) => a.ms),
        99,
      ),
    ).toBeLessThan(1000);
  }

  // The bookkeeping purge during 1,000 concurrent inserts that share keys, every key quiet beforehand.
  await fresh();
  await owner.query(
    `update private.form_limits set max_rows = 10000 where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
  );
  try {
    const emails = Array.from({ length: 1000 }, (_, i) => `purge-${i}@example.com`);
    const clientKeys = Array.from({ length: 10 }, (_, n) => `client:203.0.113.${n + 1}`);
    const keys = [
      ...emails.map((email) => `address:${TABLE}:${email}`),
      ...clientKeys,
      ...clientKeys.map((key) => `day:${key}`),
      'prefix:203.0.113.0/24',
      `table:${TABLE}`,
    ];
    await owner.query(
      `insert into private.form_throttle_keys (key, hits, last_at)
       select encode(sha256(convert_to(k, 'UTF8')), 'hex'), '{}', now() - interval '2 days' from unnest($1::text[]) k`,
      [keys],
    );
    const { result: sent, purges } = await db.purgeDuring(() =>
      sendAll(
        clients,
        emails.map((email, i) => request(`203.0.113.${(i % 10) + 1}`, email)),
        'read committed',
      ),
    );
    const hits = async (names: string[]) =>
      (
        await owner.query<{ hits: number }>(
          `select coalesce(sum(cardinality(hits)), 0)::int as hits from private.form_throttle_keys
           where key = any(array(select encode(sha256(convert_to(k, 'UTF8')), 'hex') from unnest($1::text[]) k))`,
          [names],
        )
      ).rows[0].hits;
    const stored = sent.answers.filter((a) => a.result.ok).length;
    const lost = stored - (await hits(emails.map((email) => `address:${TABLE}:${email}`))) + (stored - (await hits(clientKeys)));
    const deadlocks = sent.answers.filter((a) => !a.result.ok && a.result.code === '40P01').length;
    const latencies = sent.answers.map((a) => a.ms);
    rows.push([
      `purge (${purges} runs) during 1,000 inserts sharing keys`,
      1000,
      stored,
      '-',
      `${deadlocks}× 40P01 (deadlock), ${lost} counts lost`,
      '-',
      '-',
      '-',
      '-',
      percentile(latencies, 50).toFixed(0),
      percentile(latencies, 99).toFixed(0),
      Math.round(1000 / sent.seconds),
    ]);
  } finally {
    await owner.query(
      `update private.form_limits set max_rows = case name when 'per_client' then 20 when 'per_client_day' then 50 when 'per_prefix' then 30 when 'per_table' then 60 end
       where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
    );
  }
}, 600_000);
