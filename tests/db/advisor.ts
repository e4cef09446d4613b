/**
 * Checks equivalent to Supabase's Security Advisor (the splinter lints that
 * concern tables written from the browser), written as queries over the
 * catalog, plus stricter rules of this project. Each returns the offending
 * objects of a schema; an empty list means the schema passes.
 *
 *  rls_disabled                  a table without row-level security (splinter 0013, for every table)
 *  policy_exists_rls_disabled    policies written but RLS off (0007)
 *  rls_enabled_no_policy         RLS on but no policy at all (0008)
 *  rls_policy_always_true        an anon/authenticated policy whose check is `true` or missing (0024)
 *  api_role_can_read_or_change   anon/authenticated hold SELECT, UPDATE, DELETE, TRUNCATE, REFERENCES
 *                                or TRIGGER on a table or any of its columns (project rule: insert-only)
 *  function_search_path_mutable  a function without a fixed search_path (0011)
 *  security_definer_executable   a SECURITY DEFINER function anon/authenticated may execute (0028/0029)
 *  security_definer_view         a view that runs with its owner's rights (0010)
 *  no_primary_key                a table without a primary key (0004)
 *
 * And over the whole database (databaseFindings), the rules that need no schema named:
 *
 *  rls_disabled_in_exposed_schema    a table without RLS in a schema the API exposes (config.toml's
 *                                    `[api] schemas`; splinter 0013 looks at public only)
 *  function_search_path_mutable      a function of the project (any schema but the platform's)
 *                                    without a fixed search_path (0011)
 *  extension_in_public               an extension installed in public (0014): it cannot be moved later
 *  security_definer_callable_by_api  a SECURITY DEFINER function of the project that anon or
 *                                    authenticated may execute (0028/0029), unless listed in
 *                                    DEFINER_CALLABLE_BY_API with the reason it is safe
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { parse } from 'smol-toml';

export interface Finding {
  lint: string;
  object: string;
}

const API_ROLES = `array['anon', 'authenticated']`;

const LINTS: Record<string, string> = {
  rls_disabled: `
    select c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  policy_exists_rls_disabled: `
    select distinct c.relname as object from pg_policy p join pg_class c on c.oid = p.polrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and not c.relrowsecurity`,
  rls_enabled_no_policy: `
    select c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p') and c.relrowsecurity
      and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  rls_policy_always_true: `
    with p as (
      select c.relname || '.' || p.polname as object, p.polcmd as cmd,
        lower(regexp_replace(coalesce(pg_get_expr(p.polqual, p.polrelid), ''), '[\\s()]', '', 'g')) as qual,
        lower(regexp_replace(coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''), '[\\s()]', '', 'g')) as with_check
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relrowsecurity and p.polpermissive
        and (p.polroles = array[0::oid] or exists (
          select 1 from unnest(p.polroles) r where r::regrole::text = any(${API_ROLES})))
    )
    select object from p where
      with_check in ('true', '1=1')
      or (cmd = 'a' and with_check = '')
      or (cmd in ('w', 'd', '*') and qual in ('', 'true', '1=1'))`,
  api_role_can_read_or_change: `
    select c.relname || ' (' || r.role || ' ' || priv.name || ')' as object
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    cross join unnest(${API_ROLES}) as r(role)
    cross join unnest(array['SELECT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as priv(name)
    where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
      and (has_table_privilege(r.role, c.oid, priv.name)
        or (priv.name in ('SELECT', 'UPDATE', 'REFERENCES') and has_any_column_privilege(r.role, c.oid, priv.name)))`,
  function_search_path_mutable: `
    select p.proname as object from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = $1 and not exists (
      select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')`,
  security_definer_executable: `
    select p.proname || ' (' || r.role || ')' as object
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace cross join unnest(${API_ROLES}) as r(role)
    where n.nspname = $1 and p.prosecdef and has_function_privilege(r.role, p.oid, 'EXECUTE')`,
  security_definer_view: `
    select c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind = 'v'
      and not coalesce(c.reloptions @> array['security_invoker=true'] or c.reloptions @> array['security_invoker=on'], false)`,
  no_primary_key: `
    select c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,
};

export const LINT_NAMES = Object.keys(LINTS);

type Queryable = Pick<PGlite, 'query'>;

export async function securityFindings(db: Queryable, schema = 'public'): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [lint, sql] of Object.entries(LINTS)) {
    const { rows } = await db.query<{ object: string }>(sql, [schema]);
    for (const row of rows) findings.push({ lint, object: row.object });
  }
  return findings;
}

/** The schemas PostgREST serves: `[api] schemas` of supabase/config.toml. */
export function exposedSchemas(): string[] {
  const config = parse(readFileSync(join(__dirname, '../../supabase/config.toml'), 'utf8')) as { api: { schemas: string[] } };
  return config.api.schemas;
}

/**
 * SECURITY DEFINER functions that anon or authenticated may execute, as `schema.name(argument types)`,
 * each with the reason it is safe. Empty: every definer function is a trigger's or the service role's.
 */
export const DEFINER_CALLABLE_BY_API: Record<string, string> = {};

/** Schemas that are PostgreSQL's, Supabase's or their stand-ins (tests/db/stand-ins/), not the project's. */
const PLATFORM_SCHEMAS = [
  'pg_catalog',
  'information_schema',
  'pg_toast',
  'auth',
  'cron',
  'net',
  'vault',
  'extensions',
  'graphql',
  'graphql_public',
  'storage',
  'realtime',
  'supabase_functions',
  'supabase_migrations',
  'pgbouncer',
  'pgsodium',
  'pgsodium_masks',
];

const sqlList = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** FROM and WHERE of the project's functions (`p`): outside the platform's schemas, and not part of an extension. */
const projectFunctions = (join = '') => `
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace ${join}
  where n.nspname <> all(${sqlList(PLATFORM_SCHEMAS)}) and n.nspname !~ '^pg_'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

const DATABASE_LINTS: Record<string, () => string> = {
  rls_disabled_in_exposed_schema: () => `
    select n.nspname || '.' || c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${sqlList(exposedSchemas())}) and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  function_search_path_mutable: () => `
    select p.oid::regprocedure::text as object ${projectFunctions()}
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')`,
  extension_in_public: () => `
    select e.extname as object from pg_extension e where e.extnamespace = 'public'::regnamespace`,
  security_definer_callable_by_api: () => `
    select p.oid::regprocedure::text || ' (' || r.role || ')' as object ${projectFunctions(`cross join unnest(${API_ROLES}) as r(role)`)}
      and p.prosecdef and has_function_privilege(r.role, p.oid, 'EXECUTE')
      and p.oid::regprocedure::text <> all(${sqlList(Object.keys(DEFINER_CALLABLE_BY_API))})`,
};

export const DATABASE_LINT_NAMES = Object.keys(DATABASE_LINTS);

/** The rules over the whole database (PGlite or a node-postgres client); an empty list means it passes. */
export async function databaseFindings(db: { query: (sql: string) => Promise<{ rows: unknown[] }> }): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [lint, sql] of Object.entries(DATABASE_LINTS)) {
    const { rows } = await db.query(sql());
    for (const row of rows as { object: string }[]) findings.push({ lint, object: row.object });
  }
  return findings;
}
