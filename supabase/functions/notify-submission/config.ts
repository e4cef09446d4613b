/**
 * The function's settings, read from its secrets (`supabase secrets set …`;
 * see supabase/README.md). A destination is configured when all of its
 * secrets are set; `missing` names the unset ones so the log can say which.
 */

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com/emails';

export interface EmailDestination {
  apiUrl: string;
  apiKey: string;
  from: string;
  to: string[];
}

/** Where the function remembers delivered keys: the project's own REST API, as the service role. */
export interface ReceiptsStore {
  url: string;
  serviceKey: string;
}

export interface Config {
  /** The shared secret every request must carry in the `x-webhook-secret` header. */
  secret?: string;
  /**
   * The project's API and service-role key (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, which the
   * platform sets in every Edge Function): where delivered keys are remembered, so a repeat is
   * dropped. Without them every request is sent (Resend's idempotency key still holds e-mail).
   */
  receipts?: ReceiptsStore;
  email?: EmailDestination;
  chatUrl?: string;
  /** How long one attempt at a destination may take. */
  timeoutMs: number;
  /** Wait before the first retry; doubled before the second. */
  retryDelayMs: number;
  /** The unset secrets of the destinations that are not configured. */
  missing: string[];
  /** A destination with some but not all of its secrets set: probably a mistake worth a log line. */
  incomplete: string[];
}

const EMAIL_SECRETS = ['RESEND_API_KEY', 'NOTIFY_EMAIL_FROM', 'NOTIFY_EMAIL_TO'] as const;
const CHAT_SECRETS = ['NOTIFY_CHAT_WEBHOOK_URL'] as const;

function milliseconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number of milliseconds (got ${JSON.stringify(value)})`);
  return number;
}

export function readConfig(env: (name: string) => string | undefined): Config {
  const get = (name: string) => {
    const value = env(name)?.trim();
    return value ? value : undefined;
  };
  const missingEmail = EMAIL_SECRETS.filter((name) => !get(name));
  const missingChat = CHAT_SECRETS.filter((name) => !get(name));
  const to = (get('NOTIFY_EMAIL_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const supabaseUrl = get('SUPABASE_URL');
  const serviceKey = get('SUPABASE_SERVICE_ROLE_KEY');
  return {
    secret: get('NOTIFY_WEBHOOK_SECRET'),
    receipts: supabaseUrl && serviceKey ? { url: supabaseUrl.replace(/\/+$/, ''), serviceKey } : undefined,
    email:
      missingEmail.length === 0
        ? { apiUrl: get('RESEND_API_URL') ?? DEFAULT_EMAIL_API_URL, apiKey: get('RESEND_API_KEY')!, from: get('NOTIFY_EMAIL_FROM')!, to }
        : undefined,
    chatUrl: get('NOTIFY_CHAT_WEBHOOK_URL'),
    timeoutMs: milliseconds(get('NOTIFY_TIMEOUT_MS'), 4000, 'NOTIFY_TIMEOUT_MS'),
    retryDelayMs: milliseconds(get('NOTIFY_RETRY_DELAY_MS'), 500, 'NOTIFY_RETRY_DELAY_MS'),
    missing: [...missingEmail, ...missingChat],
    incomplete:
      missingEmail.length > 0 && missingEmail.length < EMAIL_SECRETS.length ? [`e-mail (missing: ${missingEmail.join(', ')})`] : [],
  };
}
