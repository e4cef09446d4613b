/**
 * Inserts for the forms through PostgREST (the database part of supabase-js,
 * about 6 KB instead of 55 KB). Inserts only: never `.select()` or
 * `.upsert()` afterwards, since anon may not read rows back. No `Prefer`
 * header is sent, so PostgREST answers 201 with an empty body.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { anonHeaders, BackendNotConfiguredError, backendConfig, NOT_CONFIGURED_MESSAGE, type BackendConfig } from './config';

/**
 * What an insert answered: PostgREST's error object (or null), the HTTP status
 * (0 when no answer arrived) and, when the answer said how long to wait
 * before trying again (Retry-After), that wait in milliseconds.
 */
export interface InsertResult {
  error: { message: string; code?: string; details?: string | null; hint?: string | null } | null;
  status: number;
  retryAfterMs?: number;
}

/**
 * A Retry-After header value in milliseconds from `now`: delay-seconds or an
 * HTTP date (RFC 9110). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP dates start with the day's name ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse reads far too much else.
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Abort a request that has not answered after this long; it then counts as a network failure and is retried. */
const REQUEST_TIMEOUT_MS = 20_000;

export interface RestBackend {
  insert(table: string, row: object): Promise<InsertResult>;
}

export function createRestBackend(config: BackendConfig | null): RestBackend {
  let client: PostgrestClient | undefined;
  return {
    async insert(table, row) {
      if (!config) {
        console.error(NOT_CONFIGURED_MESSAGE);
        throw new BackendNotConfiguredError(NOT_CONFIGURED_MESSAGE);
      }
      client ??= new PostgrestClient(`${config.url}/rest/v1`, {
        headers: anonHeaders(config),
        schema: 'public',
        retry: false, // retries are ours (src/lib/forms/submit.ts), with the row id making them safe
        timeout: REQUEST_TIMEOUT_MS,
      });
      // postgrest-js does not pass response headers on; this request's fetch keeps the one the retries need.
      // (A cross-origin page reads Retry-After only when the response exposes it; otherwise the usual back-off applies.)
      let retryAfter: string | null = null;
      const keepRetryAfter: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        retryAfter = response.headers.get('retry-after');
        return response;
      };
      const { error, status } = await client.from(table, { fetch: keepRetryAfter }).insert(row as never);
      const retryAfterMs = parseRetryAfter(retryAfter);
      return retryAfterMs === null ? { error, status } : { error, status, retryAfterMs };
    },
  };
}

export const restBackend = createRestBackend(backendConfig);
