/**
 * A load benchmark, not a test of `npm test` (`npm run bench:db`): whether what is stored is
 * seen, on a real PostgreSQL 15 server with the real pg_cron running the jobs as scheduled, the
 * migrations applied with stand-ins for Vault and pg_net, and pg_net's worker, the real Edge
 * Function handler and the team's inbox played by ./net-worker.ts. Printed as the second part of
 * the flood table:
 *
 *   - storage: a flood fills a 1 MB budget, then the oldest 60% of its senders are erased (and,
 *     as an operator would try first, vacuumed): is the next visitor stored?
 *   - alerts: seconds from the first held row to the team's first alert, and from the first
 *     capacity refusal to its alert;
 *   - outage: the function answers 500 for 5 minutes while a flood arrives, then recovers: how
 *     long until every stored row is announced on its own or counted in a delivered digest, and
 *     whether the team got anything twice. Takes about 8 minutes (real minutes: pg_cron's).
 *
 * It reads the schema it finds (the outbox exists from *_form_outbox.sql on), so the same file
 * measures a checkout from before it; there, what the team saw is counted from what reached it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow, setupScripts } from '../support/supabase/postgrest';
import { table } from '../support/table';
import { connect, kindOf, sendAll, type Request } from './requests';
import { startServer, type Server } from './server';
import { startTeam, WEBHOOK_SECRET, type Team } from './net-worker';

const CONCURRENCY = 50;
const TABLE: TableName = 'contact_submissions';
const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 300) * 1000;
let server: Server;
let owner: pg.Client;
let clients: pg.Client[];
let team: Team;
let outbox = false;
const results: (string | number)[][] = [];

beforeAll(async () => {
  server = await startServer({ maxConnections: CONCURRENCY + 30, cron: true });
  [owner] = await connect(server.connection, 1);
  for (const script of setupScripts({ extensions: ['vault', 'net'] })) await owner.query(script.sql);
  await owner.query(
    `insert into vault.decrypted_secrets values ('notify_submission_url', 'http://127.0.0.1/notify'), ('notify_submission_secret', $1)`,
    [WEBHOOK_SECRET],
  );
  outbox = (await owner.query(`select to_regclass('private.notify_outbox') is not null as o`)).rows[0].o;
  clients = await connect(server.connection, CONCURRENCY);
  team = await startTeam(server.connection);
  // Steady state: pg_cron's first minute has begun (its jobs start at a minute's start), so what is
  // timed below is the cadence of the jobs, not the wait for their first run.
  const deadline = Date.now() + 70_000;
  while ((await owner.query(`select count(*)::int as n from cron.job_run_details`)).rows[0].n === 0 && Date.now() < deadline)
    await sleep(500);
}, 120_000);

afterAll(async () => {
  await team?.stop();
  await Promise.all([owner, ...(clients ?? [])].map((c) => c?.end().catch(() => {})));
  server?.stop();
  if (results.length > 0)
    console.log(
      [
        `\nStored means seen, on PostgreSQL ${server.settings.server_version} with pg_cron (${outbox ? 'the outbox' : 'before the outbox'}):`,
        table(['scenario', 'figure', 'detail'], results),
      ].join('\n'),
    );
});

async function fresh() {
  await owner.query(`do $$ begin
    truncate private.form_throttle_keys, private.form_usage, private.notify_senders, public.contact_submissions, public.job_applications,
      net.http_request_queue, net._http_response;
    update private.notify_window set started_at = '-infinity', notified = 0;
    if to_regclass('private.notify_outbox') is not null then
      truncate private.notify_outbox, private.notify_receipts;
      delete from private.notify_digests where id <> 0;
      update private.notify_state set endpoint_failing = false, refusals_seen = (select case when is_called then last_value else 0 end from private.form_capacity_refusals),
        refusals_alerted_at = null, storage_alerted = 0;
    else
      truncate private.notify_summaries;
    end if;
  end $$`);
  team.inbox.length = 0;
  team.delivered.length = 0;
}

const setLimits = (limits: Record<string, number>) =>
  owner.query(`update private.form_limits l set max_rows = v.max::int from jsonb_each_text($1) v(name, max) where l.name = v.name`, [
    JSON.stringify(limits),
  ]);
const DEPLOYED = { per_address: 3, per_client: 20, per_client_day: 50, per_prefix: 30, per_table: 60, storage_mb: 300, held_per_day: 5000 };

let counter = 0;
const request = (address: string, body: Record<string, unknown> = {}, email = `d${process.pid}-${++counter}@example.com`): Request => ({
  table: TABLE,
  body: { ...sampleRow(TABLE, email), ...body },
  headers: { 'cf-connecting-ip': address },
});
const own24 = (i: number) => `${20 + (i >> 8)}.${i & 255}.9.1`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Rows stored and not yet seen by the team, counted from what reached it: a row is seen once its own
 * message, or a digest (a summary, before the outbox) counting it, was delivered. With the outbox,
 * also the rows the database has not yet confirmed (it learns of a delivery at the drain's next run).
 */
async function unseen(): Promise<{ stored: number; unseen: number; unconfirmed: number }> {
  const own = team.delivered.filter((d) => d.body.type === 'INSERT').map((d) => (d.body.record as { id: string }).id);
  const digests = team.delivered
    .filter((d) => d.body.type === 'SUMMARY')
    .map((d) => d.body.summary as { digest_id?: number; unannounced: number });
  if (outbox) {
    const { rows } = await owner.query<{ stored: number; unseen: number; unconfirmed: number }>(
      `select count(*)::int as stored,
              (count(*) filter (where not (c.id = any($1::uuid[]) or c.digest_id = any($2::bigint[]))))::int as unseen,
              (count(*) filter (where c.announced_at is null
                and not exists (select 1 from private.notify_digests d where d.id = c.digest_id and d.delivered_at is not null)))::int as unconfirmed
       from public.contact_submissions c`,
      [own, digests.map((d) => d.digest_id)],
    );
    return rows[0];
  }
  const { rows } = await owner.query<{ stored: number }>(`select count(*)::int as stored from public.contact_submissions`);
  const summarised = digests.reduce((sum, d) => sum + Number(d.unannounced), 0);
  const stored = rows[0].stored;
  return { stored, unseen: Math.max(0, stored - new Set(own).size - summarised), unconfirmed: stored };
}

/** Messages the team received more than once (the same e-mail idempotency key, or the same chat footer). */
const repeats = () => {
  const seen = new Map<string, number>();
  for (const m of team.inbox) seen.set(`${m.destination} ${m.key}`, (seen.get(`${m.destination} ${m.key}`) ?? 0) + 1);
  return [...seen.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
};

it('storage: a flood fills a 1 MB budget, the oldest 60% of its senders are erased; the next visitor', async () => {
  await fresh();
  await setLimits({ per_client: 10000, per_client_day: 10000, per_prefix: 10000, per_table: 10000, storage_mb: 1 });
  try {
    const long = { message: 'Lorem ipsum dolor sit amet. '.repeat(178) };
    const stored: string[] = [];
    let refusedAt = -1;
    for (let batch = 0; batch < 50 && refusedAt < 0; batch++) {
      const requests = Array.from({ length: 20 }, (_, i) => request(own24(batch * 20 + i), long, `fill-${batch * 20 + i}@example.com`));
      const { answers } = await sendAll(clients.slice(0, 20), requests, 'read committed');
      answers.forEach((answer, i) => {
        if (answer.result.ok) stored.push((requests[i].body as { email: string }).email);
        else if (kindOf(answer) === '429 form_throttled' && refusedAt < 0) refusedAt = stored.length;
      });
    }
    expect(refusedAt).toBeGreaterThan(0);
    const erased = stored.slice(0, Math.ceil(stored.length * 0.6));
    await owner.query('select public.erase_submitter(e) from unnest($1::text[]) e', [erased]);
    await owner.query('vacuum public.contact_submissions');
    const { answers } = await sendAll(clients.slice(0, 1), [request('192.0.2.250', {}, 'next-visitor@example.com')], 'read committed');
    results.push([
      'storage: 1 MB filled, oldest 60% erased + VACUUM',
      answers[0].result.ok ? 'next visitor stored' : `next visitor: ${kindOf(answers[0])}`,
      `${stored.length} stored before the first 429, ${erased.length} erased`,
    ]);
    if (outbox) expect(answers[0].result.ok).toBe(true);
  } finally {
    await setLimits(DEPLOYED);
  }
}, 300_000);

it('alerts: from the first held row, and from the first capacity refusal, to the team’s first alert', async () => {
  await fresh();
  // Three bots fill the table's ceiling; the next row is held.
  await sendAll(
    clients,
    Array.from({ length: 60 }, (_, i) => request(own24(i % 3))),
    'read committed',
  );
  const heldAt = Date.now();
  await sendAll(clients.slice(0, 1), [request(own24(100))], 'read committed');
  const heldAlert = async () => team.inbox.find((m) => /held for review since/.test(m.subject) || /being held/.test(m.subject));
  await expect
    .poll(heldAlert, { timeout: outbox ? 90_000 : 5_000 })
    .toBeTruthy()
    .catch(() => {});
  const held = await heldAlert();
  results.push(['alert: first held row', held ? seconds(held.at - heldAt) : 'none', held ? held.subject : 'no alert exists']);

  await setLimits({ storage_mb: 0 });
  try {
    const refusedAt = Date.now();
    const { answers } = await sendAll(clients.slice(0, 1), [request(own24(101))], 'read committed');
    expect(kindOf(answers[0])).toBe('429 form_throttled');
    const refusedAlert = async () => team.inbox.find((m) => /refused for capacity|storage at 100%/.test(m.subject));
    await expect
      .poll(refusedAlert, { timeout: outbox ? 90_000 : 5_000 })
      .toBeTruthy()
      .catch(() => {});
    const refused = await refusedAlert();
    results.push([
      'alert: first capacity refusal',
      refused ? seconds(refused.at - refusedAt) : 'none',
      refused ? `${refused.subject} (the drain runs every 30 seconds)` : 'no alert exists',
    ]);
  } finally {
    await setLimits(DEPLOYED);
  }
}, 300_000);

it(
  `outage: the function answers 500 for ${OUTAGE_MS / 60_000} minutes during a flood, then recovers`,
  async () => {
    await fresh();
    team.outage = true;
    const started = Date.now();
    // A flood in four bursts over the outage: 40 senders × 5 rows each time, and 5 visitors.
    let requests = 0;
    for (let burst = 0; burst < 4; burst++) {
      const flood = Array.from({ length: 200 }, (_, i) => request(`10.${burst}.${i % 40}.9`));
      const visitors = Array.from({ length: 5 }, (_, i) => request(own24(300 + burst * 5 + i)));
      await sendAll(clients, [...flood, ...visitors], 'read committed');
      requests += 205;
      await sleep(Math.max(0, started + ((burst + 1) * OUTAGE_MS) / 5 - Date.now()));
    }
    await sleep(Math.max(0, started + OUTAGE_MS - Date.now()));
    const during = await unseen();
    const failed = team.answered.get(500) ?? 0;
    team.outage = false;
    const recovered = Date.now();
    let after = during;
    let seenAt = 0;
    while ((after.unseen > 0 || (outbox && after.unconfirmed > 0)) && Date.now() - recovered < 5 * 60_000) {
      await sleep(500);
      after = await unseen();
      if (after.unseen === 0 && !seenAt) seenAt = Date.now();
    }
    const confirmedAt = Date.now();
    results.push([
      `outage: 500 for ${OUTAGE_MS / 60_000} min during a flood (${requests} requests)`,
      after.unseen === 0 ? `all seen ${seconds(seenAt - recovered)} after recovery` : `${after.unseen} of ${after.stored} rows never seen`,
      `${during.stored} stored, ${during.unseen} unseen at recovery` +
        (outbox && after.unconfirmed === 0 ? `, all confirmed in the database ${seconds(confirmedAt - recovered)} after` : '') +
        `; ${failed} posts answered 500; ${team.inbox.length} messages to the team, ${repeats()} twice`,
    ]);
    if (outbox) {
      expect(after.unseen).toBe(0);
      expect(repeats()).toBe(0);
    }
  },
  20 * 60_000,
);
