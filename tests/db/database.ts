/**
 * The project's migrations on PGlite, prepared like a Supabase project
 * (tests/support/supabase/postgrest.ts), and statements run the way PostgREST runs
 * them: as `anon` or `authenticated`, with the JWT claims and, when given, the
 * request headers PostgREST sets for the transaction. Every SQL test file
 * takes its database from `databaseSuite`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { TableName } from '../../src/lib/forms/definition';
import {
  RESET_LIMITS_SQL,
  failure,
  insertStatement,
  requestSettings,
  setupScripts,
  type RequestOptions,
  type Result,
  type Role,
  type SetupOptions,
} from '../support/supabase/postgrest';

export { API_ROLES, pgrstResponse, type ApiRole, type RequestOptions, type Result, type Row } from '../support/supabase/postgrest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The empty cluster of the run (./global-setup.ts): a data-directory tarball. */
    pgliteCluster: string;
  }
}

/** A fresh database with Supabase's roles and every migration applied, from a copy of the run's empty cluster. */
export async function migratedDatabase(options: SetupOptions = {}): Promise<PGlite> {
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteCluster'))]) });
  for (const script of setupScripts(options)) await db.exec(script.sql);
  return db;
}

export interface SuiteOptions extends SetupOptions {
  /** Empty the write-limit bookkeeping before each test (for files that send the same address many times). */
  resetLimits?: boolean;
}

export interface Suite {
  /** The suite's database (available from the first test on). */
  readonly db: PGlite;
  runAs: (role: Role, sql: string, params?: unknown[], options?: RequestOptions) => Promise<Result>;
  insertAs: (role: Role, table: TableName, body: object | object[], options?: RequestOptions) => Promise<Result>;
}

/** One migrated database for the test file: created before its tests, closed after them. */
export function databaseSuite(options: SuiteOptions = {}): Suite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await migratedDatabase(options);
  });
  if (options.resetLimits) beforeEach(async () => void (await db!.exec(RESET_LIMITS_SQL)));
  afterAll(async () => {
    await db?.close();
  });
  const suite: Suite = {
    get db() {
      if (!db) throw new Error('the database is ready only inside tests and hooks');
      return db;
    },
    runAs: (role, sql, params, requestOptions) => runAs(suite.db, role, sql, params, requestOptions),
    insertAs: (role, table, body, requestOptions) => insertAs(suite.db, role, table, body, requestOptions),
  };
  return suite;
}

/** Run one statement as a role inside a transaction, with the settings PostgREST would make. */
export async function runAs(db: PGlite, role: Role, sql: string, params: unknown[] = [], options: RequestOptions = {}): Promise<Result> {
  try {
    return await db.transaction(async (tx: Transaction) => {
      await tx.exec(`set local role ${role}`);
      const settings = requestSettings(role, '/rest/v1/', options.headers);
      await tx.query(settings.sql, settings.params);
      const { rows } = await tx.query<Record<string, unknown>>(sql, params);
      if (options.rollback) await tx.rollback();
      return { ok: true as const, rows };
    });
  } catch (error) {
    return failure(error);
  }
}

/** POST /rest/v1/<table> as PostgREST runs it (tests/support/supabase/postgrest.ts insertStatement). */
export function insertAs(db: PGlite, role: Role, table: TableName, body: object | object[], options: RequestOptions = {}): Promise<Result> {
  const { sql, params } = insertStatement(table, body);
  return runAs(db, role, sql, params, options);
}
