/**
 * The words of /team-action (content/forms.yaml, `teamActions`) with their slots filled: counts,
 * times in the reader's own time zone, what a link did, and a refusal's reason in words. The page
 * holds no words of its own.
 */
import type { FormsCopy } from '../content/schemas';

export type TeamActionsCopy = FormsCopy['teamActions'];

/** A refusal as the function answers it (supabase/functions/notify-submission/actions.ts). */
export interface Refusal {
  code: string;
  done?: { action?: string; at?: string; count?: number };
  at?: string;
  erased?: string;
  expired?: string;
  /** Rows of the address stored after the link's message, which it keeps. */
  kept?: number;
}

export const fill = (template: string, slots: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => (name in slots ? String(slots[name]) : match));

/** "25 November 2026 at 10:04 CET": the day and time in the reader's zone, named, so nobody has to convert. */
export function when(time: string | number, locale?: string, timeZone?: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

export const submissions = (copy: TeamActionsCopy, count: number) =>
  count === 1 ? copy.submissions.one : fill(copy.submissions.many, { count });

export interface Formats {
  locale?: string;
  timeZone?: string;
}

/** "1 newer message from this address is kept: …", or nothing when none is. */
export const keptText = (copy: TeamActionsCopy, kept = 0) =>
  kept === 0 ? '' : kept === 1 ? copy.erase.kept.one : fill(copy.erase.kept.many, { count: kept });

/** What a used link did, for {done}. */
export function doneText(copy: TeamActionsCopy, done: Refusal['done']): string {
  return done?.action === 'erase' ? fill(copy.done.erase, { count: submissions(copy, done.count ?? 0) }) : copy.done.release;
}

/** The refusal in words; `email` is the link's address (for the erase confirmation). */
export function refusalText(copy: TeamActionsCopy, refusal: Refusal, email = '', formats: Formats = {}): string {
  const words = copy.refusals;
  const at = (time: string | undefined) => when(time ?? '', formats.locale, formats.timeZone);
  switch (refusal.code) {
    case 'link_malformed':
    case 'link_invalid':
    case 'not_held':
    case 'digest_gone':
    case 'not_configured':
    case 'unavailable':
    case 'network':
      return words[refusal.code];
    case 'link_expired':
      return fill(words.link_expired, { when: at(refusal.expired) });
    case 'link_used':
      return fill(words.link_used, { when: at(refusal.done?.at), done: doneText(copy, refusal.done) });
    case 'already_released':
      return refusal.at ? fill(words.already_released, { when: at(refusal.at) }) : words.not_held;
    case 'row_gone':
      return refusal.erased ? fill(words.row_erased, { when: at(refusal.erased) }) : words.row_gone;
    case 'nothing_stored':
      // Newer submissions of the address are there, and kept: say so, not that nothing is stored.
      if (refusal.kept) return `${words.nothing_seen} ${keptText(copy, refusal.kept)}`;
      return refusal.erased ? fill(words.sender_erased, { when: at(refusal.erased) }) : words.nothing_stored;
    case 'address_mismatch':
      return fill(words.address_mismatch, { email });
    default:
      // Only a code's own characters are shown: nothing an answer carries besides it.
      return fill(words.refused, { code: /^[a-z0-9_]{1,40}$/.test(refusal.code) ? refusal.code : 'unknown' });
  }
}
