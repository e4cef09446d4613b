/**
 * What a database is, as text that two databases can be compared by: `pg_dump --schema-only`
 * cut into one section per object (pg_dump's own `-- Name: …; Type: …; Schema: …` headers),
 * the rows of the project's schemas (`--data-only`: the limits, the one-row settings, the
 * digest that stands for old rows), and the scheduled jobs (rows of cron.job, whose ids differ
 * with the history that made them, so compared by name, schedule and command). Function bodies
 * are compared as written, comments inside them included: the body that deploys is the body
 * in the schema file.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PG_BIN, type Server } from './server';

/** Object key (`FUNCTION private.form_digest(key text)`, `TABLE DATA private.form_limits` …) → its normalized text. */
export type Snapshot = Map<string, string>;

export interface Difference {
  object: string;
  /** Lines only the first database has, and lines only the second has (the whole section when the object is missing). */
  first: string[];
  second: string[];
}

const HEADER = /^-- (?:Data for )?Name: (.+?); Type: (.+?); Schema: (.+?); Owner: .*$/;

/** pg_dump's plain output as sections: key → statements, without its session settings and blank lines. */
export function sections(dump: string): Snapshot {
  const result: Snapshot = new Map();
  let key: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (key) result.set(key, [result.get(key), ...sortCopyRows(lines)].filter(Boolean).join('\n'));
    lines = [];
  };
  for (const line of dump.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      flush();
      const [, name, type, schema] = header;
      key = `${type} ${schema === '-' ? '' : `${schema}.`}${name}`;
      continue;
    }
    // pg_dump's framing: comment lines, session settings, and the \restrict key of 15.14+ (random per dump).
    if (line === '' || line.startsWith('--') || /^\\(un)?restrict /.test(line) || /^SET /.test(line)) continue;
    if (/^SELECT pg_catalog\.set_config\('search_path'/.test(line)) continue;
    lines.push(line);
  }
  flush();
  return result;
}

/** A COPY block's rows in sorted order: the order rows are stored in depends on the updates that made them. */
function sortCopyRows(lines: string[]): string[] {
  const start = lines.findIndex((l) => l.startsWith('COPY '));
  const end = lines.indexOf('\\.');
  if (start === -1 || end === -1) return lines;
  return [...lines.slice(0, start + 1), ...lines.slice(start + 1, end).sort(), ...lines.slice(end)];
}

async function pgDump(server: Server, database: string, args: string[]): Promise<string> {
  const { host, port, user } = server.connection;
  const { stdout } = await promisify(execFile)(
    join(PG_BIN, 'pg_dump'),
    ['--host', host, '--port', String(port), '--username', user, '--no-password', ...args, database],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** A time in a row: when the database was built (the digest that stands for old rows), never the same twice. */
const TIMESTAMP = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d/g;

/** The schema, the project's rows and the scheduled jobs of one database of the server. */
export async function snapshot(server: Server, database: string, dataSchemas = ['public', 'private']): Promise<Snapshot> {
  const [schema, data] = await Promise.all([
    pgDump(server, database, ['--schema-only']),
    pgDump(server, database, ['--data-only', ...dataSchemas.flatMap((s) => ['--schema', s])]),
  ]);
  const result = new Map([
    ...sections(schema),
    ...[...sections(data)].map(([key, text]) => [key, text.replace(TIMESTAMP, '<time>')] as const),
  ]);
  const client = new pg.Client({ ...server.connection, database });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('cron.job') is not null as exists`);
    if (rows[0].exists) {
      const jobs = await client.query<Record<string, unknown>>('select jobname, schedule, command, active from cron.job order by jobname');
      result.set('CRON JOBS cron.job', jobs.rows.map((job) => JSON.stringify(job)).join('\n'));
    }
  } finally {
    await client.end();
  }
  return result;
}

/** Every object whose text differs, or which only one of the two databases has. */
export function compare(first: Snapshot, second: Snapshot): Difference[] {
  const keys = [...new Set([...first.keys(), ...second.keys()])].sort();
  const differences: Difference[] = [];
  for (const object of keys) {
    const a = first.get(object);
    const b = second.get(object);
    if (a === b) continue;
    const linesA = a?.split('\n') ?? [];
    const linesB = b?.split('\n') ?? [];
    const inB = new Set(linesB);
    const inA = new Set(linesA);
    differences.push({ object, first: linesA.filter((l) => !inB.has(l)), second: linesB.filter((l) => !inA.has(l)) });
  }
  return differences;
}

/** The differences as a report a person can act on: each object, and the lines that differ (a few of each). */
export function report(differences: Difference[], names: [string, string], shown = 6): string {
  const excerpt = (label: string, lines: string[]) => [
    `    ${label}:`,
    ...(lines.length === 0 ? ['      (nothing)'] : lines.slice(0, shown).map((l) => `      ${l.trim()}`)),
    ...(lines.length > shown ? [`      … ${lines.length - shown} more lines`] : []),
  ];
  return [
    `${names[0]} and ${names[1]} build different databases (${differences.length} object${differences.length === 1 ? '' : 's'}):`,
    ...differences.flatMap((d) => [`  ${d.object}`, ...excerpt(names[0], d.first), ...excerpt(names[1], d.second)]),
  ].join('\n');
}
