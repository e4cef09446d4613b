/**
 * The write limits on a real PostgreSQL 15 server under load (PGlite has one
 * connection, so none of this can be seen there): the migrations applied as
 * on Supabase, with stand-ins for Vault and pg_net so the notification
 * trigger runs; then floods of requests made as PostgREST makes them, 200 at
 * once, each on its own connection, for one address, from one client, with
 * forged headers, under READ COMMITTED, REPEATABLE READ and SERIALIZABLE.
 *
 * Asserted: no limit is ever exceeded; under READ COMMITTED each limit is met
 * exactly; every refusal is the throttle's 429 (or, above READ COMMITTED, the
 * clear 503 form_busy or a serialization failure); bookkeeping and queued
 * notifications stay bounded. Printed, not asserted: requests per second and
 * latency of each flood. The throughput with and without the guard (thousands
 * of inserts) is a benchmark of its own: `npm run bench:db` (./throughput.load.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { table } from '../support/table';
import { kindOf, percentile, sendAll, type Isolation, type Request } from './requests';
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
        table(['scenario', 'isolation', 'requests', 'accepted', 'refused', 'limit', 'refusals', 'requests/s', 'p50 ms', 'p99 ms'], report),
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
  requests: number;
  request: (i: number) => Request;
}

const TABLE: TableName = 'contact_submissions';

const scenarios: Record<string, Scenario> = {
  oneAddress: {
    name: 'one e-mail address, a new client each time',
    limit: 'per_address',
    requests: CONCURRENCY,
    request: (i) => ({ table: TABLE, body: sampleRow(TABLE, 'target@example.com'), headers: { 'cf-connecting-ip': ipv4(i + 1) } }),
  },
  oneClient: {
    name: 'one client, new e-mail and forged X-Forwarded-For each time',
    limit: 'per_client',
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
    requests: 5 * CONCURRENCY,
    request: (i) => ({ table: TABLE, body: sampleRow(TABLE, `f${unique()}@example.com`), headers: { 'cf-connecting-ip': ipv4(i + 1) } }),
  },
};

const extraScenarios: Scenario[] = [
  {
    name: 'no usable address (missing, empty, ", 203.0.113.7", malformed)',
    limit: 'per_client',
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
  const { rows } = await owner.query<{ n: number }>(`select count(*)::int as n from public.${TABLE}`);
  expect(rows[0].n, 'rows stored = requests answered 201').toBe(accepted);
  report.push([
    scenario.name,
    isolation,
    scenario.requests,
    accepted,
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
  return { accepted, refusals, seconds };
}

describe('under READ COMMITTED (PostgREST) every limit is met exactly, never exceeded', () => {
  it.each(Object.values(scenarios).concat(extraScenarios))('$name', async (scenario) => {
    const { accepted, refusals } = await run(scenario, 'read committed');
    expect(accepted).toBe(LIMITS[scenario.limit]);
    expect([...refusals.keys()]).toEqual(['429 form_throttled']);
  });

  it('keeps bookkeeping and queued notifications bounded by what was accepted, whatever the flood', async () => {
    const { accepted } = await run(
      { ...scenarios.everythingForged, name: `${scenarios.everythingForged.name}, then bookkeeping counted` },
      'read committed',
    );
    const { rows: keys } = await owner.query<{ keys: number; hits: number }>(
      'select count(*)::int as keys, coalesce(sum(cardinality(hits)), 0)::int as hits from private.form_throttle_keys',
    );
    // One address key and one client key per accepted row, and the table's key.
    expect(keys).toEqual([{ keys: 2 * accepted + 1, hits: 3 * accepted }]);
    const { rows: queued } = await owner.query<{ number: number }>(
      `select (body -> 'notification' ->> 'number')::int as number from net.http_request_queue order by 1`,
    );
    expect(queued.map((q) => q.number)).toEqual(Array.from({ length: LIMITS.notifications + 1 }, (_, i) => i + 1));
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
    const { accepted, refusals } = await run(scenario, isolation);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(LIMITS[scenario.limit]);
    for (const kind of refusals.keys()) expect(['429 form_throttled', ...BUSY[isolation]]).toContain(kind);
  });
});
