/**
 * The request handler, separate from `Deno.serve` so tests call it with their
 * own settings and log.
 *
 *   405  not a POST
 *   500  NOTIFY_WEBHOOK_SECRET not set (nothing could be authenticated), or no destination configured
 *   401  the `x-webhook-secret` header is missing or wrong
 *   400  the body is none of: a database-webhook INSERT of one of the two tables, a digest, an alert (the answer says why)
 *   503  the memory of delivered keys cannot be read (nothing is sent; the database retries)
 *   502  a destination still failed after its retries (the database retries; what was delivered is not sent again)
 *   200  every configured destination has the message: now, or before (a repeat: `duplicate` names them), or the row
 *        is past its window's summary (nothing is sent)
 *
 * The database marks a message delivered only on a 2xx and retries everything else, so one
 * message can arrive more than once: with a delivery key, the function sends it only to the
 * destinations that have not had it (receipts.ts).
 *
 * Logs name the table, the row id or the delivery key, and the destinations, never a field of the row.
 *
 * Messages carry the team's action links, signed here (./links.ts) when NOTIFY_LINK_SECRET and
 * NOTIFY_SITE_URL are set; a request to …/actions is the actions page's (./actions.ts), which has
 * its own rules and answers.
 */
import type { Config } from './config.ts';
import { deliveriesFor, send, type Log } from './deliver.ts';
import { alertMessage, buildMessage, decide, digestMessage, signLinks, summaryMessage, type Message } from './message.ts';
import { parseAlert, parsePayload, parseSummary } from './payload.ts';
import { restReceipts, type Receipts } from './receipts.ts';
import { createActionsHandler } from './actions.ts';
import { restActionsStore, type ActionsStore } from './actions-store.ts';

export const SECRET_HEADER = 'x-webhook-secret';

/**
 * A row is at most ~17 KB of text, a digest's 50 held rows (their long texts cut to 200
 * characters) at most ~120 KB; anything far larger is not a webhook of ours.
 */
export const MAX_BODY_BYTES = 256 * 1024;

const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Compares digests in full, so the time taken says nothing about how much of the secret matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** Whether a request is for the team's actions (the path inside the function ends in /actions). */
export const isActionsRequest = (request: Request) => /\/actions\/?$/.test(new URL(request.url).pathname);

export function createHandler(
  config: Config,
  log: Log = console.log,
  receipts: Receipts | undefined = config.receipts ? restReceipts(config.receipts, config.timeoutMs) : undefined,
  actionsStore: ActionsStore | undefined = config.receipts ? restActionsStore(config.receipts, config.timeoutMs) : undefined,
  now: () => number = Date.now,
): (request: Request) => Promise<Response> {
  const prefix = (line: string) => log(`notify-submission: ${line}`);
  const actions = createActionsHandler(config, actionsStore, log, now);
  if (config.linksOff.length > 0) prefix(`messages carry no action links: ${config.linksOff.join('; ')}`);

  return async (request) => {
    if (isActionsRequest(request)) {
      try {
        return await actions(request);
      } catch (error) {
        // Whatever went wrong, the page gets a reason code and nothing of the error itself.
        prefix(`actions: unexpected ${(error as Error).name}`);
        return new Response(JSON.stringify({ code: 'internal' }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store', vary: 'Origin' },
        });
      }
    }
    if (request.method !== 'POST') return json(405, { error: 'only POST is accepted' });
    if (!config.secret) {
      prefix('NOTIFY_WEBHOOK_SECRET is not set; refusing every request');
      return json(500, { error: 'not configured' });
    }
    if (!(await sameSecret(request.headers.get(SECRET_HEADER) ?? '', config.secret))) {
      prefix('refused a request without the right webhook secret');
      return json(401, { error: 'unauthorized' });
    }

    const text = await request.text();
    if (new TextEncoder().encode(text).length > MAX_BODY_BYTES)
      return json(400, { error: `the body is larger than ${MAX_BODY_BYTES} bytes` });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, { error: 'the body is not JSON' });
    }
    const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined;
    if (type === 'SUMMARY') {
      const summary = parseSummary(body);
      if (!summary.ok) {
        prefix(`refused a digest: ${summary.reason}`);
        return json(400, { error: summary.reason });
      }
      return deliver(digestMessage(summary.summary));
    }
    if (type === 'ALERT') {
      const alert = parseAlert(body);
      if (!alert.ok) {
        prefix(`refused an alert: ${alert.reason}`);
        return json(400, { error: alert.reason });
      }
      return deliver(alertMessage(alert.alert));
    }
    const parsed = parsePayload(body);
    if (!parsed.ok) {
      prefix(`refused a payload: ${parsed.reason}`);
      return json(400, { error: parsed.reason });
    }

    const { submission } = parsed;
    const decision = decide(submission);
    if (decision === 'silent') {
      prefix(
        `${submission.table}/${submission.record.id}: number ${submission.notification!.number} of its window, past the summary: not sent`,
      );
      return json(200, { delivered: [], silenced: true });
    }
    return deliver(decision === 'summary' ? summaryMessage(submission) : buildMessage(submission));
  };

  async function deliver(unsigned: Message): Promise<Response> {
    const message = await signLinks(unsigned, config.linkSecret, config.site, Math.floor(now() / 1000));
    const row = message.deliveryKey ?? `${message.table}/${message.rowId}`;
    const configured = deliveriesFor(config, message);
    if (configured.length === 0) {
      prefix(`no destination configured for ${row}: set the e-mail secrets or the chat secret (missing: ${config.missing.join(', ')})`);
      return json(500, { error: 'no destination configured' });
    }
    // One destination is enough to run, but a half-configured one is probably a mistake.
    for (const destination of config.incomplete) prefix(`not configured: ${destination}`);

    const key = message.deliveryKey;
    let duplicate: string[] = [];
    if (key && receipts) {
      try {
        duplicate = await receipts.delivered(key);
      } catch (error) {
        prefix(`${row}: the memory of delivered keys cannot be read (${(error as Error).message}); nothing sent`);
        return json(503, { error: 'delivery memory unavailable' });
      }
    } else if (key) {
      prefix(`${row}: SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set; a repeat of this message is not recognised`);
    }
    const deliveries = configured.filter((delivery) => !duplicate.includes(delivery.name));
    if (duplicate.length > 0) prefix(`${row}: already delivered to ${duplicate.join(', ')}; not sent there again`);

    const outcomes = await Promise.all(deliveries.map((delivery) => send(delivery, config, prefix)));
    const failed = outcomes.filter((outcome) => !outcome.ok);
    for (const outcome of outcomes) {
      prefix(
        outcome.ok
          ? `${row}: ${outcome.name} delivered (attempt ${outcome.attempts})`
          : `${row}: ${outcome.name} failed after ${outcome.attempts} attempt(s): ${outcome.reason}`,
      );
      if (outcome.ok && key && receipts) {
        // A failure to remember costs at most one repeat on a later retry: the message itself is out.
        await receipts
          .mark(key, outcome.name)
          .catch((error: Error) => prefix(`${row}: could not remember ${outcome.name}: ${error.message}`));
      }
    }
    const delivered = outcomes.filter((o) => o.ok).map((o) => o.name);
    const repeat = duplicate.length > 0 ? { duplicate } : {};
    if (failed.length > 0) {
      return json(502, { error: 'a destination failed', failed: failed.map((outcome) => outcome.name), delivered, ...repeat });
    }
    return json(200, { delivered, ...repeat });
  }
}
