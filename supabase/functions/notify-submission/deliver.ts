/**
 * Sending the message to each destination. A destination that answers 5xx or
 * 429, times out or cannot be reached is tried twice more, waiting
 * `retryDelayMs`, then twice that; any other answer is final. Logs name the
 * destination and the HTTP status only: never a URL (a chat webhook URL is a
 * credential) nor a response body (it may echo the message).
 */
import type { Config, EmailDestination } from './config.ts';
import { chatText, emailHtml, plainText, type Message } from './message.ts';

export type DestinationName = 'email' | 'chat';

export interface Delivery {
  name: DestinationName;
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

export type Outcome =
  { name: DestinationName; ok: true; attempts: number } | { name: DestinationName; ok: false; attempts: number; reason: string };

export type Log = (line: string) => void;

export const ATTEMPTS = 3;

/**
 * Resend's send-email call. The idempotency key (the outbox's delivery key, or the row) makes a
 * repeated request for the same message send one e-mail, even past this function's own memory.
 */
export function emailDelivery(destination: EmailDestination, message: Message): Delivery {
  return {
    name: 'email',
    url: destination.apiUrl,
    init: {
      method: 'POST',
      headers: {
        authorization: `Bearer ${destination.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': `notify-submission/${message.deliveryKey ?? `${message.table}/${message.rowId}`}`,
      },
      body: JSON.stringify({
        from: destination.from,
        to: destination.to,
        subject: message.subject,
        text: plainText(message),
        html: emailHtml(message),
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
      }),
    },
  };
}

/** A Slack-compatible incoming webhook; link previews off so no visitor-supplied URL is fetched and shown. */
export function chatDelivery(url: string, message: Message): Delivery {
  return {
    name: 'chat',
    url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: chatText(message), unfurl_links: false, unfurl_media: false }),
    },
  };
}

export function deliveriesFor(config: Config, message: Message): Delivery[] {
  const deliveries: Delivery[] = [];
  if (config.email) deliveries.push(emailDelivery(config.email, message));
  if (config.chatUrl) deliveries.push(chatDelivery(config.chatUrl, message));
  return deliveries;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function send(delivery: Delivery, config: Pick<Config, 'timeoutMs' | 'retryDelayMs'>, log: Log): Promise<Outcome> {
  let reason = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(delivery.url, { ...delivery.init, signal: AbortSignal.timeout(config.timeoutMs) });
      await response.body?.cancel();
      if (response.ok) return { name: delivery.name, ok: true, attempts: attempt };
      reason = `HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) return { name: delivery.name, ok: false, attempts: attempt, reason };
    } catch (error) {
      reason = error instanceof DOMException && error.name === 'TimeoutError' ? `no answer within ${config.timeoutMs} ms` : 'unreachable';
    }
    if (attempt < ATTEMPTS) {
      const wait = config.retryDelayMs * 2 ** (attempt - 1);
      log(`${delivery.name}: attempt ${attempt} failed (${reason}); retrying in ${wait} ms`);
      await sleep(wait);
    }
  }
  return { name: delivery.name, ok: false, attempts: ATTEMPTS, reason };
}
