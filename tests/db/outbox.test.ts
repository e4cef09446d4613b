/**
 * Stored means seen (supabase/migrations/*_form_outbox.sql), on PGlite with stand-ins for Vault
 * and pg_net (tests/db/stand-ins/) and without pg_cron, as anon with the request headers
 * PostgREST sets:
 *
 * - the storage budget counts live data: a recount always equals the counter, and a full
 *   budget recovers by itself once rows are erased or expire;
 * - every stored row ends announced on its own (its delivery confirmed by a 2xx) or counted in
 *   exactly one digest; a failed, refused, timed-out or unanswered post is retried with backoff;
 * - held rows are never announced on their own, also at a window's edges;
 * - the first held row of a window, capacity refusals and the storage thresholds alert;
 * - the team's view, the function's memory of delivered keys, and health (reporting pg_cron
 *   missing here); none of it reachable by the API roles.
 *
 * pg_net's part is played by hand: a test reads the queued requests and writes the answer
 * pg_net would (net._http_response). The real pg_cron and concurrency: tests/pg.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/lib/forms/definition';
import { THROTTLE_CODE } from '../../src/lib/forms/submit';
import { sampleRow } from '../support/supabase/postgrest';
import { parseAlert, parsePayload, parseSummary } from '../../supabase/functions/notify-submission/payload';
import { API_ROLES, databaseSuite, pgrstResponse, type RequestOptions, type Result, type Row } from './database';

const URL = 'http://127.0.0.1/notify';
const SECRET = 'x';
const suite = databaseSuite({ extensions: ['vault', 'net'], resetLimits: true });

const setSecrets = () =>
  suite.db.query(
    `insert into vault.decrypted_secrets values ('notify_submission_url', $1), ('notify_submission_secret', $2) on conflict do nothing`,
    [URL, SECRET],
  );

beforeAll(setSecrets);
beforeEach(async () => {
  await suite.db.exec(`truncate public.contact_submissions, public.job_applications, net.http_request_queue, net._http_response;
    update private.form_limits set max_rows = case name when 'per_table' then 60 when 'storage_mb' then 300 when 'held_per_day' then 5000 else max_rows end`);
});

const from = (address: string): RequestOptions => ({ headers: { 'cf-connecting-ip': address, 'user-agent': 'test' } });
/** An IPv4 address in a /24 of its own. */
const spread = (i: number) => `198.${51 + (i >> 8)}.${i & 255}.1`;
let counter = 0;
const send = (address: string, table: TableName = 'contact_submissions', email = `o${++counter}@example.com`, row: Row = {}) =>
  suite.insertAs('anon', table, { ...sampleRow(table, email), ...row }, from(address));

async function sendMany(count: number, address: (i: number) => string, row: Row = {}) {
  const results: Result[] = [];
  for (let i = 0; i < count; i++) results.push(await send(address(i), 'contact_submissions', `m${++counter}@example.com`, row));
  return results;
}

const one = async <T = Row>(sql: string, params?: unknown[]) => (await suite.db.query<T>(sql, params)).rows[0];
const all = async <T = Row>(sql: string, params?: unknown[]) => (await suite.db.query<T>(sql, params)).rows;
const setLimit = (name: string, max: number) => suite.db.query('update private.form_limits set max_rows = $1 where name = $2', [max, name]);

/** The scheduled job, run by hand (no pg_cron here). */
const drain = async () => (await one<{ result: Row }>('select private.notify_drain() as result')).result;

interface Queued {
  id: number;
  body: Row & { type: string; delivery: { key: string; attempt: number } };
}
/** What pg_net was asked to send, oldest first. */
const queued = () => all<Queued>('select id, body from net.http_request_queue order by id');
/** What pg_net would write once the function answered request `id`. */
const answer = (id: number, status: number | null, extra: { timed_out?: boolean; error_msg?: string; content?: string } = {}) =>
  suite.db.query(`insert into net._http_response (id, status_code, timed_out, error_msg, content) values ($1, $2, $3, $4, $5)`, [
    id,
    status,
    extra.timed_out ?? false,
    extra.error_msg ?? null,
    extra.content ?? (status === 200 ? '{"delivered":["email","chat"]}' : '{"error":"down"}'),
  ]);
/** Answers every request not yet answered. */
const answerAll = async (status: number) => {
  for (const { id } of await all<{ id: number }>(
    'select q.id from net.http_request_queue q where not exists (select 1 from net._http_response r where r.id = q.id)',
  ))
    await answer(id, status);
};
const outbox = () =>
  all<{
    key: string;
    kind: string;
    attempts: number;
    request_id: number | null;
    delivered_at: string | null;
    dropped_reason: string | null;
    last_error: string | null;
  }>('select key, kind, attempts, request_id, delivered_at, dropped_reason, last_error from private.notify_outbox order by id');
/** Entries waiting for a later attempt are due now (time passing, for the backoff). */
const makeDue = () => suite.db.exec('update private.notify_outbox set next_attempt_at = now() where delivered_at is null');

/** Moves the window, its senders, the rows and the outbox 10 minutes back: the window has ended and its rows are old enough for a digest. */
const endWindow = () =>
  suite.db.exec(`update private.notify_window set started_at = started_at - interval '10 minutes';
    update private.notify_senders set window_started_at = window_started_at - interval '10 minutes';
    update public.contact_submissions set created_at = created_at - interval '10 minutes';
    update public.job_applications set created_at = created_at - interval '10 minutes';
    update private.notify_outbox set created_at = created_at - interval '10 minutes'`);

const expectThrottled = (result: Result) => {
  expect(result).toMatchObject({ ok: false, code: 'PGRST' });
  expect(pgrstResponse(result)).toMatchObject({ status: 429, body: { code: THROTTLE_CODE } });
};

describe('the storage budget counts live data', () => {
  const counted = async () =>
    Number((await one<{ n: string }>(`select sum(bytes) as n from private.form_storage where part <> 'bookkeeping'`)).n);
  const recount = async () =>
    Number(
      (
        await one<{ n: string }>(`select (select coalesce(sum(private.form_row_bytes(to_jsonb(c))), 0) from public.contact_submissions c)
          + (select coalesce(sum(private.form_row_bytes(to_jsonb(j))), 0) from public.job_applications j) as n`)
      ).n,
    );

  it('keeps the counter equal to a recount of the rows through every kind of write', async () => {
    expect(await counted()).toBe(0);
    await sendMany(3, spread);
    await send(spread(9), 'job_applications', 'apply@example.com', { cover_letter: 'x'.repeat(4000) });
    expect(await counted()).toBe(await recount());
    expect(await counted()).toBeGreaterThan(4000 + 4 * 100);
    // Marks the database keeps for itself do not move it: held, announced, counted in a digest.
    const before = await counted();
    await suite.db.exec(`update public.contact_submissions set held = true, announced_at = now(), digest_id = 5`);
    expect(await counted()).toBe(before);
    // A staff edit of what a visitor wrote does.
    await suite.db.exec(`update public.contact_submissions set message = message || ' (edited by the team)' where email like 'm%'`);
    expect(await counted()).toBeGreaterThanOrEqual(before + 3 * ' (edited by the team)'.length);
    expect(await counted()).toBe(await recount());
    // Deletes give the room back: erasure, the dashboard, retention, truncation.
    expect(await suite.runAs('service_role', `select public.erase_submitter('apply@example.com') as n`)).toMatchObject({ ok: true });
    expect(await counted()).toBe(await recount());
    await suite.db.exec(`delete from public.contact_submissions where ctid = (select min(ctid) from public.contact_submissions)`);
    expect(await counted()).toBe(await recount());
    await suite.db.exec(`update public.contact_submissions set created_at = now() - interval '13 months'`);
    expect(await suite.runAs('service_role', 'select public.purge_expired_submissions() as n')).toMatchObject({
      ok: true,
      rows: [{ n: 2 }],
    });
    expect(await counted()).toBe(0);
    await send(spread(1));
    await suite.db.exec('truncate public.contact_submissions');
    expect(await counted()).toBe(0);
  });

  it('counts the bookkeeping as the purge job measures it', async () => {
    await sendMany(5, spread);
    await suite.db.query('select private.form_throttle_purge()');
    const { bytes, measured } = await one<{ bytes: string; measured: boolean }>(
      `select sum(bytes) as bytes, bool_and(measured_at > now() - interval '1 minute') as measured from private.form_storage where part = 'bookkeeping'`,
    );
    // Five rows: their address, client, day and network keys, the table's key, the senders, the outbox entries.
    expect(Number(bytes)).toBeGreaterThan(5 * 4 * 60);
    expect(measured).toBe(true);
    expect(Number((await one<{ n: string }>('select private.form_storage_bytes() as n')).n)).toBe((await counted()) + Number(bytes));
  });

  it('a flood fills a 1 MB budget: 80% and 100% alert once each, the next visitor gets the 429; erasing the oldest 60% of senders stores the next visitor (no VACUUM, no manual step) and re-arms the alerts', async () => {
    // Rows of about 5 KB: 200 of them fill 1 MB.
    const long = { message: 'Lorem ipsum dolor sit amet. '.repeat(178) };
    const senders: string[] = [];
    const fill = async (toPercent: number) => {
      for (;;) {
        const used = Number((await one<{ n: string }>('select private.form_storage_bytes() as n')).n);
        if (used * 100 >= toPercent * 1048576) return;
        const email = `fill-${++counter}@example.com`;
        expect(await send(spread(counter % 4000), 'contact_submissions', email, long)).toMatchObject({ ok: true });
        senders.push(email);
      }
    };
    const storageAlerts = async () =>
      (await queued())
        .filter((q) => q.body.type === 'ALERT')
        .map((q) => q.body.alert as Row)
        .filter((a) => a.kind === 'storage');
    await setLimit('storage_mb', 1);
    await setLimit('per_table', 10000);

    await fill(80);
    expect((await drain()).alerts).toBe(1);
    expect((await drain()).alerts).toBe(0);
    expect(await storageAlerts()).toEqual([expect.objectContaining({ percent: 80, budget_bytes: 1048576 })]);
    expect(parseAlert((await queued()).find((q) => q.body.type === 'ALERT')!.body)).toMatchObject({ ok: true, alert: { kind: 'storage' } });

    await fill(100);
    expectThrottled(await send(spread(4001), 'contact_submissions', 'visitor@example.com'));
    expect(await one(`select count(*)::int as n from public.contact_submissions where email = 'visitor@example.com'`)).toEqual({ n: 0 });
    // The refusal was rolled back, and still counted: the drain alerts it, with 100%.
    expect((await drain()).alerts).toBe(2);
    const alerts = (await queued()).filter((q) => q.body.type === 'ALERT').map((q) => q.body.alert as Row);
    expect(alerts.slice(1)).toEqual([
      expect.objectContaining({ kind: 'refused', refused: 1 }),
      expect.objectContaining({ kind: 'storage', percent: 100 }),
    ]);

    for (const email of senders.slice(0, Math.ceil(senders.length * 0.6)))
      expect(await suite.runAs('service_role', 'select public.erase_submitter($1)', [email])).toMatchObject({ ok: true });
    expect(await send(spread(4002), 'contact_submissions', 'visitor@example.com')).toEqual({ ok: true, rows: [{ count: 1 }] });

    await drain();
    expect(await one('select storage_alerted from private.notify_state')).toEqual({ storage_alerted: 0 });
    await fill(80);
    expect((await drain()).alerts).toBe(1);
    expect((await storageAlerts()).map((a) => a.percent)).toEqual([80, 100, 80]);
  });

  it('recovers as retention deletes expired held rows', async () => {
    await setLimit('per_table', 0);
    await sendMany(3, spread, { message: 'y'.repeat(4000) });
    await setLimit('storage_mb', 0);
    expectThrottled(await send(spread(50)));
    await setLimit('storage_mb', 1);
    const used = Number((await one<{ n: string }>('select private.form_storage_bytes() as n')).n);
    await suite.db.exec(`update public.contact_submissions set created_at = now() - interval '31 days' where held`);
    await suite.runAs('service_role', 'select public.purge_expired_submissions()');
    expect(Number((await one<{ n: string }>('select private.form_storage_bytes() as n')).n)).toBeLessThan(used - 3 * 4000);
  });
});

describe('every stored row ends in a state the team can see', () => {
  it('a row with its own message is posted at once, confirmed by a 2xx, then marked announced', async () => {
    const row = sampleRow('contact_submissions', 'own@example.com');
    expect(await suite.insertAs('anon', 'contact_submissions', row, from(spread(1)))).toMatchObject({ ok: true });
    const [request] = await queued();
    expect(request.body).toMatchObject({
      type: 'INSERT',
      table: 'contact_submissions',
      record: { id: row.id, email: 'own@example.com' },
      notification: { number: 1, limit: 10 },
      delivery: { key: `row:contact_submissions:${row.id}`, attempt: 1 },
    });
    expect(parsePayload(request.body)).toMatchObject({ ok: true, submission: { delivery: { key: `row:contact_submissions:${row.id}` } } });
    expect(await outbox()).toEqual([expect.objectContaining({ kind: 'row', attempts: 1, request_id: request.id, delivered_at: null })]);
    // No answer yet: in flight, nothing else happens.
    expect(await drain()).toMatchObject({ confirmed: 0, failed: 0, posted: 0, pending: 1 });
    await answer(request.id, 200);
    expect(await drain()).toMatchObject({ confirmed: 1, pending: 0 });
    expect(await one('select announced_at is not null as announced from public.contact_submissions where id = $1', [row.id])).toEqual({
      announced: true,
    });
    expect(await all(`select id from private.form_inbox`)).toEqual([]);
  });

  it('a failed, refused, timed-out or unanswered post is tried again at the next run until the function confirms', async () => {
    await send(spread(2));
    const failures: [number | null, { timed_out?: boolean; error_msg?: string } | 'silence', RegExp][] = [
      [500, {}, /^HTTP 500: \{"error":"down"\}$/],
      [401, {}, /^HTTP 401/],
      [null, { timed_out: true, error_msg: 'Timeout was reached' }, /^timed out$/],
      [null, { error_msg: 'Could not resolve host' }, /^Could not resolve host$/],
      [null, 'silence', /^no answer recorded within 5 minutes$/],
    ];
    for (const [attempt, [status, extra, error]] of failures.entries()) {
      const request = (await queued()).at(-1)!;
      expect(request.body.delivery.attempt).toBe(attempt + 1);
      // No answer yet: the attempt is in flight, nothing is sent again.
      if (extra === 'silence') expect(await drain()).toMatchObject({ failed: 0, posted: 0 });
      if (extra === 'silence') await suite.db.exec(`update private.notify_outbox set sent_at = now() - interval '6 minutes'`);
      else await answer(request.id, status, extra);
      // The function is failing: the same run tries again.
      expect(await drain()).toMatchObject({ failed: 1, posted: 1, endpoint: 'failing' });
      expect((await outbox())[0].last_error).toMatch(error);
    }
    await answer((await queued()).at(-1)!.id, 200);
    expect(await drain()).toMatchObject({ confirmed: 1, pending: 0, endpoint: 'ok' });
    expect((await outbox())[0]).toMatchObject({ attempts: 6, last_error: null });
    expect(new Set((await queued()).map((q) => q.body.delivery.key)).size).toBe(1);
  });

  it('while the function works, a message it refuses waits its backoff before the next attempt', async () => {
    await send(spread(5), 'contact_submissions', 'refused@example.com');
    await send(spread(6), 'contact_submissions', 'fine@example.com');
    const [refused, fine] = await queued();
    await answer(refused.id, 400, { content: '{"error":"record.message must be a non-empty string"}' });
    await answer(fine.id, 200);
    await suite.db.exec(`update net._http_response set created = created + interval '1 second' where id = ${fine.id}`);
    expect(await drain()).toMatchObject({ confirmed: 1, failed: 1, posted: 0, endpoint: 'ok' });
    expect(await drain()).toMatchObject({ posted: 0 });
    await makeDue();
    expect(await drain()).toMatchObject({ posted: 1 });
    expect((await queued()).at(-1)!.body.delivery).toEqual({ key: refused.body.delivery.key, attempt: 2 });
  });

  it('waits for the next run (30 s apart) after each of the first five attempts, then doubles up to an hour', async () => {
    const { rows } = await suite.db.query<{ seconds: number }>(
      'select extract(epoch from private.notify_backoff(n)) as seconds from generate_series(1, 12) n order by n',
    );
    expect(rows.map((r) => Number(r.seconds))).toEqual([20, 20, 20, 20, 20, 80, 200, 440, 920, 1880, 3560, 3560]);
  });

  it('while the function fails tries the five entries next due each run, due or not, and its first success makes every waiting entry due at once', async () => {
    await sendMany(8, spread);
    await answerAll(500);
    expect(await drain()).toMatchObject({ failed: 8, posted: 5, endpoint: 'failing' });
    await answerAll(500);
    // An hour's backoff does not stop the probes: a recovery is noticed at the next run.
    await suite.db.exec(`update private.notify_outbox set next_attempt_at = now() + interval '1 hour'`);
    expect(await drain()).toMatchObject({ failed: 5, posted: 5 });
    // The function recovers: the last probes are answered 200.
    await answerAll(200);
    const recovered = await drain();
    expect(recovered).toMatchObject({ confirmed: 5, recovered: true, endpoint: 'ok', posted: 3 });
  });

  it('once the function recovers, the drain takes a catch-up digest of the open window too, so the team has everything it missed', async () => {
    // 12 senders in one window: 10 messages of their own, 2 rows for the window's digest.
    await sendMany(12, spread);
    await answerAll(500);
    expect(await drain()).toMatchObject({ failed: 10, posted: 5, digest: null, endpoint: 'failing' });
    // A minute later, the window still open: no digest yet.
    await suite.db.exec(`update public.contact_submissions set created_at = created_at - interval '1 minute';
      update private.notify_window set started_at = started_at - interval '1 minute'`);
    expect(await drain()).toMatchObject({ posted: 5, digest: null, recovered: false });
    await answerAll(200);
    const recovered = await drain();
    expect(recovered).toMatchObject({ confirmed: 10, recovered: true, digest: expect.any(Number) });
    // The digest went out with it, at once.
    expect((await queued()).at(-1)!.body).toMatchObject({ type: 'SUMMARY', summary: { digest_id: recovered.digest, unannounced: 2 } });
    expect(await one('select count(*)::int as n from public.contact_submissions where digest_id = $1', [recovered.digest])).toEqual({
      n: 2,
    });
  });

  it('never sends a row erased before its message was delivered: the entry is dropped, with the reason', async () => {
    await send(spread(3), 'contact_submissions', 'erased@example.com');
    await answerAll(500);
    await drain();
    await suite.runAs('service_role', `select public.erase_submitter('erased@example.com')`);
    await answerAll(500);
    const requests = (await queued()).length;
    expect(await drain()).toMatchObject({ failed: 1, posted: 0, dropped: 1, pending: 0 });
    expect((await queued()).length).toBe(requests);
    expect((await outbox())[0].dropped_reason).toBe('the row was deleted (erased or expired) before it was announced');
  });

  it('loses nothing while the Vault secrets are missing: entries wait, then go', async () => {
    await suite.db.exec('delete from vault.decrypted_secrets');
    try {
      expect(await send(spread(4))).toMatchObject({ ok: true });
      expect(await queued()).toEqual([]);
      expect(await drain()).toMatchObject({ posted: 0, pending: 1, endpoint: 'missing: pg_net or the Vault secrets' });
      expect(await one(`select state from private.form_inbox where item = 'delivery'`)).toEqual({
        state: 'not yet posted (pg_net or the Vault secrets missing?)',
      });
    } finally {
      await setSecrets();
    }
    expect(await drain()).toMatchObject({ posted: 1 });
    expect(await queued()).toHaveLength(1);
  });

  it('counts every row without its own message in exactly one digest, once its window has ended; a late row joins the next', async () => {
    // 15 senders: the team's ceiling of 10 messages, 5 rows without one.
    await sendMany(15, spread);
    expect(await drain()).toMatchObject({ digest: null });
    await endWindow();
    const { digest } = await drain();
    expect(digest).toEqual(expect.any(Number));
    expect(await one('select count(*)::int as n from public.contact_submissions where digest_id = $1', [digest])).toEqual({ n: 5 });
    const body = (await queued()).find((q) => q.body.type === 'SUMMARY')!.body;
    expect(body.summary).toMatchObject({
      digest_id: digest,
      unannounced: 5,
      held: 0,
      notified: 10,
      senders: 5,
      review: 'private.form_inbox',
    });
    expect(parseSummary(body)).toMatchObject({ ok: true, summary: { digestId: digest, delivery: { key: `digest:${digest}` } } });
    // A row whose transaction committed after that digest, stored in the ended window.
    await suite.db.query(
      `insert into public.contact_submissions (id, first_name, last_name, email, message, created_at)
       values (gen_random_uuid(), 'Late', 'Row', 'late@example.com', 'Hi', now() - interval '9 minutes')`,
    );
    await suite.db.exec(
      `delete from private.notify_outbox where row_id = (select id from public.contact_submissions where email = 'late@example.com')`,
    );
    const next = (await drain()).digest;
    expect(next).toBe((digest as number) + 1);
    expect(await one(`select digest_id from public.contact_submissions where email = 'late@example.com'`)).toEqual({ digest_id: next });
    expect(await drain()).toMatchObject({ digest: null });
    expect(await one('select count(*)::int as n from public.contact_submissions where digest_id is null and announced_at is null')).toEqual(
      {
        n: 10,
      },
    );
    // The digest's delivery confirmed: the team's view says so for each of its rows.
    await answerAll(200);
    await drain();
    const states = await all<{ state: string }>(`select distinct state from private.form_inbox where digest_id = $1`, [digest]);
    expect(states).toEqual([{ state: expect.stringMatching(new RegExp(`^counted in digest ${digest}, delivered `)) }]);
  });

  it('an error in the notification trigger leaves the row to the next digest, and the insert stands', async () => {
    const result = await suite.db.transaction(async (tx) => {
      await tx.exec(`create or replace function private.notify_count_sender(since timestamptz, sender_key text, post boolean, is_held boolean, per_sender integer)
        returns boolean language plpgsql as $$ begin raise exception 'broken'; end $$`);
      await tx.exec(`set local role anon`);
      await tx.query(
        `insert into public.contact_submissions (id, first_name, last_name, email, message) values (gen_random_uuid(), 'A', 'B', 'err@example.com', 'Hi')`,
      );
      await tx.exec(`reset role`);
      await tx.exec(`update public.contact_submissions set created_at = now() - interval '1 minute'`);
      const entries = (await tx.query('select count(*)::int as n from private.notify_outbox')).rows[0];
      const drained = (await tx.query<{ r: Row }>('select private.notify_drain() as r')).rows[0].r;
      const taken = (
        await tx.query(`select digest_id is not null as taken from public.contact_submissions where email = 'err@example.com'`)
      ).rows[0];
      await tx.rollback();
      return { entries, drained, taken };
    });
    expect(result).toMatchObject({ entries: { n: 0 }, drained: { digest: expect.any(Number) }, taken: { taken: true } });
  });
});

describe('held rows are never announced on their own, at a window’s edges too', () => {
  const ownMessages = async () => (await queued()).filter((q) => q.body.type === 'INSERT');
  const heldAlerts = async () => (await queued()).filter((q) => q.body.type === 'ALERT' && (q.body.alert as Row).kind === 'held');

  beforeEach(async () => {
    // Every row is held: the table's ceiling is 0.
    await setLimit('per_table', 0);
  });

  it('the held row that opens a window: not announced; it alerts at once, the next held row of the window does not', async () => {
    expect(await one('select started_at from private.notify_window')).toEqual({ started_at: -Infinity });
    expect(await send(spread(1))).toMatchObject({ ok: true });
    expect(await one('select count(*)::int as n from public.contact_submissions where held')).toEqual({ n: 1 });
    expect(await ownMessages()).toEqual([]);
    expect(await heldAlerts()).toHaveLength(1);
    expect(await send(spread(2))).toMatchObject({ ok: true });
    expect(await ownMessages()).toEqual([]);
    expect(await heldAlerts()).toHaveLength(1);
  });

  it('the held row that closes an ended window: not announced, and the new window alerts again', async () => {
    await setLimit('per_table', 60);
    await send(spread(1));
    await setLimit('per_table', 0);
    await suite.db.exec(`update private.notify_window set started_at = started_at - interval '10 minutes 1 second'`);
    const before = (await ownMessages()).length;
    await send(spread(2));
    expect((await ownMessages()).length).toBe(before);
    expect(await heldAlerts()).toHaveLength(1);
    expect(
      (await one<{ fresh: boolean }>(`select started_at > now() - interval '5 seconds' as fresh from private.notify_window`)).fresh,
    ).toBe(true);
  });

  it('the held row stored at the very instant its window ends, and the last one of a window', async () => {
    for (const age of [`interval '10 minutes'`, `interval '9 minutes 59 seconds'`]) {
      const posted = await suite.db.transaction(async (tx) => {
        // One transaction: now() is the same instant for the window's start and the insert.
        await tx.exec(`update private.notify_window set started_at = now() - ${age}, notified = 0`);
        await tx.exec(`set local role anon`);
        await tx.query(`select set_config('request.headers', '{"cf-connecting-ip": "192.0.2.77"}', true)`);
        await tx.query(
          `insert into public.contact_submissions (id, first_name, last_name, email, message) values (gen_random_uuid(), 'E', 'Dge', 'edge@example.com', 'Hi')`,
        );
        await tx.exec(`reset role`);
        const { rows } = await tx.query<{ n: number; held: boolean }>(
          `select (select count(*)::int from private.notify_outbox where kind = 'row') as n,
                  (select held from public.contact_submissions where email = 'edge@example.com') as held`,
        );
        await tx.rollback();
        return rows[0];
      });
      expect(posted, age).toEqual({ n: 0, held: true });
    }
  });
});

describe('alerts for capacity refusals', () => {
  it('counts refusals though each was rolled back, alerts them once per window length, then again with the new count', async () => {
    // Every row would be held, and the day's budget for held rows is spent.
    await setLimit('per_table', 0);
    await setLimit('held_per_day', 0);
    // The first is held after the insert (the table's key did not exist yet), the next look full at once.
    expect(await send(spread(9))).toMatchObject({ ok: true });
    for (let i = 0; i < 3; i++) expectThrottled(await send(spread(i)));
    expect((await drain()).alerts).toBe(1);
    for (let i = 0; i < 2; i++) expectThrottled(await send(spread(i)));
    expect((await drain()).alerts).toBe(0);
    await suite.db.exec(`update private.notify_state set refusals_alerted_at = refusals_alerted_at - interval '10 minutes'`);
    expect((await drain()).alerts).toBe(1);
    const refused = (await queued())
      .map((q) => q.body.alert as Row | undefined)
      .filter((alert) => alert?.kind === 'refused')
      .map((alert) => alert!.refused);
    expect(refused).toEqual([3, 2]);
  });
});

describe('the team’s view', () => {
  it('lists rows not announced on their own, held rows and deliveries pending or failing, newest first, for the service role only', async () => {
    await setLimit('notifications', 1);
    try {
      await send(spread(1), 'contact_submissions', 'first@example.com');
      await send(spread(2), 'job_applications', 'second@example.com');
      await answerAll(500);
      await drain();
      const view = await suite.runAs(
        'service_role',
        `select item, table_name, email, held, state, attempts from private.form_inbox order by created_at desc, item`,
      );
      expect(view).toEqual({
        ok: true,
        rows: [
          {
            item: 'submission',
            table_name: 'job_applications',
            email: 'second@example.com',
            held: false,
            state: 'waiting for the next digest (after its notification window ends)',
            attempts: null,
          },
          {
            item: 'delivery',
            table_name: 'contact_submissions',
            email: null,
            held: null,
            state: expect.stringMatching(/^attempt 2 in flight since /),
            attempts: 2,
          },
          {
            item: 'submission',
            table_name: 'contact_submissions',
            email: 'first@example.com',
            held: false,
            state: 'own message not yet delivered (2 attempts, last: HTTP 500: {"error":"down"})',
            attempts: 2,
          },
        ],
      });
    } finally {
      await setLimit('notifications', 10);
    }
    for (const role of API_ROLES)
      expect(await suite.runAs(role, 'select * from private.form_inbox')).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('the function’s memory of delivered keys', () => {
  it('remembers destinations per key for the service role; a repeated mark changes nothing', async () => {
    const delivered = () => suite.runAs('service_role', `select public.notify_delivered('digest:1') as d`);
    expect(await delivered()).toEqual({ ok: true, rows: [{ d: [] }] });
    for (const destination of ['email', 'chat', 'email'])
      expect(await suite.runAs('service_role', `select public.notify_mark_delivered('digest:1', $1)`, [destination])).toMatchObject({
        ok: true,
      });
    expect(await delivered()).toEqual({ ok: true, rows: [{ d: ['chat', 'email'] }] });
    expect(await suite.runAs('service_role', `select public.notify_mark_delivered('digest:1', 'sms')`)).toMatchObject({
      ok: false,
      code: '23514',
    });
  });
});

describe('health', () => {
  const health = async () => {
    const result = await suite.runAs('service_role', 'select item, ok, detail from public.form_health()');
    if (!result.ok) throw new Error(result.message);
    return Object.fromEntries(result.rows.map((r) => [r.item, { ok: r.ok, detail: r.detail }]));
  };

  it('without pg_cron (PGlite) reports the gap, and the drain that never ran', async () => {
    await suite.db.exec('update private.notify_state set last_drain_at = null');
    const report = await health();
    expect(Object.keys(report)).toEqual([
      'pg_cron',
      'pg_net',
      'vault secrets',
      'drain',
      'deliveries',
      'last digest',
      'storage',
      'retention',
      'site publishing',
    ]);
    expect(report.pg_cron).toEqual({ ok: false, detail: expect.stringMatching(/^missing: nothing runs the drain/) });
    expect(report.pg_net).toEqual({ ok: true, detail: 'installed' });
    expect(report['vault secrets']).toEqual({ ok: true, detail: 'notify_submission_url and notify_submission_secret set' });
    expect(report.drain).toEqual({ ok: false, detail: 'never run' });
    await drain();
    expect((await health()).drain).toMatchObject({ ok: true });
  });

  it('names a missing Vault secret, deliveries waiting too long, and storage nearly full', async () => {
    await suite.db.exec(`delete from vault.decrypted_secrets where name = 'notify_submission_secret'`);
    try {
      await send(spread(1));
      await suite.db.exec(`update private.notify_outbox set created_at = now() - interval '6 minutes'`);
      await setLimit('storage_mb', 0);
      const report = await health();
      expect(report['vault secrets']).toEqual({
        ok: false,
        detail: expect.stringMatching(/^missing: notify_submission_secret \(vault\.create_secret/),
      });
      expect(report.deliveries).toEqual({ ok: false, detail: expect.stringMatching(/^1 pending \(oldest .*\), 0 failing$/) });
      expect(report.storage).toEqual({ ok: false, detail: expect.stringMatching(/ of 0 MB \(100%\)$/) });
    } finally {
      await setSecrets();
      await setLimit('storage_mb', 300);
    }
  });
});

describe('out of reach of the API roles', () => {
  it.each(API_ROLES)('%s can neither read the new tables nor call the new functions', async (role) => {
    for (const sql of [
      'select * from private.notify_outbox',
      'select * from private.notify_digests',
      'select * from private.notify_receipts',
      'select * from private.notify_state',
      'select * from private.form_storage',
      'select private.notify_drain()',
      'select * from public.form_health()',
      `select public.notify_delivered('digest:1')`,
      `select public.notify_mark_delivered('digest:1', 'email')`,
      `select nextval('private.form_capacity_refusals')`,
    ])
      expect(await suite.runAs(role, sql), sql).toMatchObject({ ok: false, code: '42501' });
    const row = { ...sampleRow('contact_submissions', 'mark@example.com'), announced_at: new Date().toISOString() };
    expect(await suite.insertAs(role, 'contact_submissions', row)).toMatchObject({ ok: false, code: '42501' });
    const digested = { ...sampleRow('job_applications', 'mark@example.com'), digest_id: 1 };
    expect(await suite.insertAs(role, 'job_applications', digested)).toMatchObject({ ok: false, code: '42501' });
  });
});
