/**
 * The SQL tests' database: PGlite prepared like a Supabase project
 * (supabase-roles.sql), optionally with more setup, then every migration in
 * supabase/migrations in order; and a way to run SQL as an API role the way
 * PostgREST does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export const API_ROLES = ['anon', 'authenticated'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export type Row = Record<string, unknown>;
export type Result = { ok: true; rows: Row[] } | { ok: false; code: string; message: string };

/** `before` runs after the roles and before the migrations (e.g. stand-ins for Supabase's extensions). */
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

/** Run one statement as a role inside a transaction, with the JWT claims PostgREST would set. */
export async function asRole(db: PGlite, role: ApiRole | 'service_role', sql: string, params: unknown[] = []): Promise<Result> {
  try {
    return await db.transaction(async (tx: Transaction) => {
      const claims = role === 'authenticated' ? { role, sub: '11111111-1111-4111-8111-111111111111' } : { role };
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.exec(`set local role ${role}`);
      const { rows } = await tx.query<Row>(sql, params);
      return { ok: true as const, rows };
    });
  } catch (error) {
    const e = error as { code?: string; message: string };
    return { ok: false, code: e.code ?? '?', message: e.message };
  }
}

/** The statement PostgREST builds for POST /rest/v1/<table> without ?select (return=minimal): RETURNING 1, no read-back. */
export function insertAs(db: PGlite, role: ApiRole, table: string, row: object): Promise<Result> {
  const columns = Object.keys(row)
    .map((c) => `"${c}"`)
    .join(', ');
  return asRole(
    db,
    role,
    `with pgrst_source as (
       insert into public.${table} (${columns})
       select ${columns} from json_populate_record(null::public.${table}, $1::json)
       returning 1)
     select count(*)::int as count from pgrst_source`,
    [JSON.stringify(row)],
  );
}
