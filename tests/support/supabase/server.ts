/**
 * The stand-in's transport for Firefox and WebKit, whose requests the tests
 * cannot intercept (WebKit over classic WebDriver; Firefox over BiDi does not
 * show request bodies): a plain HTTP server on 127.0.0.1 that the served site
 * uses as its Supabase URL, answering CORS preflights as Supabase's gateway
 * does (an Edge Function's through the stand-in, as the gateway passes them on) and every other
 * request through the stand-in.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corsHeaders, httpAnswer, SupabaseStandIn } from './stand-in';

export interface SupabaseServer extends SupabaseStandIn {
  /** http://127.0.0.1:<port>: what the served site uses as its Supabase URL. */
  readonly origin: string;
  /** CORS preflights received since the last reset() ("OPTIONS <path>"). */
  readonly preflights: string[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startSupabaseServer(): Promise<SupabaseServer> {
  const preflights: string[] = [];
  const standIn = new SupabaseStandIn();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    // Supabase's gateway hands an Edge Function its own preflights (the team actions answer CORS themselves).
    if (request.method === 'OPTIONS' && !url.pathname.startsWith('/functions/')) {
      preflights.push(`OPTIONS ${url.pathname}`);
      response.writeHead(200, corsHeaders(request.headers['access-control-request-headers'])).end();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
    );
    const answer = await standIn.respond({ method: request.method ?? '', url, headers, body: await readBody(request) });
    // A network failure as the browser sees it: the connection drops without an answer.
    if ('network' in answer) return void response.socket?.destroy();
    const { status, headers: answerHeaders, body } = httpAnswer(answer);
    response.writeHead(status, answerHeaders).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const reset = standIn.reset.bind(standIn);
  return Object.assign(standIn, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    preflights,
    reset() {
      reset();
      preflights.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
