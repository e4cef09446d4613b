/**
 * The far end of the outbox on the real server, played by the test run: pg_net's background
 * worker and the team.
 *
 * - The worker takes the requests net.http_post queued (the stand-in in tests/db/stand-ins/net.sql,
 *   as pg_net is not packaged for Debian), hands each to the Edge Function and writes the answer
 *   where pg_net writes it (net._http_response: status and content, or `timed_out` after the
 *   request's timeout, or an error message), as pg_net does after the transaction commits.
 * - The function is the real handler (supabase/functions/notify-submission/handler.ts), with its
 *   memory of delivered keys in the same database (public.notify_delivered and
 *   public.notify_mark_delivered, called as the service role, as PostgREST would) and both
 *   destinations, e-mail and chat, served by one local server: the team's inbox.
 * - `outage` makes the function answer 500 without doing anything, as a failing deploy would.
 *
 * The inbox counts what the team received per message, so "none twice" is a count.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { readConfig } from '../../supabase/functions/notify-submission/config';
import type { DestinationName } from '../../supabase/functions/notify-submission/deliver';
import { createHandler } from '../../supabase/functions/notify-submission/handler';
import type { Receipts } from '../../supabase/functions/notify-submission/receipts';

export const WEBHOOK_SECRET = 'pg-suite-webhook-secret';

export interface InboxMessage {
  destination: DestinationName;
  /** The e-mail's idempotency key, or the chat text's last line (its footer names the row, digest or alert). */
  key: string;
  subject: string;
  at: number;
}

export interface Team {
  /** Every message the team received, in order. */
  inbox: InboxMessage[];
  /** The bodies of the requests the function answered with a 2xx, in order, and when. */
  delivered: { body: Record<string, unknown>; at: number }[];
  /** Requests the function answered, by status. */
  answered: Map<number, number>;
  /** While true the function answers 500 and does nothing. */
  outage: boolean;
  stop: () => Promise<void>;
}

/** Receipts in the database itself, as the function reaches them over the REST API (as the service role). */
function sqlReceipts(pool: pg.Pool): Receipts {
  return {
    delivered: async (key) => (await pool.query<{ d: DestinationName[] }>('select public.notify_delivered($1) as d', [key])).rows[0].d,
    mark: async (key, destination) => void (await pool.query('select public.notify_mark_delivered($1, $2)', [key, destination])),
  };
}

function startInbox(inbox: InboxMessage[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { subject?: string; text: string };
      const email = request.url === '/email';
      inbox.push({
        destination: email ? 'email' : 'chat',
        key: email ? String(request.headers['idempotency-key']) : parsed.text.trim().split('\n').at(-1)!,
        subject: email ? parsed.subject! : parsed.text.split('\n')[0],
        at: Date.now(),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"inbox"}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Starts the team's inbox, the function and the worker that feeds it from `connection`'s
 * queue every `pollMs`. `owner` must be allowed to read and write net.* (the database owner).
 */
export async function startTeam(connection: pg.ClientConfig, pollMs = 50): Promise<Team> {
  const inbox: InboxMessage[] = [];
  const server = await startInbox(inbox);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env: Record<string, string> = {
    NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RESEND_API_KEY: 're_pg_suite',
    RESEND_API_URL: `${base}/email`,
    NOTIFY_EMAIL_FROM: 'Website <website@corvana.example>',
    NOTIFY_EMAIL_TO: 'team@corvana.example',
    NOTIFY_CHAT_WEBHOOK_URL: `${base}/chat`,
    NOTIFY_RETRY_DELAY_MS: '50',
  };
  const worker = new pg.Client(connection);
  await worker.connect();
  // The function's requests run at once, each on a connection of its own, as PostgREST serves them.
  const service = new pg.Pool({ ...connection, max: 10, options: '-c role=service_role' });
  const handler = createHandler(
    readConfig((name) => env[name]),
    () => {},
    sqlReceipts(service),
  );
  const team: Team = { inbox, delivered: [], answered: new Map(), outage: false, stop: async () => {} };

  type Queued = { id: string; url: string; body: unknown; headers: Record<string, string>; timeout_milliseconds: number };
  type Answer = { id: string; status: number | null; content: string | null; timed_out: boolean; error: string | null };
  const answer = async (request: Queued): Promise<Answer> => {
    try {
      const call = team.outage
        ? Promise.resolve(new Response('{"error":"the function is down"}', { status: 500 }))
        : handler(new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) }));
      const response = await Promise.race([
        call,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), request.timeout_milliseconds)),
      ]);
      if (!response) return { id: request.id, status: null, content: null, timed_out: true, error: 'Timeout was reached' };
      const row = { id: request.id, status: response.status, content: await response.text(), timed_out: false, error: null };
      team.answered.set(row.status, (team.answered.get(row.status) ?? 0) + 1);
      if (row.status >= 200 && row.status < 300) team.delivered.push({ body: request.body as Record<string, unknown>, at: Date.now() });
      return row;
    } catch (error) {
      return { id: request.id, status: null, content: null, timed_out: false, error: (error as Error).message };
    }
  };

  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await worker.query<Queued>(
        `delete from net.http_request_queue where id in (select id from net.http_request_queue order by id limit 100)
         returning id, url, body, headers, timeout_milliseconds`,
      );
      // The function handles them at once; their answers are written one after the other on the worker's connection.
      for (const row of await Promise.all(rows.map(answer)))
        await worker.query(
          `insert into net._http_response (id, status_code, content_type, content, timed_out, error_msg) values ($1, $2, 'application/json', $3, $4, $5)`,
          [row.id, row.status, row.content, row.timed_out, row.error],
        );
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  team.stop = async () => {
    running = false;
    await loop;
    await Promise.all([worker.end(), service.end()]);
    await new Promise((resolve) => server.close(resolve));
  };
  return team;
}
