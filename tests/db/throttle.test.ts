/**
 * The form tables' write limits (supabase/migrations/*_form_throttle.sql), as
 * anon with the request headers PostgREST sets: one row per statement, 3 rows
 * per address and table and 20 rows per client address in 10 minutes, the
 * refusal as PostgREST's custom 429 with Retry-After, the per-key lock, and
 * bookkeeping the API roles can neither read nor call.
 */
import { describe, it, expect, beforeAll, beforeEach, afterAll } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { newRowId, type TableName } from '../../src/lib/forms/definition';
import { THROTTLE_CODE } from '../../src/lib/forms/submit';
import { securityFindings } from './advisor';
import { API_ROLES, insertAs, migratedDatabase, pgrstResponse, runAs, type ApiRole, type Result, type RequestOptions } from './database';

const PER_ADDRESS = 3;
const PER_CLIENT = 20;
const WINDOW_S = 600;

let db: PGlite;

beforeAll(async () => {
  db = await migratedDatabase();
});

beforeEach(async () => {
  await db.exec('truncate private.form_throttle_hits');
});

afterAll(async () => {
  await db?.close();
});

const contact = (email: string) => ({ id: newRowId(), first_name: 'Ada', last_name: 'Lovelace', email, message: 'Hello.' });
const application = (email: string) => ({
  id: newRowId(),
  full_name: 'Grace Hopper',
  email,
  expertise: 'Cybersecurity',
  experience: '10 years',
  cover_letter: 'Hi.',
});
const rowFor = (table: TableName, email: string) => (table === 'contact_submissions' ? contact(email) : application(email));
const from = (address: string): RequestOptions => ({ headers: { 'x-forwarded-for': `${address}, 10.0.0.1`, 'user-agent': 'test' } });

function send(table: TableName, email: string, options: RequestOptions = {}, role: ApiRole = 'anon'): Promise<Result> {
  return insertAs(db, role, table, rowFor(table, email), options);
}

async function storedCount(table: TableName, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.${table} where lower(email) = lower($1)`, [email]);
  return rows[0].n;
}

/** The throttle's 429 as PostgREST would send it, checked completely. */
function expectThrottled(result: Result) {
  expect(result).toMatchObject({ ok: false, code: 'PGRST' });
  const response = pgrstResponse(result)!;
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ code: THROTTLE_CODE, message: expect.any(String) });
  const retryAfter = Number(response.headers['Retry-After']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
  expect(response.headers['Access-Control-Expose-Headers']).toBe('Retry-After');
  return retryAfter;
}

describe('one row per statement', () => {
  it.each(API_ROLES)('refuses a two-row insert as %s (what PostgREST makes of a JSON array) and stores neither row', async (role) => {
    const rows = [contact('one@example.com'), contact('two@example.com')];
    const result = await insertAs(db, role, 'contact_submissions', rows);
    expect(result).toMatchObject({ ok: false, code: 'PGRST' });
    expect(pgrstResponse(result)).toMatchObject({ status: 400, body: { code: 'form_one_row' } });
    expect(await storedCount('contact_submissions', 'one@example.com')).toBe(0);
    expect(await storedCount('contact_submissions', 'two@example.com')).toBe(0);
  });

  it('refuses a large batch into job_applications as well', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => application(`bulk${i}@example.com`));
    expect(pgrstResponse(await insertAs(db, 'anon', 'job_applications', rows))).toMatchObject({
      status: 400,
      body: { code: 'form_one_row' },
    });
    const { rows: left } = await db.query<{ n: number }>(`select count(*)::int as n from public.job_applications where email like 'bulk%'`);
    expect(left).toEqual([{ n: 0 }]);
  });

  it('accepts a one-element array (one row), and one row after another in the same transaction', async () => {
    expect(await insertAs(db, 'anon', 'contact_submissions', [contact('single@example.com')])).toMatchObject({
      ok: true,
      rows: [{ count: 1 }],
    });
    const result = await runAs(
      db,
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
    // Surrounding whitespace never reaches a column (the text rules refuse it), but it does not dodge the count either.
    expectThrottled(await send(table, 'ADA@Example.com '));
    expectThrottled(await send(table, 'ada@example.com'));
    const { rows } = await db.query<{ same: boolean }>(
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

  it('counts only the last 10 minutes', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) await send(table, 'old@example.com');
    expectThrottled(await send(table, 'old@example.com'));
    // The oldest counted row leaves the window: one more row fits.
    await db.exec(
      `update private.form_throttle_hits set at = at - interval '10 minutes 1 second' where id = (select min(id) from private.form_throttle_hits)`,
    );
    expect(await send(table, 'old@example.com')).toMatchObject({ ok: true });
    expectThrottled(await send(table, 'old@example.com'));
  });

  it('does not count refused rows (a refused statement leaves no bookkeeping)', async () => {
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const bad = {
        ...rowFor(table, 'typo@example.com'),
        email: 'typo@example.com',
        ...(table === 'contact_submissions' ? { first_name: '\u200b' } : { full_name: '\u200b' }),
      };
      expect(await insertAs(db, 'anon', table, bad)).toMatchObject({ ok: false, code: '23514' });
    }
    expect(await send(table, 'typo@example.com')).toMatchObject({ ok: true });
  });
});

describe('per client address', () => {
  it(`accepts ${PER_CLIENT} rows across both tables from one X-Forwarded-For address and refuses the next; another address still gets through`, async () => {
    for (let i = 0; i < PER_CLIENT; i++) {
      const table: TableName = i % 2 === 0 ? 'contact_submissions' : 'job_applications';
      expect(await send(table, `visitor${i}@example.com`, from('203.0.113.7')), `row ${i + 1}`).toMatchObject({ ok: true });
    }
    expectThrottled(await send('job_applications', 'fresh@example.com', from('203.0.113.7')));
    expectThrottled(await send('contact_submissions', 'fresh@example.com', from('203.0.113.7')));
    expect(await storedCount('job_applications', 'fresh@example.com')).toBe(0);
    expect(await send('contact_submissions', 'fresh@example.com', from('198.51.100.4'))).toMatchObject({ ok: true });
  });

  it('reads only the first address of X-Forwarded-For (the proxies after it are shared by everyone)', async () => {
    for (let i = 0; i < PER_CLIENT; i++) {
      expect(
        await send('contact_submissions', `p${i}@example.com`, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 10.0.0.9` } }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await send('contact_submissions', 'p-last@example.com', { headers: { 'x-forwarded-for': '192.0.2.200, 10.0.0.9' } }),
    ).toMatchObject({ ok: true });
  });

  it('applies only the per-address rule when PostgREST passes no client address', async () => {
    for (let i = 0; i < PER_CLIENT + 5; i++) expect(await send('contact_submissions', `n${i}@example.com`)).toMatchObject({ ok: true });
    for (let i = 0; i < PER_CLIENT + 5; i++) {
      expect(await send('contact_submissions', `h${i}@example.com`, { headers: { 'user-agent': 'no forwarding' } })).toMatchObject({
        ok: true,
      });
    }
  });
});

describe('locking and bookkeeping', () => {
  it('takes a transaction-scoped advisory lock per key (address and client), so concurrent inserts count one after the other', async () => {
    const locks = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': '203.0.113.50' })]);
      await tx.exec('set local role anon');
      await tx.query(
        `insert into public.contact_submissions (id, first_name, last_name, email, message) values (gen_random_uuid(), 'A', 'B', 'lock@example.com', 'Hi')`,
      );
      await tx.exec('reset role');
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      await tx.rollback();
      return rows[0].n;
    });
    expect(locks).toBe(2);
    // Released with the transaction.
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('stores digests, never an address', async () => {
    await send('contact_submissions', 'private@example.com', from('203.0.113.9'));
    const { rows } = await db.query<{ key: string }>('select key from private.form_throttle_hits');
    expect(rows).toHaveLength(2);
    for (const { key } of rows) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('purges bookkeeping older than the window as new rows arrive', async () => {
    await send('contact_submissions', 'a1@example.com');
    await db.exec(`update private.form_throttle_hits set at = now() - interval '11 minutes'`);
    await send('contact_submissions', 'a2@example.com');
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.form_throttle_hits where at < now() - interval '10 minutes'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe.each(API_ROLES)("the throttle's objects, for %s", (role) => {
  it('cannot be read, changed or called', async () => {
    for (const sql of [
      'select * from private.form_throttle_hits',
      'delete from private.form_throttle_hits',
      `insert into private.form_throttle_hits (key) values ('x')`,
      `select private.form_throttle_take('client:1.2.3.4', 1000, interval '1 second')`,
      'select private.form_client_address()',
      `select private.form_email_key('a@b.co')`,
      'select private.form_throttle_purge()',
    ]) {
      expect(await runAs(db, role, sql), sql).toMatchObject({ ok: false, code: '42501' });
    }
  });

  it('holds no privilege on the private schema or anything in it', async () => {
    const { rows } = await db.query<{ usage: boolean; tables: number; functions: number }>(
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
    expect(await securityFindings(db)).toEqual([]);
    const privateFindings = (await securityFindings(db, 'private')).filter((f) =>
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
    const { rows } = await db.query<{ proname: string; prosecdef: boolean; proconfig: string[] }>(
      `select p.proname, p.prosecdef, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' order by p.proname`,
    );
    expect(rows.map((r) => r.proname)).toContain('form_insert_guard');
    for (const row of rows) expect(row.proconfig, row.proname).toEqual(['search_path=""']);
    expect(rows.find((r) => r.proname === 'form_insert_guard')?.prosecdef).toBe(true);
  });
});
