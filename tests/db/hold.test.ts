/**
 * A flood never costs a real lead (supabase/migrations/*_form_hold.sql), on
 * PGlite with stand-ins for pg_cron, Vault and pg_net, as anon with the
 * request headers PostgREST sets:
 *
 * - refused only for reasons tied to one sender (per address and per client,
 *   as throttle.test.ts shows, and the client's day);
 * - held, with the same 201, over the table's ceiling and over a network's
 *   (/24, /48), from senders within their own limits;
 * - held rows are not announced one by one, are listed for the team,
 *   released, erased like every row (their retention: lifecycle.test.ts);
 * - the storage cap and the held rows' daily budget refuse first the networks
 *   over their share, then everyone;
 * - notifications per sender, an overall ceiling, and one digest taken by
 *   the scheduled drain when the window has ended (the outbox itself: outbox.test.ts).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/lib/forms/definition';
import { THROTTLE_CODE } from '../../src/lib/forms/submit';
import { sampleRow } from '../support/supabase/postgrest';
import { parseSummary } from '../../supabase/functions/notify-submission/payload';
import { API_ROLES, databaseSuite, pgrstResponse, type RequestOptions, type Result, type Row } from './database';

// The deployed limits scaled down (they are data: one UPDATE each), so each rule takes a few rows to reach.
const PER_CLIENT_DAY = 15;
const PER_PREFIX = 6;
const PER_TABLE = 12;
// As deployed.
const NOTIFICATIONS = 10;
const PER_SENDER = 3;

const suite = databaseSuite({ extensions: true, resetLimits: true });

beforeAll(async () => {
  await suite.db.query(
    `insert into vault.decrypted_secrets values ('notify_submission_url', 'http://127.0.0.1/notify'), ('notify_submission_secret', 'x')`,
  );
  for (const [name, max] of [
    ['per_client_day', PER_CLIENT_DAY],
    ['per_prefix', PER_PREFIX],
    ['per_table', PER_TABLE],
  ] as const) {
    expect(await suite.runAs('service_role', 'update private.form_limits set max_rows = $1 where name = $2', [max, name])).toMatchObject({
      ok: true,
    });
  }
});
beforeEach(async () => {
  await suite.db.exec('truncate public.contact_submissions, public.job_applications, net.http_request_queue');
});

const from = (address: string): RequestOptions => ({ headers: { 'cf-connecting-ip': address, 'user-agent': 'test' } });
/** An IPv4 address in a /24 of its own. */
const spread = (i: number) => `198.${51 + (i >> 8)}.${i & 255}.1`;

let counter = 0;
const send = (address: string, table: TableName = 'contact_submissions', email = `s${++counter}@example.com`): Promise<Result> =>
  suite.insertAs('anon', table, sampleRow(table, email), from(address));

async function sendMany(count: number, address: (i: number) => string, table: TableName = 'contact_submissions') {
  const results: Result[] = [];
  for (let i = 0; i < count; i++) results.push(await send(address(i), table));
  return results;
}

const count = async (where: string, table: TableName = 'contact_submissions') =>
  (await suite.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where ${where}`)).rows[0].n;

/** What the team was sent: each row's message, a digest or an alert. */
const sent = async () =>
  (await suite.db.query<{ body: Row }>('select body from net.http_request_queue order by id')).rows.map(({ body }) =>
    body.type === 'SUMMARY'
      ? { summary: body.summary as Row }
      : body.type === 'ALERT'
        ? { alert: (body.alert as Row).kind as string }
        : { email: (body.record as Row).email as string },
  );
/** The messages about one row each. */
const posted = async () => (await sent()).filter((message) => 'email' in message || 'summary' in message);

async function withLimits(changes: Record<string, number>, test: () => Promise<void>) {
  const { rows: before } = await suite.db.query<{ name: string; max_rows: number }>(
    'select name, max_rows from private.form_limits where name = any($1)',
    [Object.keys(changes)],
  );
  for (const [name, max] of Object.entries(changes)) {
    expect(await suite.runAs('service_role', `update private.form_limits set max_rows = $1 where name = $2`, [max, name])).toMatchObject({
      ok: true,
    });
  }
  try {
    await test();
  } finally {
    for (const { name, max_rows } of before)
      await suite.db.query('update private.form_limits set max_rows = $1 where name = $2', [max_rows, name]);
  }
}

/** Moves the notification window, its senders' counts and its rows 10 minutes back, so it has ended. */
const endWindow = () =>
  suite.db.exec(`update private.notify_window set started_at = started_at - interval '10 minutes';
    update private.notify_senders set window_started_at = window_started_at - interval '10 minutes';
    update public.contact_submissions set created_at = created_at - interval '10 minutes';
    update public.job_applications set created_at = created_at - interval '10 minutes';
    update private.notify_outbox set created_at = created_at - interval '10 minutes'`);
/** The scheduled drain, by hand: the digest it took, or null. */
const digest = async () => (await suite.db.query<{ d: number | null }>(`select (private.notify_drain() ->> 'digest')::int as d`)).rows[0].d;

const expectThrottled = (result: Result) => {
  expect(result).toMatchObject({ ok: false, code: 'PGRST' });
  const response = pgrstResponse(result)!;
  expect(response).toMatchObject({ status: 429, body: { code: THROTTLE_CODE } });
  return Number(response.headers['Retry-After']);
};

describe('refused only for reasons tied to one sender', () => {
  it(`refuses a client past ${PER_CLIENT_DAY} rows a day (its /64 for IPv6), Retry-After within the day; another client still gets through`, async () => {
    // Below per_client (20 in 10 minutes): the day's cap is the one that refuses.
    const results = await sendMany(PER_CLIENT_DAY, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(results.filter((r) => r.ok)).toHaveLength(PER_CLIENT_DAY);
    const retryAfter = expectThrottled(await send('2001:db8:1:2:ffff::1'));
    expect(retryAfter).toBeGreaterThan(600);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await send('2001:db8:1:3::1')).toMatchObject({ ok: true });
  });
});

describe('held, not refused', () => {
  it('three bots fill the table ceiling, then 20 visitors: 20 of 20 stored (held), none refused, none announced one by one', async () => {
    const bots = await sendMany(PER_TABLE, (i) => spread(i % 3));
    expect(bots.filter((r) => r.ok)).toHaveLength(PER_TABLE);
    const visitors = await sendMany(20, (i) => spread(100 + i));
    expect(visitors).toEqual(Array.from({ length: 20 }, () => ({ ok: true, rows: [{ count: 1 }] })));
    expect(await count('held')).toBe(20);
    expect(await count('not held')).toBe(PER_TABLE);
    // 3 bots × 3 messages each; no held row is announced, the first of them raises one alert.
    expect(await posted()).toHaveLength(3 * PER_SENDER);
    expect((await sent()).filter((message) => 'alert' in message)).toEqual([{ alert: 'held' }]);
  });

  it(`holds a /24 past ${PER_PREFIX} rows (each of its addresses within its own limits); other networks stay normal`, async () => {
    const results = await sendMany(PER_PREFIX + 5, (i) => `203.0.113.${i + 1}`);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await count(`held`)).toBe(5);
    expect(await send('203.0.114.1')).toMatchObject({ ok: true });
    expect(await count(`held`)).toBe(5);
  });

  it('holds an IPv6 /48 past its rows: a home /56 of 256 /64s cannot keep the forms closed', async () => {
    const results = await sendMany(PER_PREFIX + 4, (i) => `2001:db8:aa:${(i + 1).toString(16)}::1`);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await count('held')).toBe(4);
    expect(await send('2001:db8:ab::1')).toMatchObject({ ok: true });
    expect(await count('held')).toBe(4);
  });

  it("counts held rows against the sender: the client's limits still refuse a flooder whose rows are held", async () => {
    await sendMany(PER_TABLE, (i) => spread(i));
    const flooder = await sendMany(PER_CLIENT_DAY + 1, () => '192.0.2.9');
    expect(flooder.filter((r) => r.ok)).toHaveLength(PER_CLIENT_DAY);
    expectThrottled(flooder[PER_CLIENT_DAY]);
  });
});

describe('held rows', () => {
  const flood = async () => {
    await sendMany(PER_TABLE, (i) => spread(i));
    await send('192.0.2.50', 'contact_submissions', 'held-one@example.com');
    await send('192.0.2.51', 'contact_submissions', 'held-two@example.com');
  };

  it('are listed for the team (service role), never for the API roles', async () => {
    await flood();
    const listed = await suite.runAs('service_role', 'select table_name, email from private.held_submissions order by email');
    expect(listed).toEqual({
      ok: true,
      rows: [
        { table_name: 'contact_submissions', email: 'held-one@example.com' },
        { table_name: 'contact_submissions', email: 'held-two@example.com' },
      ],
    });
    for (const role of API_ROLES) {
      expect(await suite.runAs(role, 'select * from private.held_submissions')).toMatchObject({ ok: false, code: '42501' });
      expect(await suite.runAs(role, 'select public.release_held_submissions(array[gen_random_uuid()])')).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
  });

  it('are released to normal by id, as the service role', async () => {
    await flood();
    const { rows } = await suite.db.query<{ id: string }>(`select id from public.contact_submissions where email = 'held-one@example.com'`);
    expect(await suite.runAs('service_role', 'select public.release_held_submissions($1) as released', [[rows[0].id]])).toEqual({
      ok: true,
      rows: [{ released: 1 }],
    });
    expect(await count(`held`)).toBe(1);
    expect(await count(`email = 'held-one@example.com' and not held`)).toBe(1);
  });

  it('are erased like every row', async () => {
    await flood();
    expect(await suite.runAs('service_role', 'select public.erase_submitter($1) as deleted', ['HELD-TWO@example.com'])).toEqual({
      ok: true,
      rows: [{ deleted: 1 }],
    });
    expect(await count('held')).toBe(1);
  });

  it('cannot be written by a visitor: the column is the database’s', async () => {
    const row = { ...sampleRow('contact_submissions', 'sneaky@example.com'), held: false };
    expect(await suite.insertAs('anon', 'contact_submissions', row)).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('the storage cap and the held rows’ daily budget', () => {
  it('at the storage cap refuses every row with the 429 the website answers with its e-mail notice', async () => {
    await withLimits({ storage_mb: 0 }, async () => {
      expect(expectThrottled(await send('192.0.2.60'))).toBe(3600);
      expect(await count('true')).toBe(0);
    });
    expect(await send('192.0.2.60')).toMatchObject({ ok: true });
  });

  it('from 80% of the held budget refuses a network over its share first, still holds one within its share; at 100% refuses every row it would hold', async () => {
    await withLimits({ held_per_day: 10, prefix_share: 8 }, async () => {
      await sendMany(PER_TABLE, (i) => spread(i));
      // A /24 that stores 8 rows (all held): 8 of 10 held today, and the network has used its share.
      expect((await sendMany(8, (i) => `203.0.113.${i + 1}`)).every((r) => r.ok)).toBe(true);
      expect(await count('held')).toBe(8);
      expectThrottled(await send('203.0.113.100'));
      // Another network, within its share, is still held, not refused.
      expect(await send('192.0.2.70')).toMatchObject({ ok: true });
      expect(await send('192.0.2.71')).toMatchObject({ ok: true });
      expect(await count('held')).toBe(10);
      // The budget is spent: a row that would be held is refused; the other table, under its ceiling, still stores normally.
      expectThrottled(await send('192.0.2.72'));
      expect(await send('192.0.2.72', 'job_applications')).toMatchObject({ ok: true });
      expect(await count('not held', 'job_applications')).toBe(1);
    });
  });
});

describe('notifications per sender', () => {
  it('one client sends 11 junk rows, then a visitor one: the junk client gets 3 messages, the visitor’s row its own', async () => {
    await sendMany(11, () => '192.0.2.66');
    await send('198.51.100.5', 'job_applications', 'visitor@example.com');
    const messages = await posted();
    expect(messages).toHaveLength(PER_SENDER + 1);
    expect(messages.at(-1)).toEqual({ email: 'visitor@example.com' });
  });

  it(`keeps an overall ceiling of ${NOTIFICATIONS} messages for floods from many senders at once`, async () => {
    await sendMany(25, (i) => spread(i));
    expect(await posted()).toHaveLength(NOTIFICATIONS);
  });

  it('takes one digest when the window has ended (the scheduled drain): rows held and not announced, senders, where to review', async () => {
    await sendMany(PER_TABLE, (i) => spread(i));
    await sendMany(4, (i) => spread(200 + i));
    expect(await posted()).toHaveLength(NOTIFICATIONS);
    // The window is still open: its rows are not counted yet, nothing is sent.
    expect(await digest()).toBeNull();
    await endWindow();
    const id = await digest();
    expect(id).toEqual(expect.any(Number));
    const { rows } = await suite.db.query<{ body: Row }>(`select body from net.http_request_queue where body ->> 'type' = 'SUMMARY'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].body.summary).toMatchObject({
      digest_id: id,
      notified: NOTIFICATIONS,
      unannounced: PER_TABLE + 4 - NOTIFICATIONS,
      held: 4,
      // One row per sender: the senders of every row past the first ten, held or not.
      senders: PER_TABLE + 4 - NOTIFICATIONS,
      held_senders: 4,
      review: 'private.form_inbox',
    });
    expect(parseSummary(rows[0].body)).toMatchObject({ ok: true, summary: { held: 4, review: 'private.form_inbox' } });
    // Each row counted once: the next run takes no digest.
    expect(await digest()).toBeNull();
  });

  it('counts the ended window’s rows when a new row opens the next window before the drain runs', async () => {
    await sendMany(5, () => '192.0.2.80');
    await endWindow();
    await send('198.51.100.81');
    expect(await digest()).toEqual(expect.any(Number));
    const summary = (await posted()).find((p) => 'summary' in p)!.summary!;
    expect(summary).toMatchObject({ notified: PER_SENDER, unannounced: 2, held: 0, senders: 1, held_senders: 0 });
  });

  it('takes no digest for a window in which every row was announced', async () => {
    await sendMany(3, (i) => spread(i));
    await endWindow();
    expect(await digest()).toBeNull();
    expect(await posted()).toHaveLength(3);
  });
});
