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
 */
import type { PGlite } from '@electric-sql/pglite';

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
