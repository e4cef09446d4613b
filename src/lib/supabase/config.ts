/**
 * The one module that reads the Supabase settings. They are public build-time
 * values (Astro inlines PUBLIC_* variables); a build without them works, and
 * the forms then fail with their error notice and say why in the console.
 */
export interface BackendConfig {
  /** Project URL without a trailing slash, e.g. https://abcd.supabase.co */
  url: string;
  anonKey: string;
}

export const NOT_CONFIGURED_MESSAGE =
  'Backend not configured: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY were not set when the site was built, so nothing can be sent.';

type Env = { PUBLIC_SUPABASE_URL?: string; PUBLIC_SUPABASE_ANON_KEY?: string };

/** Thrown by the insert (./rest.ts) when the site was built without Supabase settings. Never retried. */
export class BackendNotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackendNotConfiguredError';
  }
}

/** The settings from an env object, or null when either is missing or the URL is not http(s). */
export function readBackendConfig(env: Env): BackendConfig | null {
  const url = env.PUBLIC_SUPABASE_URL?.trim();
  const anonKey = env.PUBLIC_SUPABASE_ANON_KEY?.trim();
  if (!url || !anonKey) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return { url: url.replace(/\/+$/, ''), anonKey };
}

/** The settings this build was made with. */
export const backendConfig: BackendConfig | null = readBackendConfig({
  PUBLIC_SUPABASE_URL: import.meta.env.PUBLIC_SUPABASE_URL,
  PUBLIC_SUPABASE_ANON_KEY: import.meta.env.PUBLIC_SUPABASE_ANON_KEY,
});

/** The headers supabase-js sends with the anon key: the key as `apikey` and as a bearer token. */
export function anonHeaders(config: BackendConfig): Record<string, string> {
  return { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` };
}

/** supabase-js's localStorage key for the session: sb-<first label of the project host>-auth-token. */
export function authStorageKey(config: BackendConfig): string {
  return `sb-${new URL(config.url).hostname.split('.')[0]}-auth-token`;
}

/** Load the auth client this long before the stored access token expires, so it refreshes in time (auth-js refreshes within 90 s of expiry). */
export const REFRESH_LEAD_MS = 120_000;

export interface StoredUser {
  id: string;
  email: string | null;
}

/**
 * Whether the URL fragment carries session tokens: how auth links delivered a
 * session before the PKCE flow. Such links are not accepted (a token in the
 * address ends up in history and referrers), so the sign-in card removes them.
 */
export function hasFragmentTokens(hash: string): boolean {
  return /(^|[#&])(access_token|refresh_token)=/.test(hash);
}

/**
 * When the sign-in card needs the auth client (about 24 KB gzip):
 * - 'now': the URL carries the result of an auth link (a PKCE `code` to
 *   exchange after a password reset, or an error), or the stored session is
 *   about to expire and must be refreshed;
 * - 'later': a valid session is stored. It is shown from storage, exactly as
 *   the auth client itself would show it before its expiry, and the client is
 *   loaded `inMs` before expiry to refresh it (or earlier, when the card is used);
 * - 'on-use': nothing stored; loaded when the visitor starts using the card.
 */
export type AuthPlan = { load: 'now' } | { load: 'later'; inMs: number; user: StoredUser } | { load: 'on-use' };

export function authPlan(
  config: BackendConfig | null,
  storage: Pick<Storage, 'getItem'> | undefined,
  url: { hash: string; search: string },
  now: number,
): AuthPlan {
  if (!config) return { load: 'on-use' };
  if (/(^|[?&])code=/.test(url.search) || /(^|[#?&])(error_description|error_code)=/.test(url.hash + url.search)) return { load: 'now' };
  let raw: string | null = null;
  try {
    raw = storage?.getItem(authStorageKey(config)) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return { load: 'on-use' };
  try {
    const session = JSON.parse(raw) as { expires_at?: unknown; user?: { id?: unknown; email?: unknown } };
    const expiresAt = typeof session.expires_at === 'number' ? session.expires_at * 1000 : NaN;
    const id = session.user?.id;
    if (typeof id !== 'string' || !Number.isFinite(expiresAt)) return { load: 'now' };
    const inMs = expiresAt - now - REFRESH_LEAD_MS;
    if (inMs <= 0) return { load: 'now' };
    return { load: 'later', inMs, user: { id, email: typeof session.user?.email === 'string' ? session.user.email : null } };
  } catch {
    // Something unreadable: let the auth client deal with it.
    return { load: 'now' };
  }
}
