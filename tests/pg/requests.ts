/**
 * Requests as PostgREST makes them, over many connections at once: one
 * transaction per request (at the isolation level given), `set local role`,
 * the request.* settings, the insert statement, commit. The statements are
 * the ones tests/db uses on PGlite (tests/support/supabase/postgrest.ts).
 */
import pg from 'pg';
import type { TableName } from '../../src/lib/forms/definition';
import { failure, insertStatement, pgrstResponse, requestSettings, type Result, type Role } from '../support/supabase/postgrest';

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface Request {
  table: TableName;
  body: object;
  headers?: Record<string, string>;
}

export interface Answer {
  result: Result;
  /** From BEGIN to COMMIT (or ROLLBACK), in milliseconds. */
  ms: number;
}

export async function connect(connection: pg.ClientConfig, count: number): Promise<pg.Client[]> {
  const clients = Array.from({ length: count }, () => new pg.Client(connection));
  await Promise.all(clients.map((client) => client.connect()));
  return clients;
}

export async function post(client: pg.Client, request: Request, isolation: Isolation, role: Role = 'anon'): Promise<Answer> {
  const started = performance.now();
  try {
    await client.query(`begin isolation level ${isolation}`);
    await client.query(`set local role ${role}`);
    const settings = requestSettings(role, `/${request.table}`, request.headers);
    await client.query(settings.sql, settings.params);
    const insert = insertStatement(request.table, request.body);
    const { rows } = await client.query(insert.sql, insert.params);
    await client.query('commit');
    return { result: { ok: true, rows }, ms: performance.now() - started };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    return { result: failure(error), ms: performance.now() - started };
  }
}

/**
 * Sends every request, at most one per connection at a time: with as many
 * requests as connections, all of them at once.
 */
export async function sendAll(clients: pg.Client[], requests: Request[], isolation: Isolation) {
  const answers: Answer[] = new Array(requests.length);
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, lane) => {
      for (let i = lane; i < requests.length; i += clients.length) answers[i] = await post(client, requests[i], isolation);
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/** How an answer reads over HTTP: 201, the throttle's 429, the busy 503, a duplicate (23505), or the SQLSTATE. */
export function kindOf({ result }: Answer): string {
  if (result.ok) return 'stored';
  const answer = pgrstResponse(result);
  if (answer) return `${answer.status} ${String(answer.body.code)}`;
  return result.code;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
