/**
 * A team action link as the page /team-action reads it from its address:
 * `#link=<kind>.<subject>.<expires>.<signature>`, the format the notify-submission function signs
 * (supabase/functions/notify-submission/links.ts; tests/content/team-action-links.test.ts reads
 * the function's links with this). The page cannot check the signature (only the function has
 * the key): it reads what the link says it does, to say so at once, and the function decides.
 */

export type LinkKind = 'release' | 'erase' | 'list';

export interface PageLink {
  /** The token as the function wants it back. */
  token: string;
  kind: LinkKind;
  /** release: the row's id; erase: the sender's address; list: the digest's number. */
  subject: string;
  /** When it stops working (ms since the epoch). */
  expires: number;
}

const KINDS: Record<string, LinkKind> = { r: 'release', e: 'erase', l: 'list' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeBase64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The link of a page address's fragment: none (no `link=` in it), malformed, or what it says. */
export function readLink(hash: string): PageLink | 'none' | 'malformed' {
  const match = /^#?link=(.*)$/s.exec(hash);
  if (!match) return 'none';
  const token = match[1];
  const parts = token.split('.');
  if (parts.length !== 4) return 'malformed';
  const [letter, subject, expires, signature] = parts;
  const kind = KINDS[letter];
  if (!kind || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'malformed';
  const read = kind === 'erase' ? decodeBase64url(subject) : subject;
  if (read === null) return 'malformed';
  if (kind === 'release' && !UUID.test(read)) return 'malformed';
  if (kind === 'list' && !/^[1-9]\d{0,17}$/.test(read)) return 'malformed';
  if (kind === 'erase' && (read.trim() === '' || read.trim() !== read)) return 'malformed';
  return { token, kind, subject: read, expires: Number(expires) * 1000 };
}

/** The fragment that opens a token on this page. */
export const linkHash = (token: string) => `#link=${token}`;

/** Whether a typed address confirms the link's: the same once trimmed, capitals aside (as erase_submitter compares). */
export const confirms = (typed: string, address: string) => typed.trim().toLowerCase() === address.trim().toLowerCase();
