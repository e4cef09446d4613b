/**
 * One place for each database object: supabase/schemas/*.sql holds the current definition of
 * everything, supabase/migrations/ the history that deploys it. On a PostgreSQL 15 server of its
 * own, the migrations build one database and the schema files another (both with Supabase's
 * roles and the stand-ins for pg_cron, pg_net and Vault), and their schema, rows and jobs must be
 * the same (./schema-dump.ts): a function changed only in a migration, or only in a schema file,
 * fails here with the objects that differ. The same database is then read as Supabase's advisor
 * reads a project (tests/db/advisor.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { platformScripts, projectScripts } from '../support/supabase/postgrest';
import { databaseFindings, DATABASE_LINT_NAMES } from '../db/advisor';
import { startServer, type Server } from './server';
import { compare, report, snapshot, type Snapshot } from './schema-dump';

let server: Server;
let owner: pg.Client;

/** Runs `work` with a client of one database of the server, closed after it (a database copied as a template must have none). */
async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...server.connection, database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs each script in a database, failing with the script's name. */
async function apply(database: string, scripts: { name: string; sql: string }[]): Promise<void> {
  await withClient(database, async (client) => {
    for (const script of scripts) {
      try {
        await client.query(script.sql);
      } catch (error) {
        throw new Error(`${script.name}: ${(error as Error).message}`);
      }
    }
  });
}

/** A copy of a built database with `sql` run in it: a difference planted on one side. */
async function planted(database: string, from: string, sql: string): Promise<void> {
  await owner.query(`create database ${database} template ${from}`);
  await withClient(database, (client) => client.query(sql));
}

let fromMigrations: Snapshot;
let fromSchemas: Snapshot;

beforeAll(async () => {
  server = await startServer({ maxConnections: 20 });
  owner = new pg.Client(server.connection);
  await owner.connect();
  // Supabase's roles (one set per server) and schemas, with the stand-ins; each database is a copy of it.
  await owner.query('create database platform');
  await apply('platform', platformScripts({ extensions: true }));
  await owner.query('create database from_migrations template platform');
  await owner.query('create database from_schemas template platform');
  await Promise.all([apply('from_migrations', projectScripts('migrations')), apply('from_schemas', projectScripts('schemas'))]);
  [fromMigrations, fromSchemas] = await Promise.all([snapshot(server, 'from_migrations'), snapshot(server, 'from_schemas')]);
});

afterAll(async () => {
  await owner?.end().catch(() => {});
  server?.stop();
});

describe('the schema files and the migrations', () => {
  it('build the same database: every table, function, trigger, policy, grant and comment, the settings rows and the jobs', () => {
    // Enough of the database to know the comparison read it, not two empty dumps.
    expect(fromMigrations.get('FUNCTION private.form_insert_guard()')).toContain('form_one_row');
    expect(fromMigrations.get('TABLE DATA private.form_limits')).toContain('storage_mb');
    expect(fromMigrations.get('CRON JOBS cron.job')).toContain('notify-submission-drain');
    const differences = compare(fromMigrations, fromSchemas);
    expect(
      differences.map((d) => d.object),
      `${report(differences, ['supabase/migrations', 'supabase/schemas'])}\n` +
        'Define the change in its schema file and write the migration that brings a deployed database there (supabase/README.md, "Changing the database").',
    ).toEqual([]);
  });

  it('differ, naming the object, when a function is changed on one side only (a planted difference each way)', async () => {
    // A function changed only in a migration, and a limit's row and a column's comment only in a schema file.
    await Promise.all([
      planted(
        'planted_migration',
        'from_migrations',
        `create or replace function private.form_digest(key text) returns text language sql immutable set search_path = ''
         as $$ select encode(sha256(convert_to(lower(key), 'UTF8')), 'hex') $$`,
      ),
      planted(
        'planted_schema',
        'from_schemas',
        `update private.form_limits set max_rows = 4 where name = 'per_address';
         comment on column public.job_applications.held is 'changed'`,
      ),
    ]);
    const [migration, schema] = await Promise.all([snapshot(server, 'planted_migration'), snapshot(server, 'planted_schema')]);
    const one = compare(migration, fromMigrations);
    expect(one.map((d) => d.object)).toEqual(['FUNCTION private.form_digest(text)']);
    expect(one[0].first.join('\n')).toContain('lower(key)');
    expect(compare(fromSchemas, schema).map((d) => d.object)).toEqual([
      'COMMENT public.COLUMN job_applications.held',
      'TABLE DATA private.form_limits',
    ]);
  });
});

describe("Supabase's advisor, on the database the migrations build", () => {
  it('finds nothing: RLS on every table of an exposed schema, a fixed search_path on every function, no extension in public, no security definer function the API roles may call', async () => {
    expect(await withClient('from_migrations', databaseFindings)).toEqual([]);
  });

  it('would catch each problem it looks for (checked on a deliberately bad copy)', async () => {
    await planted(
      'advised',
      'from_migrations',
      `create table public.leaky (id int primary key);
       create function private.loose() returns int language sql as 'select 1';
       create function private.definer() returns int language sql security definer set search_path = '' as 'select 1';
       grant execute on function private.definer() to anon;
       create extension pgcrypto;`,
    );
    const findings = await withClient('advised', databaseFindings);
    expect([...new Set(findings.map((f) => f.lint))].sort()).toEqual([...DATABASE_LINT_NAMES].sort());
    expect(findings).toContainEqual({ lint: 'rls_disabled_in_exposed_schema', object: 'public.leaky' });
    expect(findings).toContainEqual({ lint: 'function_search_path_mutable', object: 'private.loose()' });
    expect(findings).toContainEqual({ lint: 'extension_in_public', object: 'pgcrypto' });
    expect(findings).toContainEqual({ lint: 'security_definer_callable_by_api', object: 'private.definer() (anon)' });
  });
});
