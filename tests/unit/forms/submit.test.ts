/** Retry, back-off and idempotency of form inserts (src/lib/forms/submit.ts), on a fake clock. */
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { backoffDelay, classify, submitWithRetry, THROTTLE_CODE, type InsertResult } from '../../../src/lib/forms/submit';
import { BackendNotConfiguredError } from '../../../src/lib/supabase/config';

const created: InsertResult = { error: null, status: 201 };
const network: InsertResult = { error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };
const unavailable: InsertResult = { error: { message: 'Service Unavailable' }, status: 503 };
const server: InsertResult = { error: { message: '<html>oops</html>' }, status: 500 };
const check: InsertResult = {
  error: {
    code: '23514',
    message: 'new row for relation "contact_submissions" violates check constraint "contact_submissions_email_check"',
  },
  status: 400,
};
const rls: InsertResult = {
  error: { code: '42501', message: 'new row violates row-level security policy for table "contact_submissions"' },
  status: 401,
};
const duplicate: InsertResult = {
  error: { code: '23505', message: 'duplicate key value violates unique constraint "contact_submissions_pkey"' },
  status: 409,
};
/** The database throttle's answer (supabase/migrations/*_form_throttle.sql), as postgrest-js hands it over. */
const throttled: InsertResult = {
  error: { code: THROTTLE_CODE, message: 'Too many submissions in a short time.', details: 'Try again in 540 seconds.', hint: null },
  status: 429,
  retryAfterMs: 540_000,
};
/** A 429 from elsewhere (the API gateway), saying when to come back. */
const gatewayLimit = (retryAfterMs?: number): InsertResult => ({
  error: { message: 'API rate limit exceeded' },
  status: 429,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

/** A fake `send` answering with the given results in turn, recording when each call happened. */
function sender(...answers: InsertResult[]) {
  const calls: number[] = [];
  const send = vi.fn(async () => {
    calls.push(Date.now());
    return answers[Math.min(calls.length - 1, answers.length - 1)];
  });
  return { send, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 1 s and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('classify', () => {
  it.each([
    [created, 'stored'],
    [{ error: null, status: 204 }, 'stored'],
    [duplicate, 'already-stored'],
    [network, 'transient'],
    [unavailable, 'transient'],
    [{ error: { message: 'slow down' }, status: 429 }, 'transient'],
    [throttled, 'throttled'],
    [{ error: { code: THROTTLE_CODE, message: 'x' }, status: 400 }, 'refused'],
    [{ error: { message: 'bad gateway' }, status: 502 }, 'transient'],
    [{ error: { message: 'timeout' }, status: 504 }, 'transient'],
    [server, 'refused'],
    [check, 'refused'],
    [rls, 'refused'],
    [{ error: { code: 'PGRST204', message: "Could not find the 'phone' column" }, status: 400 }, 'refused'],
  ] as const)('%j is %s', (result, expected) => {
    expect(classify(result as InsertResult)).toBe(expected);
  });
});

describe('submitWithRetry', () => {
  it('succeeds at once on 201', async () => {
    const { send } = sender(created);
    await expect(submitWithRetry(send)).resolves.toEqual({ ok: true, attempts: 1, alreadyStored: false });
  });

  it('retries a network failure after 1 s, then succeeds', async () => {
    const { send, calls } = sender(network, created);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ ok: true, attempts: 2, alreadyStored: false });
    expect(calls).toEqual([0, 1000]);
  });

  it('gives up after 3 retries spaced 1 s, 2 s, 4 s', async () => {
    const { send, calls } = sender(network);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(outcome).resolves.toMatchObject({ ok: false, attempts: 4, reason: 'unavailable', result: network });
    expect(calls).toEqual([0, 1000, 3000, 7000]);
  });

  it('caps each wait at 30 s when more retries are configured', async () => {
    const { send, calls } = sender(unavailable);
    const outcome = submitWithRetry(send, { retries: 7 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await outcome;
    const gaps = calls.slice(1).map((t, i) => t - calls[i]);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('treats a duplicate key on a retry as already stored (the first attempt got through)', async () => {
    const { send } = sender(network, duplicate);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toEqual({ ok: true, attempts: 2, alreadyStored: true });
  });

  it.each([
    ['a check violation (400)', check],
    ['an RLS refusal (401)', rls],
    ['a server error (500)', server],
  ])('fails at once on %s, without retrying', async (_name, answer) => {
    const { send } = sender(answer);
    await expect(submitWithRetry(send)).resolves.toEqual({ ok: false, attempts: 1, reason: 'refused', result: answer });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not retry the database throttle: one attempt, reason throttled', async () => {
    const { send } = sender(throttled, created);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(outcome).resolves.toEqual({ ok: false, attempts: 1, reason: 'throttled', result: throttled });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('waits as long as another 429 says (Retry-After) before retrying, instead of the back-off', async () => {
    const { send, calls } = sender(gatewayLimit(5000), created);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(4999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ ok: true, attempts: 2, alreadyStored: false });
    expect(calls).toEqual([0, 5000]);
  });

  it('keeps the back-off for a 429 without Retry-After', async () => {
    const { send, calls } = sender(gatewayLimit(), created);
    const outcome = submitWithRetry(send);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(calls).toEqual([0, 1000]);
  });

  it('does not sit through a Retry-After longer than the 30 s cap: fails at once as unavailable', async () => {
    const answer = gatewayLimit(120_000);
    const { send } = sender(answer, created);
    await expect(submitWithRetry(send)).resolves.toEqual({ ok: false, attempts: 1, reason: 'unavailable', result: answer });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the backend is not configured', async () => {
    const send = vi.fn(async (): Promise<InsertResult> => {
      throw new BackendNotConfiguredError('Backend not configured');
    });
    await expect(submitWithRetry(send)).resolves.toMatchObject({ ok: false, attempts: 1, reason: 'not-configured' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reports an unexpected exception without retrying', async () => {
    const send = vi.fn(async (): Promise<InsertResult> => {
      throw new TypeError('boom');
    });
    await expect(submitWithRetry(send)).resolves.toMatchObject({ ok: false, attempts: 1, reason: 'exception' });
  });
});
