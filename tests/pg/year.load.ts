/**
 * A year unattended, in minutes (`npm run bench:year`): 15 months of the database on a real
 * PostgreSQL 15 server with the real pg_cron (./simulation.ts: the jobs' runs at their schedules, 30
 * leads a day, a flood a month, a scheduled post a week, the jobs' commands), printing each table's
 * rows and bytes at months 1, 3, 6, 12 and 15 and the storage budget used. Once the longest
 * retention (12 months) has passed, the budget used must be flat.
 *
 *   npm run bench:year
 *   YEAR_MIGRATIONS=/tmp/before/supabase/migrations npm run bench:year   # another commit's migrations
 *
 * (`git archive <commit> supabase/migrations | tar -x -C /tmp/before` makes that folder.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { setupScripts } from '../support/supabase/postgrest';
import { connect } from './requests';
import { startServer, type Server } from './server';
import { Simulation } from './simulation';

const CHECKPOINTS = [
  { month: 1, day: 30 },
  { month: 3, day: 91 },
  { month: 6, day: 182 },
  { month: 12, day: 365 },
  { month: 15, day: 456 },
];
const migrations = process.env.YEAR_MIGRATIONS;
let server: Server;
let owner: pg.Client;
let visitor: pg.Client;

beforeAll(async () => {
  server = await startServer({ maxConnections: 10, cron: true });
  [owner, visitor] = await connect(server.connection, 2);
  for (const script of setupScripts({ extensions: ['vault', 'net'], migrations })) await owner.query(script.sql);
});

afterAll(async () => {
  await Promise.all([owner?.end(), visitor?.end()].map((p) => p?.catch(() => {})));
  server?.stop();
});

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

it('keeps every table and the storage budget flat once the longest retention has passed', async () => {
  const simulation = new Simulation(owner, visitor, {
    leadsPerDay: 30,
    floodDays: (day) => day % 30 === 15,
    floodSize: 300,
    postDays: (day) => day % 7 === 3,
  });
  await simulation.prepare();
  const started = performance.now();
  const taken: { month: number; sizes: Map<string, { rows: number; bytes: number }>; used: number; budget: number }[] = [];
  for (const checkpoint of CHECKPOINTS) {
    while (simulation.day < checkpoint.day) await simulation.step();
    const { used, budget } = await simulation.budget();
    taken.push({ month: checkpoint.month, sizes: await simulation.sizes(), used, budget });
    console.log(`month ${checkpoint.month}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const tables = [...taken.at(-1)!.sizes.keys()];
  const header = ['table', ...taken.map((t) => `month ${t.month}`)];
  const rows = tables.map((table) => [
    table,
    ...taken.map((t) => {
      const size = t.sizes.get(table);
      return size ? `${size.rows.toLocaleString('en')} rows, ${kb(size.bytes)}` : '-';
    }),
  ]);
  rows.push(['storage budget used', ...taken.map((t) => `${((t.used * 100) / t.budget).toFixed(2)}% (${kb(t.used)})`)]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    [
      `A year unattended (rows, and the bytes they hold): ${simulation.day} days in ${((performance.now() - started) / 1000).toFixed(0)} s (${migrations ?? 'supabase/migrations'})`,
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
    ].join('\n'),
  );
  // Flat: after 12 months (the longest retention), three more months add less than 5% of what a year used.
  const [year, later] = [taken.at(-2)!, taken.at(-1)!];
  const growth = (later.used - year.used) / year.used;
  console.log(`storage used, month 12 to month 15: ${(growth * 100).toFixed(1)}%`);
  if (!migrations) expect(growth).toBeLessThan(0.05);
});
