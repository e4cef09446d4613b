/**
 * A local HTTP server standing in for the e-mail API and the chat webhook:
 * it records every request and answers each path with planned statuses, in
 * order ('hang' = answer only when the stub closes, long after the caller gave up), then 200.
 * Listens on 127.0.0.1 only.
 */

export type Answer = number | 'hang';

export interface Received {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface Stub {
  url: (path: string) => string;
  plan: (path: string, ...answers: Answer[]) => void;
  received: (path?: string) => Received[];
  close: () => Promise<void>;
}

export function startStub(): Stub {
  const received: Received[] = [];
  const plans = new Map<string, Answer[]>();
  const hanging: (() => void)[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    received.push({ path, headers: request.headers, body: await request.json() });
    const answer = plans.get(path)?.shift() ?? 200;
    if (answer === 'hang') {
      await new Promise<void>((resolve) => hanging.push(resolve));
      return new Response(null, { status: 504 });
    }
    return Response.json({ id: `stub-${received.length}` }, { status: answer });
  });
  return {
    url: (path) => `http://127.0.0.1:${server.addr.port}${path}`,
    plan: (path, ...answers) => void plans.set(path, answers),
    received: (path) => received.filter((r) => path === undefined || r.path === path),
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
