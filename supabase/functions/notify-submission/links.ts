/**
 * The team's action links: "Release" and "Erase sender" in the messages, and the link to a digest's
 * held rows. A link opens the website's page /team-action (static: it acts only when its button is
 * pressed, by a POST to this function, so mail scanners and link previews that open it change
 * nothing); the token travels in the URL fragment, which browsers never send to a server nor put in
 * a Referer.
 *
 *   https://<site>/team-action#link=<kind>.<subject>.<expires>.<signature>
 *
 *   kind       r (release a held row) · e (erase a sender) · l (list a digest's held rows)
 *   subject    r: the row's id (a UUID) · e: the address, UTF-8 in base64url · l: the digest's id
 *   expires    Unix seconds; a link lives LINK_LIFETIME_SECONDS from when its message was written
 *   signature  HMAC-SHA-256 under NOTIFY_LINK_SECRET (only this function has it) of
 *              "team-action/v1" LF kind "." subject "." expires, base64url without padding;
 *              after a rotation, NOTIFY_LINK_SECRET_PREVIOUS's signatures are read too, so the
 *              links already in the team's inbox keep working until they expire
 *
 * Every character is one a URL fragment carries as it is. The website's page reads the same format
 * (src/lib/team-actions/link.ts; tests/content/team-action-links.test.ts holds the two together).
 * A release or erase link works once: its signature is its id in the database's ledger of actions.
 */

export type LinkKind = 'release' | 'erase' | 'list';

export interface LinkBody {
  kind: LinkKind;
  /** release: the row's id; erase: the address as stored (trimmed); list: the digest's id. */
  subject: string;
  /** Unix seconds. */
  expires: number;
}

export interface SignedLink extends LinkBody {
  /** The token as it travels in the fragment. */
  token: string;
  /** Its signature: the link's id in the ledger of actions. */
  id: string;
}

export const LINK_LIFETIME_SECONDS = 7 * 24 * 3600;

/**
 * When a link's message was written (Unix seconds): every link expires LINK_LIFETIME_SECONDS after
 * its message (signLinks in ./message.ts; a list's row links expire with the list, whose message
 * showed those rows), so the signed expiry says it. An Erase sender link erases only rows stored up
 * to then. Lengthening the lifetime makes links already sent reach back less far; shortening it
 * would let them reach rows stored after their message, so sign the time into the link first.
 */
export const writtenAt = (link: Pick<LinkBody, 'expires'>) => link.expires - LINK_LIFETIME_SECONDS;
/** The page on the website that shows a link and carries it out (content/pages/team-action.yaml). */
export const ACTION_PAGE_PATH = '/team-action';

const KIND_LETTER: Record<LinkKind, string> = { release: 'r', erase: 'e', list: 'l' };
const LETTER_KIND: Record<string, LinkKind> = { r: 'release', e: 'erase', l: 'list' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An e-mail column holds at most 254 characters of up to 4 bytes each. */
const MAX_ADDRESS_BYTES = 1016;

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function subjectText(body: LinkBody): string {
  return body.kind === 'erase' ? base64url(encoder.encode(body.subject)) : body.subject;
}

const signedText = (kind: string, subject: string, expires: string) => `team-action/v1\n${kind}.${subject}.${expires}`;

/** The imported key of each secret (a list signs hundreds of links; importing is most of the cost). */
const keys = new Map<string, Promise<CryptoKey>>();

async function hmac(secret: string, text: string): Promise<Uint8Array> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)));
}

/** Whether a subject is one its kind accepts (checked when signing and when reading). */
function validSubject(kind: LinkKind, subject: string): boolean {
  if (kind === 'release') return UUID.test(subject);
  if (kind === 'list') return /^[1-9]\d{0,17}$/.test(subject);
  return subject.length > 0 && subject.trim() === subject && encoder.encode(subject).length <= MAX_ADDRESS_BYTES;
}

export async function signLink(secret: string, body: LinkBody): Promise<SignedLink> {
  if (!validSubject(body.kind, body.subject)) throw new Error(`not a subject of a ${body.kind} link`);
  const letter = KIND_LETTER[body.kind];
  const subject = subjectText(body);
  const expires = String(Math.floor(body.expires));
  const id = base64url(await hmac(secret, signedText(letter, subject, expires)));
  return { ...body, expires: Number(expires), id, token: `${letter}.${subject}.${expires}.${id}` };
}

/** The link's address on the website. */
export const linkUrl = (site: string, link: Pick<SignedLink, 'token'>) => `${site}${ACTION_PAGE_PATH}#link=${link.token}`;

export type Verified =
  | { ok: true; link: SignedLink; /** Signed with the secret before a rotation. */ previous?: true }
  | { ok: false; code: 'link_malformed' | 'link_invalid' | 'link_expired'; expired?: number };

/**
 * Read a token: its form, then its signature (a tampered or foreign link), then its age. `previous`
 * is the secret before a rotation: its links were all signed before it, so they expire within one
 * link lifetime of it, and it is removed then (supabase/README.md, "Rotating the link secret").
 */
export async function verifyLink(secret: string, token: unknown, nowSeconds: number, previous?: string): Promise<Verified> {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, code: 'link_malformed' };
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, code: 'link_malformed' };
  const [letter, subject, expires, signature] = parts;
  const kind = LETTER_KIND[letter];
  if (!kind || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return { ok: false, code: 'link_malformed' };
  let readable = subject;
  if (kind === 'erase') {
    const bytes = fromBase64url(subject);
    let address: string | null = null;
    try {
      address = bytes ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : null;
    } catch {
      address = null;
    }
    if (address === null) return { ok: false, code: 'link_malformed' };
    readable = address;
  }
  if (!validSubject(kind, readable)) return { ok: false, code: 'link_malformed' };
  // Compared as written, not as decoded: base64url spells the same 32 bytes several ways (the last
  // character's two spare bits), and a link's id must be one spelling, or a variant would be a new
  // link and work again. Every character compared, so the time says nothing of how much matched.
  const signedBy = async (key: string) => {
    const expected = base64url(await hmac(key, signedText(letter, subject, expires)));
    let difference = 0;
    for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
    return difference === 0;
  };
  const byCurrent = await signedBy(secret);
  const byPrevious = !byCurrent && previous !== undefined && (await signedBy(previous));
  if (!byCurrent && !byPrevious) return { ok: false, code: 'link_invalid' };
  const expiresAt = Number(expires);
  if (expiresAt <= nowSeconds) return { ok: false, code: 'link_expired', expired: expiresAt };
  return {
    ok: true,
    link: { kind, subject: readable, expires: expiresAt, id: signature, token },
    ...(byPrevious ? { previous: true } : {}),
  };
}

/**
 * A sender's key in the ledger of actions: HMAC of the address as erase_submitter compares it
 * (trimmed, lower case). The ledger can then say "already erased on …" without ever holding the
 * address, and nobody without the function's secret can test an address against it.
 */
export async function senderKey(secret: string, address: string): Promise<string> {
  return base64url(await hmac(secret, `team-action/v1 sender\n${address.trim().toLowerCase()}`));
}
