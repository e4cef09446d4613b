/**
 * One stand-in for the Supabase project's REST and Auth endpoints, shared by
 * the browser suites: a test says which calls it expects and what each gets
 * (./answers.ts: the shapes Supabase really sends), then reads what arrived:
 * method, path, query, headers and body, exactly. A call no test expected is
 * answered as PostgREST answers an unknown path and kept, so the suites fail
 * on it. How requests reach it is the transport's: Playwright's request
 * interception in Chromium (./in-page.ts), a local HTTP server for Firefox and
 * WebKit (./server.ts).
 */
import type { Answer } from './answers';

export interface ReceivedRequest {
  method: string;
  /** Path without the query string, e.g. /rest/v1/contact_submissions. */
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** "POST /auth/v1/token?grant_type=password": method, path and query as sent. */
  call: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON, or the raw text when it is not JSON (undefined when empty). */
  body: unknown;
  /** Whether an answer was set for it (false: the site called something the test did not expect). */
  expected: boolean;
}

/** "POST /rest/v1/contact_submissions", or with a query, "POST /auth/v1/token?grant_type=password" (then it must match exactly). */
export type Endpoint = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'} /${string}`;
/** One answer for every call, answers in turn (the last one repeats), or an answer made from the request (the team actions' real handler: ./team-actions.ts). */
export type Reply = Answer | Answer[] | ((request: ReceivedRequest) => Answer | Promise<Answer>);

/** What arrived at one endpoint. */
export interface EndpointLog {
  /** The calls received, in order. */
  readonly requests: ReceivedRequest[];
  /** Their bodies. */
  bodies(): Record<string, unknown>[];
}

/** A request as a transport hands it over. */
export interface IncomingRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The raw body ('' when there is none). */
  body: string;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** PostgREST's "not found" shape, so the site shows its ordinary error path for a call no test expected. */
const unexpectedAnswer = (call: string): Answer => ({
  status: 404,
  json: { code: 'PGRST205', message: `the Supabase stand-in has no answer for ${call}` },
});

export class SupabaseStandIn {
  /** Every call received since the last reset(), CORS preflights left out. */
  readonly received: ReceivedRequest[] = [];
  private readonly replies = new Map<string, Reply>();
  private gate: Promise<void> | null = null;
  private open = () => {};

  /** Answer `endpoint` with `reply` (replacing an earlier answer for it); what arrives there is logged. */
  answer(endpoint: Endpoint, reply: Reply): EndpointLog {
    this.replies.set(endpoint, reply);
    const received = this.received;
    const [method, target] = endpoint.split(' ');
    const matches = (r: ReceivedRequest) => r.method === method && (target.includes('?') ? r.call === endpoint : r.path === target);
    return {
      get requests() {
        return received.filter(matches);
      },
      bodies: () => received.filter(matches).map((r) => r.body as Record<string, unknown>),
    };
  }

  /** Hold every answer until release() (to look at the waiting state), as a slow service would. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = null;
  }

  /** The calls no test expected. */
  unexpected(): ReceivedRequest[] {
    return this.received.filter((r) => !r.expected);
  }

  /** Forget the answers and what was received. */
  reset(): void {
    this.replies.clear();
    this.received.length = 0;
    this.release();
  }

  /** Log a request and say what to answer (the transports call this). */
  async respond(request: IncomingRequest): Promise<Answer> {
    const { method, url } = request;
    const call = `${method} ${url.pathname}${url.search}`;
    const reply = this.replies.get(call) ?? this.replies.get(`${method} ${url.pathname}`);
    const received: ReceivedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      call,
      headers: request.headers,
      body: parseBody(request.body),
      expected: reply !== undefined,
    };
    this.received.push(received);
    if (reply === undefined) return unexpectedAnswer(call);
    if (this.gate) await this.gate;
    if (typeof reply === 'function') return reply(received);
    if (!Array.isArray(reply)) return reply;
    const turn = this.received.filter((r) => r.expected && r.method === method && r.path === url.pathname).length;
    return reply[Math.min(turn - 1, reply.length - 1)];
  }
}

/** Supabase's gateway answers any origin and lets the client read only the headers it lists. */
export function corsHeaders(requestedHeaders?: string): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
    'access-control-allow-headers': requestedHeaders ?? '*',
    'access-control-max-age': '0',
    vary: 'Origin',
  };
}

/** An answer as status, headers and body (a network failure has none: the transport drops the connection). */
export function httpAnswer(answer: Exclude<Answer, { network: 'failed' }>): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
  const headers: Record<string, string> = { ...(answer.ownCors ? {} : corsHeaders()), ...answer.headers };
  if (body !== '') headers['content-type'] = answer.contentType ?? 'application/json';
  return { status: answer.status, headers, body };
}
