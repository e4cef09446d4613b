/**
 * The team's actions: POST …/notify-submission/actions, from the website's page /team-action
 * (src/pages/team-action.astro) and from nowhere else.
 *
 *   request   Origin: the site (NOTIFY_SITE_URL), Content-Type: application/json, at most 4 KB:
 *             { "link": "<token>" }                                  what the link would do (nothing changes)
 *             { "link": "<token>", "act": true }                     release the row
 *             { "link": "<token>", "act": true, "address": "…" }     erase the sender (the address typed again)
 *             { "link": "<list token>", "skip": 200 }                a digest's held rows, 200 at a time
 *   answers   JSON; CORS for the site's origin only (a preflight from it: 204). Refusals are
 *             { "code": "<reason>", … } with times and counts only, never a stack or a visitor's data:
 *
 *   400 link_malformed · bad_request · not_json    403 link_invalid (tampered or signed elsewhere) · origin_refused
 *   405 method_not_allowed    409 link_used (what it did, when) · already_released (when) · not_held
 *   410 link_expired (when) · row_gone (erased when, if by a link) · nothing_stored (erased when) · digest_gone
 *   413 too_large    415 wrong_type    422 address_mismatch    503 not_configured · unavailable    500 internal
 *
 * Links are checked here (./links.ts: form, signature, age); the database does the one thing asked
 * and records the link as used in the same transaction (./actions-store.ts).
 */
import type { Config } from './config.ts';
import type { ActionsStore, LinkUse } from './actions-store.ts';
import { senderKey, signLink, verifyLink, writtenAt, type SignedLink } from './links.ts';
import { heldView, type HeldView } from './message.ts';

type Log = (line: string) => void;

const MAX_BODY_BYTES = 4096;
/**
 * Rows of a digest's list per request: more than a message's 50, so that during a flood a few
 * presses of "Show more" put every held row on the page, where the browser's find looks for a name.
 */
export const PAGE_SIZE = 200;

export type RefusalCode =
  | 'link_malformed'
  | 'bad_request'
  | 'not_json'
  | 'link_invalid'
  | 'origin_refused'
  | 'method_not_allowed'
  | 'link_used'
  | 'already_released'
  | 'not_held'
  | 'link_expired'
  | 'row_gone'
  | 'nothing_stored'
  | 'digest_gone'
  | 'too_large'
  | 'wrong_type'
  | 'address_mismatch'
  | 'not_configured'
  | 'unavailable'
  | 'internal';

const STATUS: Record<RefusalCode, number> = {
  link_malformed: 400,
  bad_request: 400,
  not_json: 400,
  link_invalid: 403,
  origin_refused: 403,
  method_not_allowed: 405,
  link_used: 409,
  already_released: 409,
  not_held: 409,
  link_expired: 410,
  row_gone: 410,
  nothing_stored: 410,
  digest_gone: 410,
  too_large: 413,
  wrong_type: 415,
  address_mismatch: 422,
  not_configured: 503,
  unavailable: 503,
  internal: 500,
};

/**
 * The body as text, or null once it passes `limit` bytes: read chunk by chunk, and the rest never
 * pulled (a sender could stream megabytes at a function that reads everything before checking).
 */
async function readUpTo(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A held row as the page shows it, with its two actions' tokens. */
export type ListedRow = HeldView & { id: string; release: string; erase?: string };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const done = (used: LinkUse) => ({ action: used.action, at: used.at, count: used.count });
/** Rows of the address stored after the link's message: kept, and counted in the answer. */
const keptOf = (kept: number) => (kept > 0 ? { kept } : {});

export function createActionsHandler(
  config: Pick<Config, 'linkSecret' | 'previousLinkSecret' | 'site' | 'linksOff'>,
  store: ActionsStore | undefined,
  log: Log,
  now: () => number = Date.now,
): (request: Request) => Promise<Response> {
  const prefix = (line: string) => log(`notify-submission: actions: ${line}`);

  return async (request) => {
    const origin = request.headers.get('origin');
    const allowed = config.site !== undefined && origin === config.site;
    const cors: Record<string, string> = allowed ? { 'access-control-allow-origin': config.site!, vary: 'Origin' } : { vary: 'Origin' };
    const answer = (status: number, body: Record<string, unknown>, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...cors, ...extra },
      });
    const refuse = (code: RefusalCode, details: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
      answer(STATUS[code], { code, ...details }, extra);

    if (request.method === 'OPTIONS') {
      if (!allowed) return refuse('origin_refused');
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        },
      });
    }
    if (request.method !== 'POST') return refuse('method_not_allowed', {}, { allow: 'POST, OPTIONS' });
    if (!allowed) {
      prefix(`refused a POST from ${origin === null ? 'no origin' : 'another origin'}`);
      return refuse('origin_refused');
    }
    const secret = config.linkSecret;
    if (!secret || !store) {
      prefix(
        `not configured: ${[...config.linksOff, ...(store ? [] : ['SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set'])].join('; ')}`,
      );
      return refuse('not_configured');
    }
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return refuse('wrong_type');
    const text = await readUpTo(request, MAX_BODY_BYTES);
    if (text === null) return refuse('too_large');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse('not_json');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('bad_request');
    const { link: token, act, address, skip } = body as Record<string, unknown>;
    if ((act !== undefined && typeof act !== 'boolean') || (address !== undefined && typeof address !== 'string'))
      return refuse('bad_request');
    if (skip !== undefined && (!Number.isInteger(skip) || (skip as number) < 0 || (skip as number) > 100_000)) return refuse('bad_request');

    const nowSeconds = Math.floor(now() / 1000);
    const verified = await verifyLink(secret, token, nowSeconds, config.previousLinkSecret);
    if (!verified.ok) {
      prefix(`refused a link: ${verified.code}`);
      return refuse(verified.code, verified.expired ? { expired: iso(verified.expired) } : {});
    }
    const { link } = verified;
    // Says when the previous secret is still needed: once no such line comes, it can go.
    if (verified.previous) prefix(`accepted a ${link.kind} link signed with NOTIFY_LINK_SECRET_PREVIOUS`);
    // The link's id in logs: a few characters, enough to find it, too few to use it.
    const name = `${link.kind} link ${link.id.slice(0, 8)}`;
    try {
      if (link.kind === 'list') {
        if (act) return refuse('bad_request');
        return await list(link, (skip as number | undefined) ?? 0);
      }
      if (link.kind === 'release') return await (act ? release(link) : describeRow(link));
      return await (act ? erase(link, address as string | undefined) : describeSender(link));
    } catch (error) {
      prefix(`${name}: the database could not be reached or answered unexpectedly (${(error as Error).message}); nothing done`);
      return refuse('unavailable');
    }

    async function describeRow(link: SignedLink): Promise<Response> {
      const state = await store!.describeRow(link.subject, link.id);
      if (state.used) return refuse('link_used', { done: done(state.used) });
      switch (state.state) {
        case 'gone':
          return refuse('row_gone', state.erasedAt ? { erased: state.erasedAt } : {});
        case 'released':
          return refuse('already_released', state.releasedAt ? { at: state.releasedAt } : {});
        case 'normal':
          return refuse('not_held');
        case 'held':
          return answer(200, { action: 'release', row: heldView(state.row), expires: iso(link.expires) });
      }
    }

    async function release(link: SignedLink): Promise<Response> {
      const result = await store!.release(link.subject, link.id, iso(link.expires));
      prefix(`${name} for row ${link.subject}: ${result.outcome}`);
      switch (result.outcome) {
        case 'released':
          return answer(200, { action: 'release', done: { action: 'release', at: result.at, count: 1 } });
        case 'link_used':
          return refuse('link_used', { done: done(result.used) });
        case 'already_released':
          return refuse('already_released', result.at ? { at: result.at } : {});
        case 'not_held':
          return refuse('not_held');
        case 'gone':
          return refuse('row_gone', result.erasedAt ? { erased: result.erasedAt } : {});
      }
    }

    async function describeSender(link: SignedLink): Promise<Response> {
      const state = await store!.describeSender(link.subject, await senderKey(secret!, link.subject), link.id, iso(writtenAt(link)));
      if (state.used) return refuse('link_used', { done: done(state.used) });
      if (state.total === 0)
        return refuse('nothing_stored', { ...(state.erasedAt ? { erased: state.erasedAt } : {}), ...keptOf(state.kept) });
      // What will go, as little of each row as says which it is: its form, when it came, held or not.
      const rows = state.rows.map(({ row, held }) => {
        const { form, received } = heldView(row);
        return { form, received, held };
      });
      return answer(200, { action: 'erase', email: link.subject, total: state.total, rows, kept: state.kept, expires: iso(link.expires) });
    }

    async function erase(link: SignedLink, typed: string | undefined): Promise<Response> {
      // Erasing cannot be undone: the person types the address again, and it must be the link's.
      if (typed === undefined || typed.trim().toLowerCase() !== link.subject.trim().toLowerCase()) return refuse('address_mismatch');
      const key = await senderKey(secret!, link.subject);
      const result = await store!.erase(link.subject, key, link.id, iso(link.expires), iso(writtenAt(link)));
      prefix(`${name}: ${result.outcome}${result.outcome === 'erased' ? ` (${result.count} rows, ${result.kept} newer kept)` : ''}`);
      switch (result.outcome) {
        case 'erased':
          return answer(200, { action: 'erase', done: { action: 'erase', at: result.at, count: result.count }, kept: result.kept });
        case 'link_used':
          return refuse('link_used', { done: done(result.used) });
        case 'nothing_stored':
          return refuse('nothing_stored', { ...(result.erasedAt ? { erased: result.erasedAt } : {}), ...keptOf(result.kept) });
      }
    }

    async function list(link: SignedLink, skip: number): Promise<Response> {
      const page = await store!.heldRows(Number(link.subject), skip, PAGE_SIZE);
      if (!page) return refuse('digest_gone');
      // Each row's links expire with the list's: a list link cannot mint fresh ones.
      const sign = async (kind: 'release' | 'erase', subject: string) =>
        (await signLink(secret!, { kind, subject, expires: link.expires })).token;
      const rows: ListedRow[] = await Promise.all(
        page.rows.map(async (row) => {
          const view = heldView(row);
          return {
            id: row.record.id,
            ...view,
            release: await sign('release', row.record.id),
            ...(view.email ? { erase: await sign('erase', view.email) } : {}),
          };
        }),
      );
      return answer(200, { action: 'list', digest: Number(link.subject), total: page.total, skip, rows, expires: iso(link.expires) });
    }
  };
}
