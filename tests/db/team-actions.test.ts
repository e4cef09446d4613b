/**
 * The team's actions (supabase/schemas/35_team_actions.sql) on PGlite with stand-ins for Vault and
 * pg_net: what the notify-submission function calls as the service role when a Release or Erase
 * sender link is pressed, the ledger that makes a link work once, the held rows a digest and a held
 * alert carry (22_held_rows.sql, 30_delivery_outbox.sql), and the storage budget through all of it.
 * Every answer is read with the function's own readers (supabase/functions/notify-submission/
 * actions-store.ts, payload.ts), so the two ends of the contract are the same here.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/lib/forms/definition';
import { sampleRow } from '../support/supabase/postgrest';
import { readAnswers } from '../../supabase/functions/notify-submission/actions-store';
import { parseAlert, parsePayload, parseSummary } from '../../supabase/functions/notify-submission/payload';
import { heldView } from '../../supabase/functions/notify-submission/message';
import { API_ROLES, databaseSuite, type RequestOptions, type Row } from './database';

const suite = databaseSuite({ extensions: ['vault', 'net'], resetLimits: true });
const EXPIRES = '2026-12-31T00:00:00Z';

beforeAll(() =>
  suite.db.query(
    `insert into vault.decrypted_secrets values ('notify_submission_url', 'http://127.0.0.1/notify'), ('notify_submission_secret', 'x') on conflict do nothing`,
  ),
);
beforeEach(() =>
  suite.db
    .exec(`truncate public.contact_submissions, public.job_applications, net.http_request_queue, net._http_response, private.team_actions;
    update private.form_limits set max_rows = case name when 'per_table' then 60 when 'storage_mb' then 300 when 'held_per_day' then 5000 else max_rows end`),
);

const from = (address: string): RequestOptions => ({ headers: { 'cf-connecting-ip': address, 'user-agent': 'test' } });
let counter = 0;
const spread = () => `198.${51 + (++counter >> 8)}.${counter & 255}.1`;
const one = async <T = Row>(sql: string, params?: unknown[]) => (await suite.db.query<T>(sql, params)).rows[0];

/** A row stored by a visitor; `held` while the table is over its ceiling. */
async function store(options: { table?: TableName; email?: string; held?: boolean; row?: Row } = {}): Promise<string> {
  const table = options.table ?? 'contact_submissions';
  await suite.db.query(`update private.form_limits set max_rows = $1 where name = 'per_table'`, [options.held ? 0 : 60]);
  const row = { ...sampleRow(table, options.email ?? `s${++counter}@example.com`), ...options.row };
  const result = await suite.insertAs('anon', table, row, from(spread()));
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return row.id;
}

/** What the function gets back from one of the five functions, as the service role over PostgREST. */
async function call(fn: string, args: unknown[]): Promise<unknown> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  const result = await suite.runAs('service_role', `select public.${fn}(${placeholders}) as answer`, args);
  if (!result.ok) throw new Error(`${fn}: ${result.message}`);
  return result.rows[0].answer;
}
const describeRow = async (id: string, link = 'link-describe-0000000') => readAnswers.row(await call('team_describe_row', [id, link]));
const release = async (id: string, link: string) => readAnswers.release(await call('team_release', [id, link, EXPIRES]));
/** When a link's message was written: by default now, after every row a test stored. */
const describeSender = async (email: string, key: string, link = 'link-describe-0000000', messageAt = new Date().toISOString()) =>
  readAnswers.sender(await call('team_describe_sender', [email, key, link, messageAt]));
const erase = async (email: string, key: string, link: string, messageAt = new Date().toISOString()) =>
  readAnswers.erase(await call('team_erase', [email, key, link, EXPIRES, messageAt]));

describe('who may act', () => {
  it.each(API_ROLES)('%s may call none of the functions, nor read the ledger, nor write released_at', async (role) => {
    const id = await store();
    for (const sql of [
      `select public.team_describe_row('${id}', 'link-0000000000000000')`,
      `select public.team_release('${id}', 'link-0000000000000000', now())`,
      `select public.team_describe_sender('a@example.com', 'k', 'link-0000000000000000', now())`,
      `select public.team_erase('a@example.com', 'k', 'link-0000000000000000', now(), now())`,
      `select public.team_held_rows(1, 0, 50)`,
      `select * from private.team_actions`,
      `select private.held_rows(null, null, 0, 50)`,
    ])
      expect(await suite.runAs(role, sql), sql).toMatchObject({ ok: false, code: '42501' });
    const released = await suite.insertAs(role, 'contact_submissions', {
      ...sampleRow('contact_submissions', 'x@example.com'),
      released_at: new Date(),
    });
    expect(released).toMatchObject({ ok: false, code: '42501' });
    expect(await one(`select count(*)::int as n from public.contact_submissions where not held and released_at is null`)).toEqual({ n: 1 });
  });
});

describe('a Release link', () => {
  it('shows the held row as the message did, and changes nothing', async () => {
    const id = await store({ held: true, email: 'ada@example.com' });
    const state = await describeRow(id);
    expect(state.state).toBe('held');
    if (state.state !== 'held') return;
    expect(heldView(state.row)).toEqual({
      form: 'Contact request',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      received: expect.any(String),
      excerpt: 'Hello.',
    });
    expect(await one(`select held from public.contact_submissions where id = $1`, [id])).toEqual({ held: true });
  });

  it('makes the held row a normal row and queues it as a lead of its own, once', async () => {
    const id = await store({ table: 'job_applications', held: true });
    // Counted in a digest first, as a held row of an ended window is.
    const digest = (await one<{ d: number }>('select private.notify_take_digest(true) as d')).d;
    await suite.db.query('truncate net.http_request_queue');
    const done = await release(id, 'link-release-00000001');
    expect(done).toEqual({ outcome: 'released', at: expect.any(String) });
    expect(await one(`select held, released_at is not null as released from public.job_applications where id = $1`, [id])).toEqual({
      held: false,
      released: true,
    });
    // The lead's own message, through the outbox: posted now, with its record and how it was released.
    const { body } = await one<{ body: Row }>('select body from net.http_request_queue order by id desc limit 1');
    const parsed = parsePayload(body);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.submission.record.id).toBe(id);
    expect(parsed.submission.released).toEqual({ at: expect.any(String), digestId: digest });
    expect(parsed.submission.delivery?.key).toBe(`row:job_applications:${id}`);
    // Once: the same link again says what it did and when; another link says when the row was released.
    if (done.outcome !== 'released') return;
    expect(await release(id, 'link-release-00000001')).toEqual({
      outcome: 'link_used',
      used: { action: 'release', at: done.at, count: 1 },
    });
    expect((await describeRow(id, 'link-release-00000001')).used).toEqual({ action: 'release', at: done.at, count: 1 });
    expect(await release(id, 'link-release-00000002')).toEqual({ outcome: 'already_released', at: done.at });
    expect(await describeRow(id, 'link-release-00000002')).toEqual({ state: 'released', releasedAt: done.at, used: undefined });
    expect(await one(`select count(*)::int as n from private.notify_outbox where kind = 'row' and row_id = $1`, [id])).toEqual({ n: 1 });
  });

  it('of a row never held, or gone: nothing done, the link stays unused and says why each time', async () => {
    const normal = await store();
    expect(await release(normal, 'link-release-00000003')).toEqual({ outcome: 'not_held' });
    expect(await describeRow(normal)).toEqual({ state: 'normal', used: undefined });
    const missing = crypto.randomUUID();
    expect(await release(missing, 'link-release-00000004')).toEqual({ outcome: 'gone', erasedAt: null });
    expect(await one('select count(*)::int as n from private.team_actions')).toEqual({ n: 0 });
  });
});

describe('an Erase sender link', () => {
  it('erases every row of the address stored up to its message, once, keeping no address', async () => {
    const held = await store({ held: true, email: 'Ada@Example.com' });
    await store({ table: 'job_applications', email: 'ADA@example.com' });
    const other = await store({ email: 'grace@example.com' });
    const described = await describeSender(' ADA@example.com', 'sender-key-ada');
    expect(described).toMatchObject({ used: undefined, total: 2, kept: 0, erasedAt: null });
    expect(described.rows.map(({ row, held }) => [heldView(row).form, held])).toEqual([
      ['Careers application', false],
      ['Contact request', true],
    ]);
    const done = await erase('ada@example.com', 'sender-key-ada', 'link-erase-0000000001');
    expect(done).toEqual({ outcome: 'erased', at: expect.any(String), count: 2, kept: 0 });
    expect(
      await one(
        `select count(*)::int as n from (select id from public.contact_submissions union all select id from public.job_applications) r`,
      ),
    ).toEqual({
      n: 1,
    });
    expect(await one(`select id from public.contact_submissions`)).toEqual({ id: other });
    // The ledger knows the sender by the function's key and the rows by their ids: no address.
    expect(JSON.stringify(await one('select to_jsonb(a) as a from private.team_actions a'))).not.toMatch(/example/i);
    if (done.outcome !== 'erased') return;
    const used = { action: 'erase', at: done.at, count: 2 };
    expect(await erase('ada@example.com', 'sender-key-ada', 'link-erase-0000000001')).toEqual({ outcome: 'link_used', used });
    expect(await erase('ada@example.com', 'sender-key-ada', 'link-erase-0000000002')).toEqual({
      outcome: 'nothing_stored',
      erasedAt: done.at,
      kept: 0,
    });
    expect((await describeSender('ada@example.com', 'sender-key-ada', 'link-erase-0000000002')).erasedAt).toBe(done.at);
    // A Release link of an erased row says it was erased, and when.
    expect(await release(held, 'link-release-00000005')).toEqual({ outcome: 'gone', erasedAt: done.at });
    expect(await describeRow(held)).toEqual({ state: 'gone', erasedAt: done.at, used: undefined });
  });

  it('keeps a row stored after its message (the same address writing again): counted, never erased', async () => {
    const seen = await store({ email: 'ada@example.com', held: true });
    const sameSecond = await store({ table: 'job_applications', email: 'ada@example.com' });
    const later = await store({ email: 'Ada@example.com' });
    // The message was written at 10:00:00.x (links carry whole seconds); the later row came at 10:00:01.
    await suite.db.query(`update public.contact_submissions set created_at = $2 where id = $1`, [seen, '2026-12-01T09:58:00Z']);
    await suite.db.query(`update public.job_applications set created_at = $2 where id = $1`, [sameSecond, '2026-12-01T10:00:00.999Z']);
    await suite.db.query(`update public.contact_submissions set created_at = $2 where id = $1`, [later, '2026-12-01T10:00:01Z']);
    const messageAt = '2026-12-01T10:00:00Z';
    const described = await describeSender('ada@example.com', 'sender-key-ada', undefined, messageAt);
    expect([described.total, described.kept, described.rows.map(({ row }) => row.record.id)]).toEqual([2, 1, [sameSecond, seen]]);
    expect(await erase('ada@example.com', 'sender-key-ada', 'link-erase-0000000010', messageAt)).toEqual({
      outcome: 'erased',
      at: expect.any(String),
      count: 2,
      kept: 1,
    });
    expect(await one(`select id from public.contact_submissions`)).toEqual({ id: later });
    expect(await one(`select count(*)::int as n from public.job_applications`)).toEqual({ n: 0 });
  });

  it('is used once pressed even when it erased nothing, and a later row stays', async () => {
    const later = await store({ email: 'grace@example.com' });
    const messageAt = new Date(Date.now() - 60_000).toISOString();
    expect(await describeSender('grace@example.com', 'sender-key-grace', undefined, messageAt)).toEqual({
      used: undefined,
      total: 0,
      rows: [],
      kept: 1,
      erasedAt: null,
    });
    const first = await erase('grace@example.com', 'sender-key-grace', 'link-erase-0000000011', messageAt);
    expect(first).toEqual({ outcome: 'nothing_stored', erasedAt: null, kept: 1 });
    const second = await erase('grace@example.com', 'sender-key-grace', 'link-erase-0000000011', new Date().toISOString());
    expect(second).toEqual({ outcome: 'link_used', used: { action: 'erase', at: expect.any(String), count: 0 } });
    expect(await one(`select id from public.contact_submissions`)).toEqual({ id: later });
  });

  it('lists the newest 50 of what it would erase, and how many in all', async () => {
    // One address 53 times: beyond the 3 in 10 minutes a visitor gets, for this test only.
    await suite.db.query(`update private.form_limits set max_rows = 100 where name = 'per_address'`);
    try {
      for (let i = 0; i < 53; i++) await store({ email: 'many@example.com', held: i % 2 === 0 });
    } finally {
      await suite.db.query(`update private.form_limits set max_rows = 3 where name = 'per_address'`);
    }
    const described = await describeSender('many@example.com', 'sender-key-many');
    expect([described.total, described.rows.length]).toEqual([53, 50]);
    const newest = await suite.db.query<{ id: string }>(
      `select id from public.contact_submissions order by created_at desc, id desc limit 50`,
    );
    expect(described.rows.map(({ row }) => row.record.id)).toEqual(newest.rows.map((r) => r.id));
  });

  it('leaves the ledger after 14 days (the bookkeeping purge)', async () => {
    await store({ email: 'old@example.com' });
    await erase('old@example.com', 'sender-key-old', 'link-erase-0000000003');
    await suite.db.query(`update private.team_actions set acted_at = now() - interval '15 days'`);
    await suite.db.query('select private.form_throttle_purge()');
    expect(await one('select count(*)::int as n from private.team_actions')).toEqual({ n: 0 });
  });
});

describe("a digest's held rows", () => {
  async function digestOf(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await store({ held: true, email: `held${i}@example.com` }));
    // A digest takes rows at least 30 seconds old.
    await suite.db.exec(`update public.contact_submissions set created_at = created_at - interval '1 minute'`);
    const digest = (await one<{ d: number }>('select private.notify_take_digest(true) as d')).d;
    return { ids, digest };
  }

  it('are listed newest first, at most 200 a request, only those still held; a digest gone lists nothing', async () => {
    const { ids, digest } = await digestOf(55);
    const page = readAnswers.held(await call('team_held_rows', [digest, 0, 50]))!;
    expect(page.total).toBe(55);
    expect(page.rows).toHaveLength(50);
    const order = await suite.db.query<{ id: string }>(`select id from public.contact_submissions order by created_at desc, id desc`);
    expect(page.rows.map((r) => r.record.id)).toEqual(order.rows.slice(0, 50).map((r) => r.id));
    expect(readAnswers.held(await call('team_held_rows', [digest, 50, 50]))!.rows).toHaveLength(5);
    expect(readAnswers.held(await call('team_held_rows', [digest, 0, 100000]))!.rows).toHaveLength(55);
    expect((await one<{ n: number }>(`select jsonb_array_length(private.held_rows(null, null, 0, 100000) -> 'held_rows') as n`)).n).toBe(
      55,
    );
    await release(ids[0], 'link-release-00000006');
    expect(readAnswers.held(await call('team_held_rows', [digest, 0, 50]))!.total).toBe(54);
    expect(await call('team_held_rows', [digest + 1, 0, 50])).toBeNull();
    expect(await call('team_held_rows', [0, 0, 50])).toBeNull();
  });

  it('go with the digest and the held alert when posted: at most 50, never one erased meanwhile', async () => {
    const { ids } = await digestOf(3);
    await suite.runAs('service_role', 'select public.erase_submitter($1)', ['held1@example.com']);
    const { rows } = await suite.db.query<{ body: Row }>(
      `select body from net.http_request_queue where body ->> 'type' in ('SUMMARY', 'ALERT') order by id`,
    );
    const alert = rows.find((r) => r.body.type === 'ALERT')!;
    const parsedAlert = parseAlert(alert.body);
    expect(parsedAlert.ok && parsedAlert.alert.kind === 'held' && parsedAlert.alert.heldRows.length).toBe(1);
    // The digest was posted when taken; a retry posts it again with what is still held.
    await suite.db.query(
      `update private.notify_outbox set request_id = null, next_attempt_at = now() - interval '1 minute' where kind = 'digest'`,
    );
    await suite.db.query('select private.notify_drain()');
    const { body } = await one<{ body: Row }>(
      `select body from net.http_request_queue where body ->> 'type' = 'SUMMARY' order by id desc limit 1`,
    );
    const parsed = parseSummary(body);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.summary.heldTotal).toBe(2);
    expect(parsed.summary.heldRows.map((r) => r.record.email).sort()).toEqual(['held0@example.com', 'held2@example.com']);
    expect(ids).toHaveLength(3);
  });
});

describe('the storage budget', () => {
  it('counts the source columns, never released_at, and gives every byte back on erasure', async () => {
    const recount = async () =>
      one<{ counted: number; real: number }>(`select
        (select sum(bytes) from private.form_storage where part <> 'bookkeeping')::bigint as counted,
        ((select coalesce(sum(private.form_row_bytes(to_jsonb(c))), 0) from public.contact_submissions c)
         + (select coalesce(sum(private.form_row_bytes(to_jsonb(j))), 0) from public.job_applications j))::bigint as real`);
    await suite.db.exec(`update private.form_storage set rows = 0, bytes = 0 where part <> 'bookkeeping'`);
    const source = { sent_from: '/contact', landing_page: '/blog/launch', referrer_origin: 'https://news.example', utm_campaign: 'launch' };
    const id = await store({ held: true, email: 'ada@example.com', row: source });
    const plain = await store({ email: 'ada@example.com' });
    const before = await recount();
    expect(before.counted).toBe(before.real);
    expect(Number(before.counted)).toBeGreaterThan(0);
    await release(id, 'link-release-00000007');
    expect(await recount()).toEqual(before);
    await erase('ada@example.com', 'sender-key-ada', 'link-erase-0000000004');
    expect(await recount()).toEqual({ counted: 0, real: 0 });
    expect(plain).toBeTruthy();
  });
});
