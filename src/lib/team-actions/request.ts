/**
 * The page's one kind of request: a POST of JSON to the notify-submission function's actions
 * endpoint (supabase/functions/notify-submission/actions.ts), which answers JSON, a refusal with a
 * reason `code`. No key is sent: the link is the credential, and the function checks the page's
 * origin. What did not get through is a `network` refusal, never an exception.
 */
import type { Refusal } from './words';

/** Where the function lives on the project (PUBLIC_SUPABASE_URL). */
export const actionsEndpoint = (projectUrl: string) => `${projectUrl}/functions/v1/notify-submission/actions`;

export type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; refusal: Refusal };

export async function ask(endpoint: string, payload: Record<string, unknown>, send: typeof fetch = fetch): Promise<Answer> {
  let response: Response;
  try {
    response = await send(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    return { ok: false, refusal: { code: 'network' } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (response.ok && object) return { ok: true, body: object };
  const code = typeof object?.code === 'string' ? object.code : response.status >= 500 ? 'unavailable' : `http_${response.status}`;
  return { ok: false, refusal: { ...(object as Partial<Refusal> | null), code } };
}
