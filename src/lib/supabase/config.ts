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

/**
 * Whether the page must start the auth client right away: a session is stored
 * (to show it and keep it refreshed) or the URL carries the result of an auth
 * link (a password-reset link, an error). Otherwise the sign-in card loads the
 * auth client only when the visitor starts using it.
 */
export function authNeededAtLoad(config: BackendConfig | null, storage: Pick<Storage, 'getItem'> | undefined, url: { hash: string; search: string }): boolean {
  if (!config) return false;
  let stored: string | null = null;
  try {
    stored = storage?.getItem(authStorageKey(config)) ?? null;
  } catch {
    stored = null;
  }
  return stored !== null || /(^|[#?&])(access_token|error_description|error_code)=/.test(url.hash + url.search);
}
