/**
 * The project's migrations (supabase/migrations) on PGlite, prepared like a
 * Supabase project (tests/db/supabase-roles.sql), and statements run the way
 * PostgREST runs them: as `anon` or `authenticated`, with the JWT claims and,
 * when given, the request headers PostgREST sets for the transaction.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { TableName } from '../../src/lib/forms/definition';

export const API_ROLES = ['anon', 'authenticated'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export type Row = Record<string, unknown>;
export type Result = { ok: true; rows: Row[] } | { ok: false; code: string; message: string; detail?: string };

/**
 * A fresh database with Supabase's roles and every migration applied, in file name order.
 * `before` runs after the roles and before the migrations (e.g. stand-ins for Supabase's extensions).
 */
export async function migratedDatabase(before = ''): Promise<PGlite> {
  const db = await PGlite.create();
  await db.exec(readFileSync(join(__dirname, 'supabase-roles.sql'), 'utf8'));
  if (before) await db.exec(before);
  const dir = join(__dirname, '../../supabase/migrations');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await db.exec(readFileSync(join(dir, file), 'utf8'));
  }
  return db;
}

export interface RequestOptions {
  /** Request headers as PostgREST passes them (`request.headers`, lower-case names). */
  headers?: Record<string, string>;
  /** Roll the transaction back after the statement: a probe that stores and counts nothing. */
  rollback?: boolean;
}

/** Run one statement as an API role inside a transaction, with the settings PostgREST would make. */
export async function runAs(
  db: PGlite,
  role: ApiRole | 'service_role',
  sql: string,
  params: unknown[] = [],
  options: RequestOptions = {},
): Promise<Result> {
  try {
    return await db.transaction(async (tx: Transaction) => {
      const claims = role === 'authenticated' ? { role, sub: '11111111-1111-4111-8111-111111111111' } : { role };
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      if (options.headers) await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(options.headers)]);
      await tx.exec(`set local role ${role}`);
      const { rows } = await tx.query<Row>(sql, params);
      if (options.rollback) await tx.rollback();
      return { ok: true as const, rows };
    });
  } catch (error) {
    const e = error as { code?: string; message: string; detail?: string };
    return { ok: false, code: e.code ?? '?', message: e.message, detail: e.detail };
  }
}

/**
 * The statement PostgREST builds for POST /rest/v1/<table> without ?select
 * (return=minimal): RETURNING 1, no read-back. An array body becomes one
 * statement over json_populate_recordset, as PostgREST does with a JSON array.
 */
export function insertAs(
  db: PGlite,
  role: ApiRole,
  table: TableName,
  body: object | object[],
  options: RequestOptions = {},
): Promise<Result> {
  const rows = Array.isArray(body) ? body : [body];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => `"${c}"`).join(', ');
  const source = Array.isArray(body)
    ? `json_populate_recordset(null::public.${table}, $1::json)`
    : `json_populate_record(null::public.${table}, $1::json)`;
  return runAs(
    db,
    role,
    `with pgrst_source as (
       insert into public.${table} (${columns})
       select ${columns} from ${source}
       returning 1)
     select count(*)::int as count from pgrst_source`,
    [JSON.stringify(body)],
    options,
  );
}

/** What PostgREST makes of an error raised with SQLSTATE PGRST: the body from the message, status and headers from the detail. */
export function pgrstResponse(result: Result): { status: number; headers: Record<string, string>; body: Record<string, unknown> } | null {
  if (result.ok || result.code !== 'PGRST') return null;
  const detail = JSON.parse(result.detail ?? '{}') as { status: number; headers?: Record<string, string> };
  return { status: detail.status, headers: detail.headers ?? {}, body: JSON.parse(result.message) as Record<string, unknown> };
}
