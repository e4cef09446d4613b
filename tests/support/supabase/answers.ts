/**
 * What Supabase answers, in the shapes PostgREST and Supabase Auth really
 * send (recorded in the project's toolchain notes): 201 with an empty body for
 * an insert, PostgREST error objects, the database throttle's 429 (the same
 * shape tests/db reads from the migrations), Auth sessions and errors. Both
 * browser suites answer with these through the stand-in (./stand-in.ts).
 */
import { SUPABASE_URL } from './project';

/**
 * The code of the database throttle's 429 body, as the migrations raise it (src/lib/forms/submit.ts reads
 * it; its module needs Vite's import.meta.env, so it is not imported here). tests/db/throttle.test.ts checks
 * that the migrations' 429 is rest.throttled() below, code, body and headers.
 */
export const THROTTLE_CODE = 'form_throttled';

export type Answer =
  | {
      status: number;
      json?: unknown;
      text?: string;
      contentType?: string;
      headers?: Record<string, string>;
      /** The answer carries its own CORS headers (an Edge Function's): the gateway's are not added. */
      ownCors?: boolean;
    }
  | { network: 'failed' };

export const rest = {
  created: { status: 201 } as Answer,
  checkViolation: (table: string, column: string): Answer => ({
    status: 400,
    json: {
      code: '23514',
      details: 'Failing row contains (…).',
      hint: null,
      message: `new row for relation "${table}" violates check constraint "${table}_${column}_check"`,
    },
  }),
  rlsRefused: (table: string): Answer => ({
    status: 401,
    json: { code: '42501', details: null, hint: null, message: `new row violates row-level security policy for table "${table}"` },
  }),
  duplicate: (table: string): Answer => ({
    status: 409,
    json: {
      code: '23505',
      details: 'Key (id)=(…) already exists.',
      hint: null,
      message: `duplicate key value violates unique constraint "${table}_pkey"`,
    },
  }),
  /**
   * The database throttle: PostgREST's response to `raise sqlstate 'PGRST'`, the body from the message JSON,
   * status and headers from the detail JSON.
   */
  throttled: (retryAfterS = 540): Answer => ({
    status: 429,
    headers: { 'retry-after': String(retryAfterS), 'access-control-expose-headers': 'Retry-After' },
    json: {
      code: THROTTLE_CODE,
      message: 'Too many submissions in a short time.',
      details: `Try again in ${retryAfterS} seconds.`,
      hint: null,
    },
  }),
  /** A 429 from the API gateway in front of PostgREST (Kong's rate limiting): its own body, a Retry-After it exposes. */
  gatewayRateLimited: (retryAfterS: number): Answer => ({
    status: 429,
    headers: { 'retry-after': String(retryAfterS), 'access-control-expose-headers': 'Retry-After' },
    json: { message: 'API rate limit exceeded' },
  }),
  serverError: { status: 500, text: '<html>oops</html>', contentType: 'text/html' } as Answer,
  unavailable: { status: 503, text: 'Service Unavailable', contentType: 'text/plain' } as Answer,
  networkError: { network: 'failed' } as Answer,
};

/* ----------------------------------------------------------------------------
 * Auth
 * ------------------------------------------------------------------------- */

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

export const USER_ID = '11111111-1111-4111-8111-111111111111';

/** A session as Supabase Auth returns it from /token (a fake, unsigned JWT: the client does not verify it). */
export function authSession(email = 'ada@example.com') {
  const now = Math.floor(Date.now() / 1000);
  const user = {
    id: USER_ID,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: '2024-01-01T00:00:00Z',
    phone: '',
    confirmed_at: '2024-01-01T00:00:00Z',
    last_sign_in_at: new Date().toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    is_anonymous: false,
  };
  const access_token = [
    b64url({ alg: 'HS256', typ: 'JWT' }),
    b64url({
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      iss: `${SUPABASE_URL}/auth/v1`,
      sub: USER_ID,
      email,
      role: 'authenticated',
      aal: 'aal1',
      session_id: '33333333-3333-4333-8333-333333333333',
      is_anonymous: false,
    }),
    'c2lnbmF0dXJl',
  ].join('.');
  return { access_token, token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, refresh_token: 'v1.fake-refresh-token', user };
}

export const auth = {
  invalidCredentials: {
    status: 400,
    json: { code: 'invalid_credentials', message: 'Invalid login credentials' },
  } as Answer,
  rateLimited: { status: 429, json: { code: 'over_request_rate_limit', message: 'Request rate limit reached' } } as Answer,
  emailRateLimited: {
    status: 429,
    json: { code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 60 seconds.' },
  } as Answer,
  invalidEmail: { status: 400, json: { code: 'validation_failed', message: 'Unable to validate email address: invalid format' } } as Answer,
  unexpectedFailure: {
    status: 500,
    json: { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' },
  } as Answer,
  ok: { status: 200, json: {} } as Answer,
  networkError: { network: 'failed' } as Answer,
};
