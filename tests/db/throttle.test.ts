/**
 * The form tables' write limits (supabase/migrations/*_form_throttle.sql,
 * *_form_limits.sql and *_form_hold.sql), as anon with the request headers
 * PostgREST sets: one row per statement; the limits read from
 * private.form_limits (3 per address and table, 20 per client, 60 per table,
 * each in 10 minutes) and changed with one UPDATE; the client address from the
 * configured header only, normalised and counted per IPv6 /64, unusable
 * addresses in one shared bucket; a retried row answered with its duplicate
 * key; the refusal as PostgREST's custom 429 with Retry-After; the table
 * ceiling holding rows rather than refusing them (the rest of holding is
 * hold.test.ts's); bookkeeping the API roles can neither read nor call. Many
 * connections at once are the real-PostgreSQL suite's part (tests/pg).
 */
import { describe, it, expect } from 'vitest';
import type { TableName } from '../../src/lib/forms/definition';
import { THROTTLE_CODE } from '../../src/lib/forms/submit';
import { sampleRow } from '../support/supabase/postgrest';
import { rest } from '../support/supabase/answers';
import { securityFindings } from './advisor';
import { API_ROLES, pgrstResponse, databaseSuite, type ApiRole, type RequestOptions, type Result } from './database';

const PER_ADDRESS = 3;
const PER_CLIENT = 20;
const PER_TABLE = 60;
const WINDOW_S = 600;

const suite = databaseSuite({ resetLimits: true });

/** A client address in a /24 of its own (networks over their share are held: hold.test.ts). */
const spread = (i: number) => `198.${51 + (i >> 8)}.${i & 255}.1`;

/** A request from `address` as hosted Supabase passes it: Cloudflare's cf-connecting-ip, and an X-Forwarded-For the sender may have written. */
const from = (address: string, forwardedFor = `${address}, 10.0.0.1`): RequestOptions => ({
  headers: { 'cf-connecting-ip': address, 'x-forwarded-for': forwardedFor, 'user-agent': 'test' },
});

function send(table: TableName, email: string, options: RequestOptions = {}, role: ApiRole = 'anon'): Promise<Result> {
  return suite.insertAs(role, table, sampleRow(table, email), options);
}

async function heldCount(table: TableName, where = 'true'): Promise<number> {
  const { rows } = await suite.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where held and ${where}`);
  return rows[0].n;
}

async function storedCount(table: TableName, email: string): Promise<number> {
  const { rows } = await suite.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0].n;
}

/** Sends `count` rows from fresh addresses with the given request options; returns how many were accepted, and the last refusal. */
async function flood(count: number, options: (i: number) => RequestOptions, table: TableName = 'contact_submissions') {
  let accepted = 0;
  let refusal: Result | undefined;
  for (let i = 0; i < count; i++) {
    const result = await send(table, `flood-${i}-${crypto.randomUUID()}@example.com`, options(i));
    if (result.ok) accepted++;
    else refusal = result;
  }
  return { accepted, refusal };
}

/** Runs `test` with a setting changed as the service role would change it, then puts it back. */
async function withSetting(change: string, restore: string, test: () => Promise<void>) {
  expect(await suite.runAs('service_role', change)).toMatchObject({ ok: true });
  try {
    await test();
  } finally {
    expect(await suite.runAs('service_role', restore)).toMatchObject({ ok: true });
  }
}

/** The throttle's 429 as PostgREST would send it, checked completely. */
function expectThrottled(result: Result | undefined, window = WINDOW_S) {
  expect(result).toMatchObject({ ok: false, code: 'PGRST' });
  const response = pgrstResponse(result!)!;
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ code: THROTTLE_CODE, message: expect.any(String) });
  const retryAfter = Number(response.headers['Retry-After']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window);
  expect(response.headers['Access-Control-Expose-Headers']).toBe('Retry-After');
  // The browser suites answer the forms with this same 429 (tests/support/supabase/answers.ts): the two ends agree.
  const standIn = rest.throttled(retryAfter) as { status: number; headers: Record<string, string>; json: Record<string, unknown> };
  expect(response.status).toBe(standIn.status);
  expect(response.body).toEqual({ ...standIn.json, message: expect.any(String), details: expect.any(String) });
  expect(Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]))).toEqual(standIn.headers);
  return retryAfter;
}

describe('one row per statement', () => {
  it.each(API_ROLES)('refuses a two-row insert as %s (what PostgREST makes of a JSON array) and stores neither row', async (role) => {
    const rows = [sampleRow('contact_submissions', 'one@example.com'), sampleRow('contact_submissions', 'two@example.com')];
    const result = await suite.insertAs(role, 'contact_submissions', rows);
    expect(result).toMatchObject({ ok: false, code: 'PGRST' });
    expect(pgrstResponse(result)).toMatchObject({ status: 400, body: { code: 'form_one_row' } });
    expect(await storedCount('contact_submissions', 'one@example.com')).toBe(0);
    expect(await storedCount('contact_submissions', 'two@example.com')).toBe(0);
  });

  it('refuses a large batch into job_applications as well', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => sampleRow('job_applications', `bulk${i}@example.com`));
    expect(pgrstResponse(await suite.insertAs('anon', 'job_applications', rows))).toMatchObject({
      status: 400,
      body: { code: 'form_one_row' },
    });
    const { rows: left } = await suite.db.query<{ n: number }>(
      `select count(*)::int as n from public.job_applications where email like 'bulk%'`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it('accepts a one-element array (one row), and one row after another in the same transaction', async () => {
    expect(await suite.insertAs('anon', 'contact_submissions', [sampleRow('contact_submissions', 'single@example.com')])).toMatchObject({
      ok: true,
      rows: [{ count: 1 }],
    });
    const result = await suite.runAs(
      'anon',
      `with a as (insert into public.contact_submissions (id, first_name, last_name, email, message)
                  values (gen_random_uuid(), 'A', 'B', 'seq@example.com', 'Hi') returning 1)
       select count(*)::int as count from a`,
    );
    expect(result).toMatchObject({ ok: true, rows: [{ count: 1 }] });
  });
});

describe.each(['contact_submissions', 'job_applications'] as const)('per address, in %s', (table) => {
  it(`accepts ${PER_ADDRESS} rows with one address in 10 minutes and refuses the next with 429 and Retry-After`, async () => {
    for (let i = 1; i <= PER_ADDRESS; i++) expect(await send(table, 'ada@example.com'), `row ${i}`).toMatchObject({ ok: true });
    const retryAfter = expectThrottled(await send(table, 'ada@example.com'));
    expect(retryAfter).toBeGreaterThan(WINDOW_S - 60);
    expect(await storedCount(table, 'ada@example.com')).toBe(PER_ADDRESS);
  });

  it('compares addresses trimmed and case-insensitively', async () => {
    for (const email of ['ada@example.com', 'ADA@Example.com', 'Ada@EXAMPLE.COM'])
      expect(await send(table, email)).toMatchObject({ ok: true });
    expectThrottled(await send(table, 'ada@example.com'));
    const { rows } = await suite.db.query<{ same: boolean }>(
      `select private.form_email_key('ADA@Example.com ') = private.form_email_key('ada@example.com') as same`,
    );
    expect(rows).toEqual([{ same: true }]);
  });

  it('counts each address on its own, and each table on its own', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) await send(table, 'busy@example.com');
    expect(await send(table, 'other@example.com')).toMatchObject({ ok: true });
    const otherTable: TableName = table === 'contact_submissions' ? 'job_applications' : 'contact_submissions';
    expect(await send(otherTable, 'busy@example.com')).toMatchObject({ ok: true });
  });

  it('counts only the window: once the oldest counted row is 10 minutes old, one more fits', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) await send(table, 'old@example.com');
    expectThrottled(await send(table, 'old@example.com'));
    // hits are kept oldest first in every key: age the oldest of each.
    await suite.db.exec(`update private.form_throttle_keys set hits[1] = hits[1] - interval '10 minutes 1 second'`);
    expect(await send(table, 'old@example.com')).toMatchObject({ ok: true });
    expectThrottled(await send(table, 'old@example.com'));
  });

  it('does not count refused rows (a refused statement leaves no bookkeeping)', async () => {
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const bad = {
        ...sampleRow(table, 'typo@example.com'),
        ...(table === 'contact_submissions' ? { first_name: '\u3164' } : { full_name: '\u3164' }),
      };
      expect(await suite.insertAs('anon', table, bad)).toMatchObject({ ok: false, code: '23514' });
    }
    expect(await send(table, 'typo@example.com')).toMatchObject({ ok: true });
  });
});

describe('a retried row is a duplicate, not a new submission', () => {
  it('gets the primary-key error (23505, read as "already stored") even when its address is at the limit, and is not counted', async () => {
    const rows = Array.from({ length: PER_ADDRESS }, () => sampleRow('job_applications', 'retry@example.com'));
    for (const row of rows) expect(await suite.insertAs('anon', 'job_applications', row, from('203.0.113.70'))).toMatchObject({ ok: true });
    for (const row of rows) {
      expect(await suite.insertAs('anon', 'job_applications', row, from('203.0.113.70'))).toMatchObject({ ok: false, code: '23505' });
    }
    // The three retries took nothing from the client's 20.
    const { accepted } = await flood(PER_CLIENT, () => from('203.0.113.70'), 'job_applications');
    expect(accepted).toBe(PER_CLIENT - PER_ADDRESS);
  });

  it('gets 23505 when the table is over its ceiling too (where a new row is held)', async () => {
    const first = sampleRow('contact_submissions', 'first@example.com');
    expect(await suite.insertAs('anon', 'contact_submissions', first)).toMatchObject({ ok: true });
    expect((await flood(PER_TABLE, () => ({}))).accepted).toBe(PER_TABLE);
    expect(await heldCount('contact_submissions')).toBe(1);
    expect(await suite.insertAs('anon', 'contact_submissions', first)).toMatchObject({ ok: false, code: '23505' });
    expect(await heldCount('contact_submissions')).toBe(1);
  });
});

describe('per client address', () => {
  it(`accepts ${PER_CLIENT} rows across both tables from one address and refuses the next; another address still gets through`, async () => {
    for (let i = 0; i < PER_CLIENT; i++) {
      const table: TableName = i % 2 === 0 ? 'contact_submissions' : 'job_applications';
      expect(await send(table, `visitor${i}@example.com`, from('203.0.113.7')), `row ${i + 1}`).toMatchObject({ ok: true });
    }
    expectThrottled(await send('job_applications', 'fresh@example.com', from('203.0.113.7')));
    expectThrottled(await send('contact_submissions', 'fresh@example.com', from('203.0.113.7')));
    expect(await storedCount('job_applications', 'fresh@example.com')).toBe(0);
    expect(await send('contact_submissions', 'fresh@example.com', from('198.51.100.4'))).toMatchObject({ ok: true });
  });

  it('ignores X-Forwarded-For, whose first entries the sender writes: new first entries every time change nothing', async () => {
    const { accepted, refusal } = await flood(PER_CLIENT + 5, (i) => from('203.0.113.8', `192.0.2.${i + 1}, 203.0.113.8`));
    expect(accepted).toBe(PER_CLIENT);
    expectThrottled(refusal);
  });

  it('counts every spelling of an IPv6 address, and every address of its /64, as one client', async () => {
    const spellings = [
      '2001:db8:85a3::8a2e:370:7334',
      '2001:DB8:85A3::8A2E:370:7334',
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      '2001:db8:85a3:0:0:8a2e:370:7334',
      '2001:db8:85a3::8a2e:0370:7334',
      '2001:db8:85a3:0::8a2e:370:7334',
      ' 2001:db8:85a3::8a2e:370:7334 ',
    ];
    expect((await flood(14, (i) => from(spellings[i % 7]))).accepted).toBe(14);
    const sameNetwork = await flood(10, (i) => from(`2001:db8:85a3:0:${(i + 1).toString(16)}::${i + 1}`));
    expect(sameNetwork.accepted).toBe(PER_CLIENT - 14);
    expectThrottled(sameNetwork.refusal);
    expect(await send('contact_submissions', 'next-network@example.com', from('2001:db8:85a3:1::1'))).toMatchObject({ ok: true });
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    expect((await flood(PER_CLIENT, (i) => from(i % 2 ? '203.0.113.9' : '::ffff:203.0.113.9'))).accepted).toBe(PER_CLIENT);
    expectThrottled(await send('contact_submissions', 'mapped@example.com', from('::ffff:cb00:7109')));
  });

  it('puts every API request without a usable address in one shared bucket, whose rows beyond the limit are held, not refused', async () => {
    const unusable: Record<string, string>[] = [
      { 'user-agent': 'no address header' },
      { 'cf-connecting-ip': '' },
      { 'cf-connecting-ip': ' ' },
      { 'cf-connecting-ip': 'unknown' },
      { 'cf-connecting-ip': '203.0.113.7:443' },
      { 'cf-connecting-ip': '[2001:db8::1]' },
      { 'cf-connecting-ip': '203.0.113.0/24' },
      { 'cf-connecting-ip': '999.1.1.1' },
      { 'cf-connecting-ip': 'fe80::1%eth0' },
      { 'cf-connecting-ip': '203.0.113.7,' },
    ];
    const heldBefore = await heldCount('contact_submissions');
    const { accepted } = await flood(PER_CLIENT + 10, (i) => ({ headers: unusable[i % unusable.length] }));
    // A missing header is more likely a misconfiguration than an attack: nobody is turned away, nothing past the bucket is announced.
    expect(accepted).toBe(PER_CLIENT + 10);
    expect(await heldCount('contact_submissions')).toBe(heldBefore + 10);
    expect(await send('contact_submissions', 'usable@example.com', from('198.51.100.77'))).toMatchObject({ ok: true });
    expect(await heldCount('contact_submissions', `email = 'usable@example.com'`)).toBe(0);
  });

  it('does not limit inserts without request headers (SQL, the dashboard) per client', async () => {
    expect((await flood(PER_CLIENT + 5, () => ({}))).accepted).toBe(PER_CLIENT + 5);
  });

  it('reads the header and entry the one setting names: the last X-Forwarded-For entry, when an operator chooses it', async () => {
    await withSetting(
      `update private.form_client_source set header = 'x-forwarded-for', entry = -1`,
      `update private.form_client_source set header = 'cf-connecting-ip', entry = -1`,
      async () => {
        const { accepted, refusal } = await flood(PER_CLIENT + 3, (i) => ({
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.30` },
        }));
        expect(accepted).toBe(PER_CLIENT);
        expectThrottled(refusal);
        expect(
          await send('contact_submissions', 'last@example.com', { headers: { 'x-forwarded-for': '198.51.100.30, 198.51.100.31' } }),
        ).toMatchObject({
          ok: true,
        });
      },
    );
  });
});

describe('per table: the ceiling no forged key escapes holds rows, it refuses none', () => {
  it(`stores ${PER_TABLE} rows from everyone together as normal, holds the next (the same 201), and leaves the other table alone`, async () => {
    const heldBefore = await heldCount('contact_submissions');
    const { accepted } = await flood(PER_TABLE, (i) => from(spread(i)));
    expect(accepted).toBe(PER_TABLE);
    expect(await heldCount('contact_submissions')).toBe(heldBefore);
    expect(await send('contact_submissions', 'sixty-one@example.com', from('192.0.2.250'))).toEqual({ ok: true, rows: [{ count: 1 }] });
    expect(await heldCount('contact_submissions', `email = 'sixty-one@example.com'`)).toBe(1);
    expect(await send('job_applications', 'sixty-one@example.com', from('192.0.2.250'))).toMatchObject({ ok: true });
    expect(await heldCount('job_applications', `email = 'sixty-one@example.com'`)).toBe(0);
  });
});

describe('the limits are data', () => {
  it('an operator changes one with a single UPDATE as the service role, and the next insert obeys it', async () => {
    await withSetting(
      `update private.form_limits set max_rows = 1, window_length = interval '1 minute' where name = 'per_address'`,
      `update private.form_limits set max_rows = 3, window_length = interval '10 minutes' where name = 'per_address'`,
      async () => {
        expect(await send('contact_submissions', 'once@example.com')).toMatchObject({ ok: true });
        expect(expectThrottled(await send('contact_submissions', 'once@example.com'), 60)).toBeLessThanOrEqual(60);
      },
    );
    expect(await send('contact_submissions', 'once@example.com')).toMatchObject({ ok: true });
  });

  it('holds the documented rows', async () => {
    const { rows } = await suite.db.query(
      `select name, max_rows, extract(epoch from window_length)::int as seconds from private.form_limits order by name`,
    );
    const DAY_S = 86_400;
    expect(rows).toEqual([
      { name: 'held_per_day', max_rows: 5000, seconds: DAY_S },
      { name: 'notifications', max_rows: 10, seconds: WINDOW_S },
      { name: 'notifications_per_client', max_rows: 3, seconds: WINDOW_S },
      { name: 'per_address', max_rows: PER_ADDRESS, seconds: WINDOW_S },
      { name: 'per_client', max_rows: PER_CLIENT, seconds: WINDOW_S },
      { name: 'per_client_day', max_rows: 50, seconds: DAY_S },
      { name: 'per_prefix', max_rows: 30, seconds: WINDOW_S },
      { name: 'per_table', max_rows: PER_TABLE, seconds: WINDOW_S },
      { name: 'prefix_share', max_rows: 500, seconds: DAY_S },
      { name: 'storage_mb', max_rows: 300, seconds: DAY_S },
    ]);
    expect((await suite.db.query('select header, entry from private.form_client_source')).rows).toEqual([
      { header: 'cf-connecting-ip', entry: -1 },
    ]);
  });

  it('refuses a limit that makes no sense', async () => {
    for (const change of [
      `update private.form_limits set max_rows = -1 where name = 'per_table'`,
      `update private.form_limits set window_length = interval '0' where name = 'per_table'`,
      `update private.form_client_source set entry = 0`,
      `update private.form_client_source set header = 'X-Forwarded-For'`,
    ]) {
      expect(await suite.runAs('service_role', change), change).toMatchObject({ ok: false, code: '23514' });
    }
  });
});

describe('at any isolation level', () => {
  it.each(['repeatable read', 'serializable'])('a lone insert under %s is counted and stored like any other', async (level) => {
    const row = sampleRow('contact_submissions', 'isolated@example.com');
    const result = await suite.db.transaction(async (tx) => {
      await tx.exec(`set transaction isolation level ${level}; set local role anon`);
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'cf-connecting-ip': '203.0.113.99' })]);
      return (
        await tx.query(
          `insert into public.contact_submissions (id, first_name, last_name, email, message) values ($1, 'A', 'B', $2, 'Hi')`,
          [row.id, row.email],
        )
      ).affectedRows;
    });
    expect(result).toBe(1);
  });
});

describe('bookkeeping', () => {
  const keys = async () =>
    (await suite.db.query<{ key: string; hits: number }>('select key, cardinality(hits) as hits from private.form_throttle_keys')).rows;

  it("stores one digest per key (address, client, client's day, network, table), never an address", async () => {
    await send('contact_submissions', 'private@example.com', from('203.0.113.9'));
    const stored = await keys();
    expect(stored).toHaveLength(5);
    for (const { key, hits } of stored) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(hits).toBe(1);
    }
  });

  it('keeps no more times per key than its limit, whatever is sent', async () => {
    await flood(PER_CLIENT + 10, () => from('203.0.113.10'));
    for (let i = 0; i < PER_ADDRESS + 5; i++) await send('contact_submissions', 'same@example.com');
    const hitsOf = async (key: string) =>
      (
        await suite.db.query<{ hits: number }>(
          `select cardinality(hits) as hits from private.form_throttle_keys where key = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [key],
        )
      ).rows[0]?.hits;
    expect(await hitsOf('client:203.0.113.10')).toBe(PER_CLIENT);
    expect(await hitsOf('address:contact_submissions:same@example.com')).toBe(PER_ADDRESS);
    expect(await hitsOf('table:contact_submissions')).toBe(PER_CLIENT + PER_ADDRESS);
    expect(Math.max(...(await keys()).map((k) => k.hits))).toBeLessThanOrEqual(PER_TABLE);
  });

  it('leaves the purge out of the insert path: the scheduled job (not an insert) drops keys quiet for longer than the longest window', async () => {
    await send('contact_submissions', 'a1@example.com', from('203.0.113.11'));
    await suite.db.exec(`update private.form_throttle_keys set last_at = now() - interval '1 day 1 second', hits = array[last_at]`);
    const quiet = async () =>
      (
        await suite.db.query<{ n: number }>(
          `select count(*)::int as n from private.form_throttle_keys where last_at < now() - interval '1 day'`,
        )
      ).rows[0].n;
    await send('job_applications', 'a2@example.com');
    expect(await quiet()).toBe(5);
    await suite.db.exec(
      `update private.form_throttle_keys set last_at = now() - interval '23 hours' where key = private.form_digest('table:contact_submissions')`,
    );
    await suite.db.query('select private.form_throttle_purge()');
    expect(await quiet()).toBe(0);
    // A key used within the longest window (a day, per_client_day) stays.
    expect((await keys()).length).toBe(3);
  });
});

describe.each(API_ROLES)("the throttle's objects, for %s", (role) => {
  it('cannot be read, changed or called', async () => {
    for (const sql of [
      'select * from private.form_throttle_keys',
      'delete from private.form_throttle_keys',
      `insert into private.form_throttle_keys (key, hits, last_at) values ('x', '{}', now())`,
      'select * from private.form_limits',
      `update private.form_limits set max_rows = 10000`,
      `update private.form_client_source set header = 'x-forwarded-for'`,
      'select * from private.notify_window',
      `select private.form_throttle_take('client:1.2.3.4', 'per_client')`,
      'select private.form_client_key()',
      `select private.form_email_key('a@b.co')`,
      'select private.form_throttle_purge()',
    ]) {
      expect(await suite.runAs(role, sql), sql).toMatchObject({ ok: false, code: '42501' });
    }
  });

  it('holds no privilege on the private schema or anything in it', async () => {
    const { rows } = await suite.db.query<{ usage: boolean; tables: number; functions: number }>(
      `select has_schema_privilege($1, 'private', 'USAGE') as usage,
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'private' and c.relkind in ('r', 'S')
            and (has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
              or has_any_column_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))) as tables,
        (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'private' and has_function_privilege($1, p.oid, 'EXECUTE')) as functions`,
      [role],
    );
    expect(rows).toEqual([{ usage: false, tables: 0, functions: 0 }]);
  });
});

describe('security advisor equivalent', () => {
  it('finds nothing in public, and in private no mutable search_path, callable security definer function or API privilege', async () => {
    expect(await securityFindings(suite.db)).toEqual([]);
    const privateFindings = (await securityFindings(suite.db, 'private')).filter((f) =>
      [
        'function_search_path_mutable',
        'security_definer_executable',
        'security_definer_view',
        'api_role_can_read_or_change',
        'rls_disabled',
      ].includes(f.lint),
    );
    expect(privateFindings).toEqual([]);
  });

  it('the guard that writes the bookkeeping runs as its owner (security definer) with an empty search_path', async () => {
    const { rows } = await suite.db.query<{ proname: string; prosecdef: boolean; proconfig: string[] }>(
      `select p.proname, p.prosecdef, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' order by p.proname`,
    );
    expect(rows.map((r) => r.proname)).toContain('form_insert_guard');
    for (const row of rows) expect(row.proconfig, row.proname).toEqual(['search_path=""']);
    expect(rows.find((r) => r.proname === 'form_insert_guard')?.prosecdef).toBe(true);
  });

  it('the service role may change the limits and the client source, read the outbox and the digests (the team’s view) and the site’s publishing, and nothing else in private', async () => {
    const tables = async (privilege: string) =>
      (
        await suite.db.query<{ relname: string }>(
          `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'private' and c.relkind = 'r' and has_table_privilege('service_role', c.oid, $1) order by 1`,
          [privilege],
        )
      ).rows.map((r) => r.relname);
    expect(await tables('UPDATE, INSERT, DELETE, TRUNCATE')).toEqual(['form_client_source', 'form_limits']);
    expect(await tables('SELECT')).toEqual([
      'form_client_source',
      'form_limits',
      'notify_digests',
      'notify_outbox',
      'site_publish_due',
      'site_publish_state',
    ]);
  });
});
