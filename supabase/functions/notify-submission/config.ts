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
   * NOTIFY_LINK_SECRET: the key of the team's action links (./links.ts), known to this function
   * alone (not to the database, unlike the webhook secret). At least 32 characters.
   */
  linkSecret?: string;
  /**
   * NOTIFY_LINK_SECRET_PREVIOUS: the link secret before a rotation, whose links are still accepted
   * (never signed with): set for one link lifetime (7 days) after a rotation, then removed.
   */
  previousLinkSecret?: string;
  /** NOTIFY_SITE_URL's origin, e.g. https://corvana.example: where the links lead, and the only origin the actions accept. */
  site?: string;
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
  /** Why messages carry no action links (an unset or unusable NOTIFY_LINK_SECRET or NOTIFY_SITE_URL); empty when they do. */
  linksOff: string[];
}

/** The shortest link secret accepted: 32 characters (`openssl rand -hex 32` gives 64). */
export const MIN_LINK_SECRET = 32;

/** The origin of an https URL (http only for a local address), or undefined. */
function siteOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    return url.protocol === 'https:' || (url.protocol === 'http:' && local) ? url.origin : undefined;
  } catch {
    return undefined;
  }
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
  const linkSecret = get('NOTIFY_LINK_SECRET');
  const previousLinkSecret = get('NOTIFY_LINK_SECRET_PREVIOUS');
  const site = siteOrigin(get('NOTIFY_SITE_URL'));
  const linksOff = [
    ...(linkSecret === undefined ? ['NOTIFY_LINK_SECRET is not set'] : []),
    ...(linkSecret !== undefined && linkSecret.length < MIN_LINK_SECRET
      ? [`NOTIFY_LINK_SECRET is shorter than ${MIN_LINK_SECRET} characters`]
      : []),
    ...(get('NOTIFY_SITE_URL') === undefined
      ? ['NOTIFY_SITE_URL is not set']
      : site === undefined
        ? ['NOTIFY_SITE_URL is not an https URL']
        : []),
  ];
  return {
    secret: get('NOTIFY_WEBHOOK_SECRET'),
    ...(linkSecret !== undefined && linkSecret.length >= MIN_LINK_SECRET ? { linkSecret } : {}),
    // A previous secret shorter than the minimum was never a link secret: not accepted either.
    ...(previousLinkSecret !== undefined && previousLinkSecret.length >= MIN_LINK_SECRET ? { previousLinkSecret } : {}),
    ...(site ? { site } : {}),
    linksOff,
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
