/**
 * A load benchmark, not a test of `npm test` (`npm run bench:db`): the insert
 * throughput of a real PostgreSQL 15 server with the migrations applied, from
 * 200 connections at once, with the write limits' guard and the notification
 * numbering as deployed, with the numbering only, and with neither; printed
 * as rows per second and p50/p99 latency. Limits are raised so every row is
 * accepted and each key keeps about as many times as the default limits let
 * it keep. That each limit holds is tests/pg/flood.test.ts's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { table } from '../support/table';
import { percentile, sendAll } from './requests';
import { openFloodDatabase, type FloodDatabase } from './flood-database';

const CONCURRENCY = 200;
const TABLE: TableName = 'contact_submissions';
let db: FloodDatabase;
let owner: pg.Client;
let clients: pg.Client[];
const throughput: (string | number)[][] = [];
let counter = 0;
const unique = () => `${process.pid}-${++counter}`;
const ipv4 = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const fresh = () => db.fresh();

beforeAll(async () => {
  db = await openFloodDatabase(CONCURRENCY);
  ({ owner, clients } = db);
});

afterAll(async () => {
  await db?.close();
  if (throughput.length > 0) {
    console.log(
      [
        `\nInsert throughput from ${CONCURRENCY} connections, distinct keys, limits at 10000 rows a second (so every row is accepted and a key keeps`,
        `about as many times as the default limits let it keep), latency from BEGIN to COMMIT:`,
        table(['triggers', 'rows', 'rows/s', 'p50 ms', 'p99 ms'], throughput),
      ].join('\n'),
    );
  }
});

const ROWS = 10 * CONCURRENCY;
const CONFIGURATIONS = [
  { name: 'the guard and the notification numbering (as deployed)', disabled: [] },
  { name: 'the notification numbering only', disabled: ['form_insert_start', 'form_insert_guard', 'form_insert_count'] },
  {
    name: 'neither (a plain insert)',
    disabled: ['form_insert_start', 'form_insert_guard', 'form_insert_count', 'notify_submission'],
  },
];
/** Only the triggers this checkout has. */
const triggers = async (action: 'enable' | 'disable', names: string[]) => {
  const { rows } = await owner.query<{ tgname: string }>(
    `select tgname from pg_trigger where tgrelid = 'public.${TABLE}'::regclass and tgname = any($1)`,
    [names],
  );
  if (rows.length > 0) await owner.query(`alter table public.${TABLE} ${rows.map((r) => `${action} trigger ${r.tgname}`).join(', ')}`);
};

it(`stores ${ROWS} rows from ${CONCURRENCY} connections with and without the guard`, async () => {
  await owner.query(`update private.form_limits set max_rows = 10000, window_length = interval '1 second' where name <> 'notifications'`);
  try {
    for (const configuration of CONFIGURATIONS) {
      await fresh();
      await triggers('disable', configuration.disabled);
      try {
        const requests = Array.from({ length: ROWS }, (_, i) => ({
          table: TABLE,
          body: sampleRow(TABLE, `t${unique()}@example.com`),
          headers: { 'cf-connecting-ip': ipv4(i + 1) },
        }));
        const { answers, seconds } = await sendAll(clients, requests, 'read committed');
        expect(answers.filter((a) => a.result.ok)).toHaveLength(ROWS);
        const latencies = answers.map((a) => a.ms);
        throughput.push([
          configuration.name,
          ROWS,
          Math.round(ROWS / seconds),
          percentile(latencies, 50).toFixed(1),
          percentile(latencies, 99).toFixed(1),
        ]);
      } finally {
        await triggers('enable', configuration.disabled);
      }
    }
  } finally {
    await owner.query(
      `update private.form_limits set window_length = interval '10 minutes',
         max_rows = case name when 'per_address' then 3 when 'per_client' then 20 when 'per_table' then 60 else max_rows end`,
    );
  }
}, 600_000);
