/**
 * The notify-submission function's team actions for the browser suites: its real handler
 * (supabase/functions/notify-submission/actions.ts), the database played in memory
 * (supabase/functions/tests/memory-store.ts), answering through the Supabase stand-in, so the page
 * meets the function's own answers, CORS and refusals included. Links are signed with the
 * function's own code and a test key.
 */
import { createActionsHandler } from '../../../supabase/functions/notify-submission/actions.ts';
import { signLink, LINK_LIFETIME_SECONDS, type LinkKind } from '../../../supabase/functions/notify-submission/links.ts';
import { heldContact, memoryStore, type MemoryRow, type MemoryStore } from '../../../supabase/functions/tests/memory-store.ts';
import type { Answer } from './answers';
import { SUPABASE_URL } from './project';
import type { ReceivedRequest, SupabaseStandIn } from './stand-in';

export { heldContact };

export const ACTIONS_PATH = '/functions/v1/notify-submission/actions';
const LINK_SECRET = 'the-browser-suites-own-link-key-0123456789';

export interface TeamActions {
  store: MemoryStore;
  /** A signed token for the page's fragment (`#link=<token>`), valid a week unless `expires` (Unix seconds) says otherwise. */
  token(kind: LinkKind, subject: string, expires?: number): Promise<string>;
  /** The calls that reached the function (preflights left out). */
  calls(): ReceivedRequest[];
}

/** Answer the page's calls to the function on `supabase` with its real handler, for a site served at `siteOrigin`. */
export function teamActions(supabase: SupabaseStandIn, siteOrigin: string, rows: MemoryRow[] = []): TeamActions {
  const store = memoryStore(rows);
  const handler = createActionsHandler({ linkSecret: LINK_SECRET, site: siteOrigin, linksOff: [] }, store, () => {});
  const reply = async (request: ReceivedRequest): Promise<Answer> => {
    const headers = new Headers(Object.entries(request.headers).filter(([name]) => !name.startsWith(':')));
    const response = await handler(
      new Request(`${SUPABASE_URL}${request.path}`, {
        method: request.method,
        headers,
        body:
          request.method === 'POST' ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '')) : undefined,
      }),
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      ownCors: true,
      ...(text ? { text, contentType: 'application/json' } : {}),
    };
  };
  supabase.answer(`POST ${ACTIONS_PATH}`, reply);
  supabase.answer(`OPTIONS ${ACTIONS_PATH}`, reply);
  return {
    store,
    token: async (kind, subject, expires = Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS) =>
      (await signLink(LINK_SECRET, { kind, subject, expires })).token,
    calls: () => supabase.received.filter((r) => r.path === ACTIONS_PATH && r.method === 'POST'),
  };
}
