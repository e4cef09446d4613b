/**
 * What the two SQL suites share to stand in for a Supabase project and its
 * PostgREST: the SQL that prepares a database (Supabase's roles, optional
 * stand-ins for its extensions, every migration in file-name order, or the
 * declarative schema files instead, for the drift test), the
 * statements PostgREST sends for one request, and how it turns a custom error
 * into an HTTP answer. tests/db runs them on PGlite (one connection, fast);
 * tests/pg on a real PostgreSQL server under concurrent load.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TableName } from '../../../src/lib/forms/definition';

export const API_ROLES = ['anon', 'authenticated'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export type Role = ApiRole | 'service_role';
export type Row = Record<string, unknown>;
export type Result = { ok: true; rows: Row[] } | { ok: false; code: string; message: string; detail?: string };

const MIGRATIONS = join(__dirname, '../../../supabase/migrations');
const SCHEMAS = join(__dirname, '../../../supabase/schemas');
const DB_SUPPORT = join(__dirname, '../../db');

/** Supabase's extensions the migrations use, each with a stand-in in tests/db/stand-ins/. */
export const EXTENSIONS = ['cron', 'vault', 'net'] as const;
export type Extension = (typeof EXTENSIONS)[number];

export interface SetupOptions {
  /**
   * Stand-ins for pg_cron, Vault and pg_net (tests/db/stand-ins/), so the guarded parts of the
   * migrations run: `true` for all three, or the ones to stand in for (the real-PostgreSQL suite
   * runs the real pg_cron).
   */
  extensions?: boolean | readonly Extension[];
  /**
   * What builds the schema: the migrations (what deploys, the default) or the declarative
   * schema files, supabase/schemas/*.sql in name order (tests/pg/schemas.test.ts compares both).
   */
  source?: 'migrations' | 'schemas';
  /** Another folder of migrations (an earlier commit's, for a benchmark's before and after). */
  migrations?: string;
}

/**
 * The migrations' file names in the order they apply. The Supabase CLI keys a migration by the
 * timestamp before its `_` (supabase_migrations.schema_migrations): two files with one version
 * apply here in name order but make `supabase db push` fail, which branches merged side by side
 * can cause. Refused here, so every SQL suite fails on it.
 */
export function migrationFiles(files: readonly string[] = readdirSync(MIGRATIONS)): string[] {
  const sql = files.filter((f) => f.endsWith('.sql')).sort();
  const byVersion = new Map<string, string>();
  for (const file of sql) {
    const version = file.split('_', 1)[0];
    const other = byVersion.get(version);
    if (other) throw new Error(`Migrations ${other} and ${file} share the version ${version}: give the later one a later timestamp.`);
    byVersion.set(version, file);
  }
  return sql;
}

/** The declarative schema files in the order they apply: their two-digit prefixes. */
export function schemaFiles(files: readonly string[] = readdirSync(SCHEMAS)): string[] {
  const sql = files.filter((f) => f.endsWith('.sql')).sort();
  const unnumbered = sql.filter((f) => !/^\d{2}_[a-z0-9_]+\.sql$/.test(f));
  if (unnumbered.length > 0) throw new Error(`Schema files must be named NN_concern.sql (the order they apply): ${unnumbered.join(', ')}`);
  return sql;
}

const read = (dir: string, file: string) => ({ name: file, sql: readFileSync(join(dir, file), 'utf8') });

/** What Supabase provides before any migration: its roles and schemas, and the stand-ins asked for. */
export function platformScripts(options: SetupOptions = {}): { name: string; sql: string }[] {
  const standIns = options.extensions === true ? EXTENSIONS : options.extensions || [];
  return [read(DB_SUPPORT, 'supabase-roles.sql'), ...standIns.map((extension) => read(join(DB_SUPPORT, 'stand-ins'), `${extension}.sql`))];
}

/** The project's own SQL: every migration, or every schema file, in the order they apply. */
export function projectScripts(source: SetupOptions['source'] = 'migrations', migrations = MIGRATIONS): { name: string; sql: string }[] {
  return source === 'schemas'
    ? schemaFiles().map((f) => read(SCHEMAS, f))
    : migrationFiles(readdirSync(migrations)).map((f) => read(migrations, f));
}

/** The scripts that make an empty database a migrated Supabase-like project, in order. */
export function setupScripts(options: SetupOptions = {}): { name: string; sql: string }[] {
  return [...platformScripts(options), ...projectScripts(options.source, options.migrations)];
}

/** Empties the write-limit and notification bookkeeping: for tests that send the same address many times. */
export const RESET_LIMITS_SQL = `truncate private.form_throttle_keys, private.form_usage, private.notify_senders, private.notify_outbox, private.notify_receipts;
  delete from private.notify_digests where id <> 0;
  update private.notify_window set started_at = '-infinity', notified = 0;
  update private.notify_state set last_drain_at = null, last_drain = null, endpoint_failing = false,
    refusals_seen = (select case when is_called then last_value else 0 end from private.form_capacity_refusals),
    refusals_alerted_at = null, storage_alerted = 0`;

export interface RequestOptions {
  /** Request headers as PostgREST passes them (`request.headers`, lower-case names). Without them the statement is plain SQL as that role. */
  headers?: Record<string, string>;
  /** Roll the transaction back after the statement: a probe that stores and counts nothing. */
  rollback?: boolean;
}

/**
 * The settings PostgREST makes at the start of a request's transaction (after
 * `set local role`): the JWT claims and, when given, the request's method,
 * path and headers.
 */
export function requestSettings(role: Role, path: string, headers?: Record<string, string>): { sql: string; params: unknown[] } {
  const claims = role === 'authenticated' ? { role, sub: '11111111-1111-4111-8111-111111111111' } : { role };
  if (!headers) return { sql: `select set_config('request.jwt.claims', $1, true)`, params: [JSON.stringify(claims)] };
  return {
    sql: `select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true),
            set_config('request.path', $2, true), set_config('request.headers', $3, true), set_config('request.cookies', '{}', true)`,
    params: [JSON.stringify(claims), path, JSON.stringify(headers)],
  };
}

/**
 * The statement PostgREST builds for POST /rest/v1/<table> without ?select
 * (return=minimal): RETURNING 1, no read-back. An array body becomes one
 * statement over json_populate_recordset, as PostgREST does with a JSON array.
 */
export function insertStatement(table: TableName, body: object | object[]): { sql: string; params: unknown[] } {
  const rows = Array.isArray(body) ? body : [body];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => `"${c}"`).join(', ');
  const source = Array.isArray(body)
    ? `json_populate_recordset(null::public.${table}, $1::json)`
    : `json_populate_record(null::public.${table}, $1::json)`;
  return {
    sql: `with pgrst_source as (
       insert into public.${table} (${columns})
       select ${columns} from ${source}
       returning 1)
     select count(*)::int as count from pgrst_source`,
    params: [JSON.stringify(body)],
  };
}

/** A database error as a Result. */
export function failure(error: unknown): Result {
  const e = error as { code?: string; message: string; detail?: string };
  return { ok: false, code: e.code ?? '?', message: e.message, detail: e.detail };
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** What PostgREST makes of an error raised with SQLSTATE PGRST: the body from the message, status and headers from the detail. */
export function pgrstResponse(result: Result): HttpAnswer | null {
  if (result.ok || result.code !== 'PGRST') return null;
  const detail = JSON.parse(result.detail ?? '{}') as { status: number; headers?: Record<string, string> };
  return { status: detail.status, headers: detail.headers ?? {}, body: JSON.parse(result.message) as Record<string, unknown> };
}

/** A row each table accepts, with a fresh id and the given address (what the forms send, shortened). */
export function sampleRow(table: TableName, email: string): Row & { id: string } {
  const id = crypto.randomUUID();
  return table === 'contact_submissions'
    ? { id, first_name: 'Ada', last_name: 'Lovelace', email, message: 'Hello.' }
    : { id, full_name: 'Grace Hopper', email, expertise: 'Cybersecurity', experience: '10 years', cover_letter: 'Hi.' };
}
