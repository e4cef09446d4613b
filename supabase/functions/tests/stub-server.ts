/**
 * A local HTTP server standing in for the e-mail API, the chat webhook and the project's REST
 * API where the function remembers delivered keys: it records every request and answers each
 * path with planned statuses, in order ('hang' = answer only when the stub closes, long after
 * the caller gave up), then 200. The two receipt functions answer as PostgREST does for
 * public.notify_delivered (a JSON array) and public.notify_mark_delivered (204), from a memory
 * a test can fill (`remember`). Listens on 127.0.0.1 only.
 */

export type Answer = number | 'hang';

export interface Received {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

export const DELIVERED_PATH = '/rest/v1/rpc/notify_delivered';
export const MARK_PATH = '/rest/v1/rpc/notify_mark_delivered';

export interface Stub {
  url: (path: string) => string;
  plan: (path: string, ...answers: Answer[]) => void;
  received: (path?: string) => Received[];
  /** The destinations the REST stand-in remembers for a key (as if delivered before). */
  remember: (key: string, ...destinations: string[]) => void;
  /** Answer `path` with this JSON body (status 200) instead of the default. */
  reply: (path: string, body: unknown) => void;
  close: () => Promise<void>;
}

export function startStub(): Stub {
  const received: Received[] = [];
  const plans = new Map<string, Answer[]>();
  const receipts = new Map<string, Set<string>>();
  const replies = new Map<string, unknown>();
  const hanging: (() => void)[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    received.push({ path, headers: request.headers, body: await request.json() });
    const answer = plans.get(path)?.shift() ?? 200;
    if (answer === 'hang') {
      await new Promise<void>((resolve) => hanging.push(resolve));
      return new Response(null, { status: 504 });
    }
    if (answer === 200 && replies.has(path)) return Response.json(replies.get(path));
    const body = received.at(-1)!.body as { delivery_key: string; destination: string };
    if (answer === 200 && path === DELIVERED_PATH) return Response.json([...(receipts.get(body.delivery_key) ?? [])].sort());
    if (answer === 200 && path === MARK_PATH) {
      receipts.set(body.delivery_key, (receipts.get(body.delivery_key) ?? new Set()).add(body.destination));
      return new Response(null, { status: 204 });
    }
    return Response.json({ id: `stub-${received.length}` }, { status: answer });
  });
  return {
    url: (path) => `http://127.0.0.1:${server.addr.port}${path}`,
    plan: (path, ...answers) => void plans.set(path, answers),
    received: (path) => received.filter((r) => path === undefined || r.path === path),
    remember: (key, ...destinations) => void receipts.set(key, new Set(destinations)),
    reply: (path, body) => void replies.set(path, body),
    close: () => {
      for (const release of hanging) release();
      return server.shutdown();
    },
  };
}

/** A local URL nothing listens on: a destination that is down. */
export function deadUrl(): string {
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return `http://127.0.0.1:${port}/down`;
}
