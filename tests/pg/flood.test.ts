/**
 * The write limits on a real PostgreSQL 15 server under load (PGlite has one
 * connection, so none of this can be seen there): the migrations applied as
 * on Supabase, with stand-ins for Vault and pg_net so the notification
 * trigger runs; then floods of requests made as PostgREST makes them, 200 at
 * once, each on its own connection, for one address, from one client, with
 * forged headers, under READ COMMITTED, REPEATABLE READ and SERIALIZABLE.
 *
 * Asserted: no limit is ever exceeded; under READ COMMITTED each limit is met
 * exactly: a sender's limits refuse, the table's ceiling and the shared bucket
 * of requests without a usable address hold (every row stored, exactly the
 * limit of them normal); every refusal is the throttle's 429 (or, above READ
 * COMMITTED, the clear 503 form_busy or a serialization failure); bookkeeping
 * and queued notifications stay bounded, the window's summary counts the rest;
 * the bookkeeping purge running during rounds of 200 inserts that share keys causes no
 * deadlock and loses no count. Printed, not asserted: requests per second and
 * latency of each flood. The throughput with and without the guard (thousands
 * of inserts) is a benchmark of its own: `npm run bench:db` (./throughput.load.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { table } from '../support/table';
import { kindOf, percentile, sendAll, type Answer, type Isolation, type Request } from './requests';
import { openFloodDatabase, type FloodDatabase } from './flood-database';

const CONCURRENCY = 200;
const LIMITS = { per_address: 3, per_client: 20, per_table: 60, notifications: 10 };
/** Refusals where counting cannot be exact: the guard's 503, a serialization failure at commit, and (SERIALIZABLE only) a server out of predicate-lock memory. */
const BUSY: Record<string, string[]> = {
  'repeatable read': ['503 form_busy', '40001'],
  serializable: ['503 form_busy', '40001', '53200'],
};

let db: FloodDatabase;
let owner: pg.Client;
let clients: pg.Client[];
const report: (string | number)[][] = [];

beforeAll(async () => {
  db = await openFloodDatabase(CONCURRENCY);
  ({ owner, clients } = db);
});

afterAll(async () => {
  await db?.close();
  if (report.length > 0) {
    const s = db.server.settings;
    console.log(
      [
        `\nFlood scenarios on PostgreSQL ${s.server_version} (max_connections ${s.max_connections}, max_pred_locks_per_transaction ${s.max_pred_locks_per_transaction}, synchronous_commit ${s.synchronous_commit}), ${CONCURRENCY} connections at once:`,
        table(
          ['scenario', 'isolation', 'requests', 'stored', 'held', 'refused', 'limit', 'refusals', 'requests/s', 'p50 ms', 'p99 ms'],
          report,
        ),
      ].join('\n'),
    );
  }
});

const fresh = () => db.fresh();

let counter = 0;
const unique = () => `${process.pid}-${++counter}`;
const ipv4 = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Scenario {
  name: string;
  limit: keyof typeof LIMITS;
  /** What the rows beyond the limit get: a 429, or stored and held. */
  beyond: 'refused' | 'held';
  requests: number;
  request: (i: number) => Request;
}

const TABLE: TableName = 'contact_submissions';

const scenarios: Record<string, Scenario> = {
  oneAddress: {
    name: 'one e-mail address, a new client each time',
    limit: 'per_address',
    beyond: 'refused',
    requests: CONCURRENCY,
    request: (i) => ({ table: TABLE, body: sampleRow(TABLE, 'target@example.com'), headers: { 'cf-connecting-ip': ipv4(i + 1) } }),
  },
  oneClient: {
    name: 'one client, new e-mail and forged X-Forwarded-For each time',
    limit: 'per_client',
    beyond: 'refused',
    requests: CONCURRENCY,
    request: (i) => ({
      table: TABLE,
      body: sampleRow(TABLE, `c${unique()}@example.com`),
      headers: { 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': `${ipv4(i + 1)}, 203.0.113.7` },
    }),
  },
  everythingForged: {
    name: 'every key new each time (e-mail, client address)',
    limit: 'per_table',
    beyond: 'held',
    requests: 2 * CONCURRENCY,
    // Eight /24s, so the table's ceiling (not a network's) is what holds.
    request: (i) => ({
      table: TABLE,
      body: sampleRow(TABLE, `f${unique()}@example.com`),
      headers: { 'cf-connecting-ip': `10.0.${i % 8}.${(i >> 3) + 1}` },
    }),
  },
};

const extraScenarios: Scenario[] = [
  {
    name: 'no usable address (missing, empty, ", 203.0.113.7", malformed)',
    limit: 'per_client',
    beyond: 'held',
    requests: CONCURRENCY,
    request: (i) => {
      const unusable: Record<string, string>[] = [
        {},
        { 'cf-connecting-ip': '' },
        { 'x-forwarded-for': ', 203.0.113.7' },
        { 'cf-connecting-ip': '203.0.113.7:80' },
      ];
      const headers = unusable[i % unusable.length];
      return { table: TABLE, body: sampleRow(TABLE, `u${unique()}@example.com`), headers: { 'user-agent': 'flood', ...headers } };
    },
  },
  {
    name: 'one IPv6 /64, a new address each time',
    limit: 'per_client',
    beyond: 'refused',
    requests: CONCURRENCY,
    request: (i) => ({
      table: TABLE,
      body: sampleRow(TABLE, `v${unique()}@example.com`),
      headers: { 'cf-connecting-ip': `2001:db8:7:1:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}` },
    }),
  },
  {
    name: 'one IPv6 address in seven spellings',
    limit: 'per_client',
    beyond: 'refused',
    requests: CONCURRENCY,
    request: (i) => ({
      table: TABLE,
      body: sampleRow(TABLE, `s${unique()}@example.com`),
      headers: {
        'cf-connecting-ip': [
          '2001:db8::1',
          '2001:DB8::1',
          '2001:0db8:0000:0000:0000:0000:0000:0001',
          '2001:db8:0:0:0:0:0:1',
          '2001:db8::0:1',
          '2001:db8:0::1',
          ' 2001:db8::1',
        ][i % 7],
      },
    }),
  },
];

interface Outcome {
  accepted: number;
  /** Accepted and not held. */
  normal: number;
  refusals: Map<string, number>;
  seconds: number;
}

async function run(scenario: Scenario, isolation: Isolation): Promise<Outcome> {
  await fresh();
  const requests = Array.from({ length: scenario.requests }, (_, i) => scenario.request(i));
  const { answers, seconds } = await sendAll(clients, requests, isolation);
  const refusals = new Map<string, number>();
  for (const answer of answers) {
    const kind = kindOf(answer);
    if (kind !== 'stored') refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
  }
  const accepted = answers.filter((a) => a.result.ok).length;
  const { rows } = await owner.query<{ n: number; normal: number }>(
    `select count(*)::int as n, (count(*) filter (where not held))::int as normal from public.${TABLE}`,
  );
  expect(rows[0].n, 'rows stored = requests answered 201').toBe(accepted);
  const { normal } = rows[0];
  report.push([
    scenario.name,
    isolation,
    scenario.requests,
    accepted,
    accepted - normal,
    scenario.requests - accepted,
    LIMITS[scenario.limit],
    [...refusals].map(([kind, n]) => `${n}× ${kind}`).join(', '),
    Math.round(scenario.requests / seconds),
    percentile(
      answers.map((a) => a.ms),
      50,
    ).toFixed(0),
    percentile(
      answers.map((a) => a.ms),
      99,
    ).toFixed(0),
  ]);
  return { accepted, normal, refusals, seconds };
}

describe('under READ COMMITTED (PostgREST) every limit is met exactly, never exceeded', () => {
  it.each(Object.values(scenarios).concat(extraScenarios))('$name', async (scenario) => {
    const { accepted, normal, refusals } = await run(scenario, 'read committed');
    expect(normal).toBe(LIMITS[scenario.limit]);
    if (scenario.beyond === 'refused') {
      expect(accepted).toBe(LIMITS[scenario.limit]);
      expect([...refusals.keys()]).toEqual(['429 form_throttled']);
    } else {
      expect(accepted).toBe(scenario.requests);
      expect(refusals.size).toBe(0);
    }
  });

  it('keeps bookkeeping and queued notifications bounded, and the digest counts the rest when the window ends', async () => {
    const { accepted, normal } = await run(
      { ...scenarios.everythingForged, name: `${scenarios.everythingForged.name}, then bookkeeping counted` },
      'read committed',
    );
    const { rows: keys } = await owner.query<{ keys: number; hits: number }>(
      'select count(*)::int as keys, coalesce(sum(cardinality(hits)), 0)::int as hits from private.form_throttle_keys',
    );
    // Per accepted row an address key, a client key and its day; a key per /24 (8 here: 10.0.0-7.x), and the table's key.
    const networks = 8;
    expect(keys[0].keys).toBe(3 * accepted + networks + 1);
    // The table key holds the normal rows' times; a network key at most its limit.
    expect(keys[0].hits).toBeGreaterThanOrEqual(3 * accepted + 2 * normal);
    expect(keys[0].hits).toBeLessThanOrEqual(3 * accepted + normal + networks * 30);
    const { rows: queued } = await owner.query<{ number: number }>(
      `select (body -> 'notification' ->> 'number')::int as number from net.http_request_queue where body ->> 'type' = 'INSERT' order by 1`,
    );
    expect(queued.map((q) => q.number)).toEqual(Array.from({ length: LIMITS.notifications }, (_, i) => i + 1));
    // However many held rows arrived at once, one alert.
    const { rows: alerts } = await owner.query(
      `select body -> 'alert' ->> 'kind' as kind from net.http_request_queue where body ->> 'type' = 'ALERT'`,
    );
    expect(alerts).toEqual([{ kind: 'held' }]);
    await owner.query(`update private.notify_window set started_at = started_at - interval '10 minutes';
      update private.notify_senders set window_started_at = window_started_at - interval '10 minutes';
      update public.contact_submissions set created_at = created_at - interval '10 minutes';
      update private.notify_outbox set created_at = created_at - interval '10 minutes'`);
    expect((await owner.query(`select private.notify_drain() ->> 'digest' is not null as digest`)).rows).toEqual([{ digest: true }]);
    const { rows: summaries } = await owner.query<{ summary: Record<string, number> }>(
      `select body -> 'summary' as summary from net.http_request_queue where body ->> 'type' = 'SUMMARY'`,
    );
    expect(summaries).toHaveLength(1);
    expect(summaries[0].summary).toMatchObject({
      notified: LIMITS.notifications,
      unannounced: accepted - LIMITS.notifications,
      held: accepted - normal,
      senders: accepted - LIMITS.notifications,
      held_senders: accepted - normal,
    });
  });

  it('answers 200 concurrent retries of one stored row with its duplicate key, and counts none of them', async () => {
    await fresh();
    const row = sampleRow(TABLE, 'stored@example.com');
    const [first] = (
      await sendAll(clients.slice(0, 1), [{ table: TABLE, body: row, headers: { 'cf-connecting-ip': '203.0.113.50' } }], 'read committed')
    ).answers;
    expect(first.result.ok).toBe(true);
    const retries = Array.from({ length: CONCURRENCY }, () => ({
      table: TABLE,
      body: row,
      headers: { 'cf-connecting-ip': '203.0.113.50' },
    }));
    const { answers, seconds } = await sendAll(clients, retries, 'read committed');
    const kinds = new Set(answers.map(kindOf));
    expect([...kinds]).toEqual(['23505']);
    const { rows } = await owner.query<{ hits: number }>('select max(cardinality(hits))::int as hits from private.form_throttle_keys');
    expect(rows).toEqual([{ hits: 1 }]);
    report.push([
      'retries of one stored row',
      'read committed',
      CONCURRENCY,
      0,
      0,
      CONCURRENCY,
      '-',
      `${CONCURRENCY}× 23505 (already stored)`,
      Math.round(CONCURRENCY / seconds),
      percentile(
        answers.map((a) => a.ms),
        50,
      ).toFixed(0),
      percentile(
        answers.map((a) => a.ms),
        99,
      ).toFixed(0),
    ]);
  });
});

describe.each<Isolation>(['repeatable read', 'serializable'])('under %s no limit is exceeded', (isolation) => {
  it.each(Object.values(scenarios))('$name', async (scenario) => {
    const { accepted, normal, refusals } = await run(scenario, isolation);
    expect(accepted).toBeGreaterThan(0);
    expect(normal).toBeLessThanOrEqual(LIMITS[scenario.limit]);
    if (scenario.beyond === 'refused') expect(accepted).toBeLessThanOrEqual(LIMITS[scenario.limit]);
    for (const kind of refusals.keys()) expect(['429 form_throttled', ...BUSY[isolation]]).toContain(kind);
  });
});

describe('the bookkeeping purge (the pg_cron job) during concurrent inserts that share keys', () => {
  // Rounds of 200 at once, every key quiet at the start of each (the moment a purge in the insert path
  // deadlocked); npm run bench:db runs 1,000 in one go (tests/pg/floods.load.ts).
  const ROUNDS = 2;
  it(`causes no deadlock and loses no count: ${ROUNDS} rounds of ${CONCURRENCY} inserts from 10 clients of one /24, every key quiet and purged meanwhile`, async () => {
    await fresh();
    const clientKeys = Array.from({ length: 10 }, (_, n) => `client:203.0.113.${n + 1}`);
    const shared = [...clientKeys, ...clientKeys.map((key) => `day:${key}`), 'prefix:203.0.113.0/24', `table:${TABLE}`];
    const hits = async (keys: string[]) =>
      (
        await owner.query<{ hits: number }>(
          `select coalesce(sum(cardinality(array(select h from unnest(hits) h where h > now() - interval '1 day'))), 0)::int as hits
           from private.form_throttle_keys where key = any(array(select private.form_digest(k) from unnest($1::text[]) k))`,
          [keys],
        )
      ).rows[0].hits;
    await owner.query(
      `update private.form_limits set max_rows = 10000 where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
    );
    const answers: Answer[] = [];
    let seconds = 0;
    let purges = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const emails = Array.from({ length: CONCURRENCY }, (_, i) => `purge-${round}-${i}@example.com`);
        const addressKeys = emails.map((email) => `address:${TABLE}:${email}`);
        // Every key this round takes exists and has been quiet for longer than any window: the purge's to delete.
        await owner.query(
          `insert into private.form_throttle_keys (key, hits, last_at)
           select private.form_digest(k), array[now() - interval '2 days'], now() - interval '2 days' from unnest($1::text[]) k
           on conflict (key) do update set hits = excluded.hits, last_at = excluded.last_at`,
          [[...addressKeys, ...shared]],
        );
        const { result: sent, purges: runs } = await db.purgeDuring(() =>
          sendAll(
            clients,
            emails.map((email, i) => ({
              table: TABLE,
              body: sampleRow(TABLE, email),
              headers: { 'cf-connecting-ip': `203.0.113.${(i % 10) + 1}` },
            })),
            'read committed',
          ),
        );
        purges += runs;
        answers.push(...sent.answers);
        seconds += sent.seconds;
        const kinds = new Map<string, number>();
        for (const answer of sent.answers) kinds.set(kindOf(answer), (kinds.get(kindOf(answer)) ?? 0) + 1);
        expect(Object.fromEntries(kinds), `round ${round + 1}`).toEqual({ stored: CONCURRENCY });
        // Every row counted once against its address, its client, its client's day, its network and the table.
        expect(await hits(addressKeys), `round ${round + 1}`).toBe(CONCURRENCY);
        expect(await hits(clientKeys), `round ${round + 1}`).toBe(CONCURRENCY);
        expect(await hits(clientKeys.map((key) => `day:${key}`)), `round ${round + 1}`).toBe(CONCURRENCY);
        expect(await hits(['prefix:203.0.113.0/24', `table:${TABLE}`]), `round ${round + 1}`).toBe(2 * CONCURRENCY);
      }
      expect(purges).toBeGreaterThan(0);
      report.push([
        `purge (${purges} runs) during inserts sharing keys`,
        'read committed',
        answers.length,
        answers.length,
        0,
        0,
        '-',
        '0× 40P01 (deadlock)',
        Math.round(answers.length / seconds),
        percentile(
          answers.map((a) => a.ms),
          50,
        ).toFixed(0),
        percentile(
          answers.map((a) => a.ms),
          99,
        ).toFixed(0),
      ]);
    } finally {
      await owner.query(
        `update private.form_limits set max_rows = case name when 'per_client' then 20 when 'per_client_day' then 50 when 'per_prefix' then 30 when 'per_table' then 60 end
         where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
      );
    }
  });
});

describe('the storage budget counts live data, on a real server', () => {
  const used = async () => Number((await owner.query<{ n: string }>('select private.form_storage_bytes() as n')).rows[0].n);
  const onDisk = async () =>
    Number(
      (
        await owner.query<{ n: string }>(
          `select pg_total_relation_size('public.contact_submissions') + pg_total_relation_size('public.job_applications') as n`,
        )
      ).rows[0].n,
    );

  it('counts about what the rows take on disk once compacted, and gives room back at once when rows are erased: no VACUUM', async () => {
    await fresh();
    await owner.query(
      `update private.form_limits set max_rows = 10000 where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
    );
    try {
      // 600 rows of every size the forms allow, sent 200 at a time; random text, so compression cannot hide any of it.
      const words = () =>
        Array.from({ length: 1 + Math.floor(Math.random() * 600) }, () => Math.random().toString(36).slice(2, 9)).join(' ');
      const requests = Array.from({ length: 600 }, (_, i) => ({
        table: TABLE,
        body: { ...sampleRow(TABLE, `size-${i}@example.com`), message: words().slice(0, 5000) },
        headers: { 'cf-connecting-ip': ipv4(i + 1) },
      }));
      const { answers } = await sendAll(clients, requests, 'read committed');
      expect(answers.every((a) => a.result.ok)).toBe(true);
      const counted = await used();
      await owner.query('vacuum full public.contact_submissions');
      const compacted = await onDisk();
      // Never less than the rows take (a budget must not undercount), and not far more.
      expect(counted).toBeGreaterThanOrEqual(compacted * 0.9);
      expect(counted).toBeLessThanOrEqual(compacted * 1.6);

      // A budget just above what is used now; erase the oldest 60% of senders, without VACUUM.
      await owner.query(`update private.form_limits set max_rows = $1 where name = 'storage_mb'`, [Math.ceil(counted / 1048576)]);
      await owner.query(`select public.erase_submitter('size-' || n || '@example.com') from generate_series(0, 359) n`);
      expect(await onDisk()).toBe(compacted);
      expect(await used()).toBeLessThan(counted * 0.5);
      const visitor = await sendAll(
        clients.slice(0, 1),
        [{ table: TABLE, body: sampleRow(TABLE, 'after@example.com'), headers: { 'cf-connecting-ip': '192.0.2.200' } }],
        'read committed',
      );
      expect(visitor.answers[0].result.ok).toBe(true);
    } finally {
      await owner.query(
        `update private.form_limits set max_rows = case name when 'per_client' then 20 when 'per_client_day' then 50 when 'per_prefix' then 30 when 'per_table' then 60 when 'storage_mb' then 300 end
         where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table', 'storage_mb')`,
      );
    }
  });

  it('stays exact, with no deadlock, while 400 inserts, the drain and erasures run at once; every row ends announced, pending or in a digest', async () => {
    await fresh();
    await owner.query(
      `update private.form_limits set max_rows = 10000 where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
    );
    try {
      const requests = Array.from({ length: 2 * CONCURRENCY }, (_, i) => ({
        table: (i % 3 === 0 ? 'job_applications' : TABLE) as TableName,
        body: sampleRow(i % 3 === 0 ? 'job_applications' : TABLE, `mixed-${i}@example.com`),
        headers: { 'cf-connecting-ip': ipv4(i + 1) },
      }));
      let done = false;
      let drains = 0;
      const other = clients.slice(CONCURRENCY - 2);
      const background = (async () => {
        while (!done) {
          await other[0].query('select private.notify_drain()');
          await other[1].query(`select public.erase_submitter('mixed-' || (random() * 400)::int || '@example.com')`);
          drains++;
        }
      })();
      const { answers } = await sendAll(clients.slice(0, CONCURRENCY - 2), requests, 'read committed').finally(() => (done = true));
      await background;
      const kinds = new Set(answers.map(kindOf));
      expect([...kinds]).toEqual(['stored']);
      expect(drains).toBeGreaterThan(0);
      const { rows } = await owner.query<{ counted: string; recount: string }>(
        `select (select sum(bytes) from private.form_storage where part <> 'bookkeeping') as counted,
                (select coalesce(sum(private.form_row_bytes(to_jsonb(c))), 0) from public.contact_submissions c)
                + (select coalesce(sum(private.form_row_bytes(to_jsonb(j))), 0) from public.job_applications j) as recount`,
      );
      expect(Number(rows[0].counted)).toBe(Number(rows[0].recount));
      // Once the window has ended, one more drain: each stored row has its own message, or is counted in exactly one digest.
      await owner.query(`update private.notify_window set started_at = started_at - interval '10 minutes';
        update public.contact_submissions set created_at = created_at - interval '10 minutes';
        update public.job_applications set created_at = created_at - interval '10 minutes'`);
      await owner.query('select private.notify_drain()');
      const { rows: seen } = await owner.query(
        `select count(*) filter (where own and digest_id is null)::int as own, count(*) filter (where not own and digest_id is not null)::int as digested,
                count(*) filter (where own = (digest_id is not null))::int as neither_or_both, count(*)::int as stored
         from (select c.id, c.digest_id from public.contact_submissions c union all select j.id, j.digest_id from public.job_applications j) s,
              lateral (select exists (select 1 from private.notify_outbox o where o.row_id = s.id) as own) o`,
      );
      // (Some of the ten rows with a message of their own may have been erased meanwhile.)
      expect(seen[0].neither_or_both).toBe(0);
      expect(seen[0].own).toBeLessThanOrEqual(LIMITS.notifications);
      expect(seen[0].own + seen[0].digested).toBe(seen[0].stored);
    } finally {
      await owner.query(
        `update private.form_limits set max_rows = case name when 'per_client' then 20 when 'per_client_day' then 50 when 'per_prefix' then 30 when 'per_table' then 60 end
         where name in ('per_client', 'per_client_day', 'per_prefix', 'per_table')`,
      );
    }
  });
});

describe('held rows at a window’s edges, 200 at once', () => {
  it('when held rows open a window and when they close an ended one: none is announced on its own, one alert per window', async () => {
    await fresh();
    // Every row is held (the table's ceiling is 0); each request from a network of its own.
    await owner.query(`update private.form_limits set max_rows = 0 where name = 'per_table'`);
    try {
      const flood = (round: number) =>
        sendAll(
          clients,
          Array.from({ length: CONCURRENCY }, (_, i) => ({
            table: TABLE,
            body: sampleRow(TABLE, `edge-${round}-${i}@example.com`),
            headers: { 'cf-connecting-ip': `198.${18 + round}.${i}.1` },
          })),
          'read committed',
        );
      const sent = async () =>
        (
          await owner.query<{ own: number; alerts: number }>(
            `select count(*) filter (where body ->> 'type' = 'INSERT')::int as own,
                    count(*) filter (where body ->> 'type' = 'ALERT' and body -> 'alert' ->> 'kind' = 'held')::int as alerts
             from net.http_request_queue`,
          )
        ).rows[0];
      // No window is open: the first of the 200 opens it.
      expect((await owner.query(`select started_at = '-infinity' as closed from private.notify_window`)).rows).toEqual([{ closed: true }]);
      const first = await flood(0);
      expect(new Set(first.answers.map(kindOf))).toEqual(new Set(['stored']));
      expect(await sent()).toEqual({ own: 0, alerts: 1 });
      // The window ends: the first of the next 200 closes it and opens the next.
      await owner.query(`update private.notify_window set started_at = started_at - interval '10 minutes'`);
      const second = await flood(1);
      expect(new Set(second.answers.map(kindOf))).toEqual(new Set(['stored']));
      expect(await sent()).toEqual({ own: 0, alerts: 2 });
      expect((await owner.query(`select count(*)::int as n from public.${TABLE} where not held`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await owner.query(`update private.form_limits set max_rows = 60 where name = 'per_table'`);
    }
  });
});

describe("the team's links, pressed 200 times at once (supabase/schemas/35_team_actions.sql)", () => {
  const press = (sql: string, params: (i: number) => unknown[]) =>
    Promise.all(
      clients.map(async (client, i) => (await client.query<{ answer: { outcome: string } }>(sql, params(i))).rows[0].answer.outcome),
    );
  const tally = (outcomes: string[]) =>
    Object.fromEntries([...new Set(outcomes)].sort().map((o) => [o, outcomes.filter((x) => x === o).length]));

  it('a Release link releases its row once and queues one message; every other press says the link was used', async () => {
    await fresh();
    await owner.query(`update private.form_limits set max_rows = 0 where name = 'per_table'`);
    try {
      const row = sampleRow(TABLE, 'pressed@example.com');
      const [stored] = (
        await sendAll(clients.slice(0, 1), [{ table: TABLE, body: row, headers: { 'cf-connecting-ip': '198.51.100.7' } }], 'read committed')
      ).answers;
      expect(kindOf(stored)).toBe('stored');
      const sameLink = await press(
        `select public.team_release($1, 'one-link-pressed-200-times', now() + interval '1 day') as answer`,
        () => [row.id],
      );
      expect(tally(sameLink)).toEqual({ link_used: CONCURRENCY - 1, released: 1 });
      // 200 different links of the same row (the digest's, the alert's, a list's …): still one release.
      const otherLinks = await press(`select public.team_release($1, $2, now() + interval '1 day') as answer`, (i) => [
        row.id,
        `another-link-number-${i}`,
      ]);
      expect(tally(otherLinks)).toEqual({ already_released: CONCURRENCY });
      const { rows } = await owner.query(`select count(*)::int as n from private.notify_outbox where kind = 'row' and row_id = $1`, [
        row.id,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await owner.query(`update private.form_limits set max_rows = 60 where name = 'per_table'`);
    }
  });

  it('an Erase sender link erases once; the storage budget stays exact', async () => {
    await fresh();
    const rows = Array.from({ length: 20 }, (_, i) =>
      sampleRow(i % 2 ? 'job_applications' : TABLE, i % 3 ? 'eve@example.com' : 'EVE@example.com'),
    );
    await owner.query(`update private.form_limits set max_rows = 100 where name in ('per_address', 'per_client')`);
    try {
      const { answers } = await sendAll(
        clients.slice(0, rows.length),
        rows.map((body, i) => ({
          table: (i % 2 ? 'job_applications' : TABLE) as TableName,
          body,
          headers: { 'cf-connecting-ip': ipv4(i + 1) },
        })),
        'read committed',
      );
      expect(new Set(answers.map(kindOf))).toEqual(new Set(['stored']));
      const erased = await press(
        `select public.team_erase('eve@example.com', 'sender-key', 'one-erase-link-pressed', now() + interval '1 day', now()) as answer`,
        () => [],
      );
      expect(tally(erased)).toEqual({ erased: 1, link_used: CONCURRENCY - 1 });
      const { rows: counted } = await owner.query<{ counted: string; left: number }>(
        `select (select sum(bytes) from private.form_storage where part <> 'bookkeeping') as counted,
                (select count(*) from public.contact_submissions) + (select count(*) from public.job_applications) as left`,
      );
      expect([Number(counted[0].counted), Number(counted[0].left)]).toEqual([0, 0]);
    } finally {
      await owner.query(
        `update private.form_limits set max_rows = case name when 'per_address' then 3 else 20 end where name in ('per_address', 'per_client')`,
      );
    }
  });
});
