/**
 * The function's memory of what it delivered: per delivery key (the outbox's name for a
 * message, the same on every retry) the destinations that accepted it. The database retries
 * until it hears 2xx, so a request can come again after a destination took it (the answer was
 * lost, or the other destination failed): the function then sends only to the destinations
 * that have not had it, and the team never gets one message twice.
 *
 * Kept in the database (private.notify_receipts) through two service-role functions over the
 * project's REST API: public.notify_delivered and public.notify_mark_delivered
 * (supabase/schemas/30_delivery_outbox.sql).
 */
import type { ReceiptsStore } from './config.ts';
import type { DestinationName } from './deliver.ts';

export interface Receipts {
  /** The destinations this key was delivered to already. Throws when the memory cannot be read. */
  delivered: (key: string) => Promise<DestinationName[]>;
  /** Remember that `destination` accepted `key`. Throws when it cannot be written. */
  mark: (key: string, destination: DestinationName) => Promise<void>;
}

const DESTINATIONS: readonly DestinationName[] = ['email', 'chat'];

export function restReceipts(store: ReceiptsStore, timeoutMs: number): Receipts {
  const rpc = async (name: string, args: Record<string, string>) => {
    const response = await fetch(`${store.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: store.serviceKey, authorization: `Bearer ${store.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${name} answered HTTP ${response.status}`);
    }
    return response;
  };
  return {
    delivered: async (key) => {
      const answer: unknown = await (await rpc('notify_delivered', { delivery_key: key })).json();
      if (!Array.isArray(answer)) throw new Error('notify_delivered did not answer a list');
      return DESTINATIONS.filter((destination) => answer.includes(destination));
    },
    mark: async (key, destination) => {
      await (await rpc('notify_mark_delivered', { delivery_key: key, destination })).body?.cancel();
    },
  };
}
