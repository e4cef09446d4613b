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
 * - With `serve`, the function also answers HTTP on a port of its own, as the project's
 *   /functions/v1/notify-submission does: the team's action page posts there (./team-actions.bench.ts),
 *   and its actions call the database's functions as the service role, as they do over PostgREST.
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
import { readAnswers, type ActionsStore } from '../../supabase/functions/notify-submission/actions-store';

export const WEBHOOK_SECRET = 'pg-suite-webhook-secret';

export interface InboxMessage {
  destination: DestinationName;
  /** The e-mail's idempotency key, or the chat text's last line (its footer names the row, digest or alert). */
  key: string;
  subject: string;
  /** The e-mail's text part (what a team member reads, links included); the chat's text. */
  text: string;
  /** The e-mail's HTML part. */
  html?: string;
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
  /** With `serve`: the origin the function answers HTTP on (what the site uses as its Supabase URL). */
  origin?: string;
  stop: () => Promise<void>;
}

export interface TeamOptions {
  /** The function's secrets beside the suite's (NOTIFY_LINK_SECRET, NOTIFY_SITE_URL …). */
  env?: Record<string, string>;
  /** Answer HTTP too (the actions page's requests), on this port. */
  serve?: number;
}

/** Receipts in the database itself, as the function reaches them over the REST API (as the service role). */
function sqlReceipts(pool: pg.Pool): Receipts {
  return {
    delivered: async (key) => (await pool.query<{ d: DestinationName[] }>('select public.notify_delivered($1) as d', [key])).rows[0].d,
    mark: async (key, destination) => void (await pool.query('select public.notify_mark_delivered($1, $2)', [key, destination])),
  };
}

/** The team actions' five database functions, as the function calls them over the REST API (as the service role). */
function sqlActions(pool: pg.Pool): ActionsStore {
  const call = async (name: string, args: unknown[]) =>
    (await pool.query<{ a: unknown }>(`select public.${name}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as a`, args)).rows[0].a;
  return {
    describeRow: async (row, link) => readAnswers.row(await call('team_describe_row', [row, link])),
    release: async (row, link, expires) => readAnswers.release(await call('team_release', [row, link, expires])),
    describeSender: async (email, key, link, messageAt) =>
      readAnswers.sender(await call('team_describe_sender', [email, key, link, messageAt])),
    erase: async (email, key, link, expires, messageAt) =>
      readAnswers.erase(await call('team_erase', [email, key, link, expires, messageAt])),
    heldRows: async (digest, skip, take) => readAnswers.held(await call('team_held_rows', [digest, skip, take])),
  };
}

/** The function over HTTP: the request as the platform hands it over, the answer as it is. */
function serveFunction(handler: (request: Request) => Promise<Response>, port: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
      const response = await handler(
        new Request(`http://${incoming.headers.host}${incoming.url}`, {
          method: incoming.method,
          headers,
          body: incoming.method === 'POST' ? body : undefined,
        }),
      );
      outgoing.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text());
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function startInbox(inbox: InboxMessage[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { subject?: string; text: string; html?: string };
      const email = request.url === '/email';
      inbox.push({
        destination: email ? 'email' : 'chat',
        key: email ? String(request.headers['idempotency-key']) : parsed.text.trim().split('\n').at(-1)!,
        subject: email ? parsed.subject! : parsed.text.split('\n')[0],
        text: parsed.text,
        ...(email ? { html: parsed.html } : {}),
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
export async function startTeam(connection: pg.ClientConfig, pollMs = 50, options: TeamOptions = {}): Promise<Team> {
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
    ...options.env,
  };
  const worker = new pg.Client(connection);
  await worker.connect();
  // The function's requests run at once, each on a connection of its own, as PostgREST serves them.
  const service = new pg.Pool({ ...connection, max: 10, options: '-c role=service_role' });
  const handler = createHandler(
    readConfig((name) => env[name]),
    () => {},
    sqlReceipts(service),
    sqlActions(service),
  );
  const served = options.serve === undefined ? undefined : await serveFunction(handler, options.serve);
  const team: Team = {
    inbox,
    delivered: [],
    answered: new Map(),
    outage: false,
    ...(served ? { origin: `http://127.0.0.1:${(served.address() as AddressInfo).port}` } : {}),
    stop: async () => {},
  };

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
    if (served) {
      served.closeAllConnections();
      await new Promise((resolve) => served.close(resolve));
    }
  };
  return team;
}
