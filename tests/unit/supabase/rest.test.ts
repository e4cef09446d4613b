/**
 * Form inserts through PostgREST (src/lib/supabase/rest.ts): the request supabase-js
 * would send (no Prefer header, anon key twice), answers turned into results,
 * Retry-After read, and a build without settings failing loudly instead of faking success.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { readBackendConfig, NOT_CONFIGURED_MESSAGE, BackendNotConfiguredError } from '../../../src/lib/supabase/config';
import { createRestBackend, parseRetryAfter } from '../../../src/lib/supabase/rest';
import { submitWithRetry, THROTTLE_CODE } from '../../../src/lib/forms/submit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a build without Supabase settings', () => {
  it('fails the insert with a console error saying the backend is not configured, and sends nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend(readBackendConfig({}));
    await expect(backend.insert('contact_submissions', { id: 'x' })).rejects.toBeInstanceOf(BackendNotConfiguredError);
    expect(errors).toHaveBeenCalledWith(NOT_CONFIGURED_MESSAGE);
    expect(NOT_CONFIGURED_MESSAGE).toMatch(/not configured/i);
    expect(fetchSpy).not.toHaveBeenCalled();
    // …and the form's submit logic reports a failure (the form then shows its error notice), never a success.
    await expect(submitWithRetry(() => backend.insert('contact_submissions', { id: 'x' }))).resolves.toMatchObject({
      ok: false,
      reason: 'not-configured',
    });
  });
});

describe('the insert request', () => {
  it('POSTs the row to /rest/v1/<table> with the anon key and no Prefer header, and reads 201 as success', async () => {
    const fetchSpy = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 201, statusText: 'Created' }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    const row = { id: '22222222-2222-4222-8222-222222222222', first_name: 'Ada' };
    await expect(backend.insert('contact_submissions', row)).resolves.toEqual({ error: null, status: 201 });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toBe('https://abcd.supabase.co/rest/v1/contact_submissions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(row);
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer anon-key');
    expect(headers.get('content-profile')).toBe('public');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('prefer')).toBe(false);
  });

  it('turns a network failure into status 0 (retryable) instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    const result = await backend.insert('job_applications', { id: 'x' });
    expect(result.status).toBe(0);
    expect(result.error?.message).toMatch(/Failed to fetch/);
  });

  it('passes PostgREST errors through with their code', async () => {
    const body = { code: '23514', details: null, hint: null, message: 'violates check constraint' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } })),
    );
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    await expect(backend.insert('job_applications', { id: 'x' })).resolves.toEqual({ error: body, status: 400 });
  });

  it("reads the throttle's 429 with its code and Retry-After (as the database raises it), and the send is not retried", async () => {
    const body = {
      code: THROTTLE_CODE,
      details: 'Try again in 540 seconds.',
      hint: null,
      message: 'Too many submissions in a short time.',
    };
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '540' } }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const backend = createRestBackend({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    await expect(backend.insert('contact_submissions', { id: 'x' })).resolves.toEqual({ error: body, status: 429, retryAfterMs: 540_000 });
    await expect(submitWithRetry(() => backend.insert('contact_submissions', { id: 'x' }))).resolves.toMatchObject({
      ok: false,
      reason: 'throttled',
      attempts: 1,
    });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Thu, 01 Jan 1970 00:00:30 GMT', 30_000],
    ['Wed, 31 Dec 1969 23:59:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('reads %j as %j ms (at time 0)', (value, expected) => {
    expect(parseRetryAfter(value, 0)).toBe(expected);
  });
});
