/**
 * Sending a row: retry, back-off and idempotency, independent of React and of
 * the network client (tested with a fake clock).
 *
 * - A network failure (status 0: offline, DNS, timeout) or a transient answer
 *   (408, 429, 502, 503, 504) is retried up to 3 times with exponential
 *   back-off, 1 s, 2 s, 4 s …, capped at 30 s. When the answer says how
 *   long to wait (Retry-After), the retry waits that long instead; a wait
 *   longer than the cap is not sat through: the send fails at once.
 * - The database's throttle (a 429 whose body carries THROTTLE_CODE) is not
 *   retried: it holds for minutes, and the form says so.
 * - Anything else that is not a success (a 4xx refusal, a 500) fails at once:
 *   sending the same row again would get the same answer.
 * - Rows carry a client-generated id, so when an earlier attempt did reach
 *   the database and only its answer was lost, the retry is refused with a
 *   duplicate key (23505): the row is stored, which is a success.
 */
import { BackendNotConfiguredError } from '../supabase/config';
import type { InsertResult } from '../supabase/rest';

export type { InsertResult };

/** The `code` of the database throttle's 429 body (supabase/schemas/21_form_throttle.sql). */
export const THROTTLE_CODE = 'form_throttled';

export type Outcome =
  | { ok: true; attempts: number; alreadyStored: boolean }
  | {
      ok: false;
      attempts: number;
      reason: 'not-configured' | 'refused' | 'throttled' | 'unavailable' | 'exception';
      result?: InsertResult;
      cause?: unknown;
    };

export interface RetryOptions {
  /** Retries after the first attempt (3 by default). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

const DEFAULT_RETRY: RetryOptions = {
  retries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const TRANSIENT_STATUS = new Set([0, 408, 429, 502, 503, 504]);

/** Delay before retry number `retry` (0-based): base · 2^retry, never more than the cap. */
export function backoffDelay(retry: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'> = DEFAULT_RETRY): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
}

export function classify(result: InsertResult): 'stored' | 'already-stored' | 'throttled' | 'transient' | 'refused' {
  if (!result.error && result.status >= 200 && result.status < 300) return 'stored';
  // unique_violation on the primary key: an earlier attempt of this very row got through.
  if (result.error?.code === '23505') return 'already-stored';
  if (result.status === 429 && result.error?.code === THROTTLE_CODE) return 'throttled';
  if (TRANSIENT_STATUS.has(result.status)) return 'transient';
  return 'refused';
}

/** Send with retries. `send` must insert the same row (same id) every time it is called. */
export async function submitWithRetry(send: () => Promise<InsertResult>, options: Partial<RetryOptions> = {}): Promise<Outcome> {
  const opts = { ...DEFAULT_RETRY, ...options };
  let attempts = 0;
  for (;;) {
    attempts += 1;
    let result: InsertResult;
    try {
      result = await send();
    } catch (cause) {
      const reason = cause instanceof BackendNotConfiguredError ? 'not-configured' : 'exception';
      return { ok: false, attempts, reason, cause };
    }
    const kind = classify(result);
    if (kind === 'stored') return { ok: true, attempts, alreadyStored: false };
    if (kind === 'already-stored') return { ok: true, attempts, alreadyStored: true };
    if (kind === 'refused' || kind === 'throttled') return { ok: false, attempts, reason: kind, result };
    const delay = result.retryAfterMs ?? backoffDelay(attempts - 1, opts);
    if (attempts > opts.retries || delay > opts.maxDelayMs) return { ok: false, attempts, reason: 'unavailable', result };
    await opts.sleep(delay);
  }
}
