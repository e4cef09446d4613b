/**
 * A local stand-in for the Supabase project, for browsers the tests cannot
 * intercept requests in (WebKit over classic WebDriver; Firefox over BiDi
 * does not show request bodies). A plain HTTP server on 127.0.0.1 that
 * answers the REST insert and the Auth endpoints the site calls, in the
 * shapes Supabase really sends (tests/e2e/supabase-mock.ts), with CORS the
 * way Supabase answers it, and records every request it receives so a test
 * can assert the exact method, path, query, headers and body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from '../e2e/supabase-mock';

export interface ReceivedRequest {
  method: string;
  /** Path without the query string, e.g. /rest/v1/contact_submissions. */
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON, or the raw text when it is not JSON (undefined when empty). */
  body: unknown;
  /** Whether an answer was set for it (false: the site called something the test did not expect). */
  expected: boolean;
}

/** "POST /rest/v1/contact_submissions" or "POST /auth/v1/token?grant_type=password" (a query must match exactly). */
export type Endpoint = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
export type Reply = Answer | ((request: ReceivedRequest) => Answer);

export interface SupabaseStub {
  /** http://127.0.0.1:<port>: what the served site uses as its Supabase URL. */
  origin: string;
  /** Requests received since the last reset(), preflights left out. */
  received: ReceivedRequest[];
  /** CORS preflights received since the last reset() ("OPTIONS <path>"). */
  preflights: string[];
  /** Answer `endpoint` with `reply` (replacing an earlier answer for it). */
  answer(endpoint: Endpoint, reply: Reply): void;
  /** Forget the answers and what was received. */
  reset(): void;
  close(): Promise<void>;
}

/** Supabase's gateway answers preflights for any origin and lets the client read only the headers it lists. */
function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '0',
    vary: 'Origin',
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(response: ServerResponse, request: IncomingMessage, answer: Answer) {
  if ('network' in answer) {
    // A network failure as the browser sees it: the connection drops without an answer.
    response.socket?.destroy();
    return;
  }
  const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
  const headers: Record<string, string> = { ...corsHeaders(request), ...answer.headers };
  if (body !== '') headers['content-type'] = answer.contentType ?? 'application/json';
  response.writeHead(answer.status, headers).end(body);
}

export async function startSupabaseStub(): Promise<SupabaseStub> {
  const answers = new Map<string, Reply>();
  const stub = {
    origin: '',
    received: [] as ReceivedRequest[],
    preflights: [] as string[],
    answer(endpoint: Endpoint, reply: Reply) {
      answers.set(endpoint, reply);
    },
    reset() {
      answers.clear();
      stub.received.length = 0;
      stub.preflights.length = 0;
    },
    close: () => Promise.resolve(),
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (request.method === 'OPTIONS') {
      stub.preflights.push(`OPTIONS ${url.pathname}`);
      response.writeHead(200, corsHeaders(request)).end();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
    );
    const body = parseBody(await readBody(request));
    const reply = answers.get(`${request.method} ${url.pathname}${url.search}`) ?? answers.get(`${request.method} ${url.pathname}`);
    const received: ReceivedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      expected: reply !== undefined,
    };
    stub.received.push(received);
    if (!reply) {
      // PostgREST's and Auth's "not found" shapes, so the site shows its ordinary error path.
      send(response, request, {
        status: 404,
        json: { code: 'PGRST205', message: `the test stub has no answer for ${request.method} ${url.pathname}${url.search}` },
      });
      return;
    }
    send(response, request, typeof reply === 'function' ? reply(received) : reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
