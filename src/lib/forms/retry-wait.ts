/**
 * When the database's throttle refuses a submission (429), the notice says when to try again
 * from the answer's Retry-After: the per-address and per-client limits free a place within
 * minutes, a full storage budget in an hour, the daily limit of a connection up to a day later.
 * The words are content/forms.yaml's (`throttled.wait`); this picks one and fills it in.
 */

/** The phrases a wait can be said with; `{minutes}` and `{hours}` are filled in here. */
export interface WaitCopy {
  /** Up to a minute, e.g. "in a minute". */
  minute: string;
  /** Up to 54 minutes, e.g. "in {minutes} minutes". */
  minutes: string;
  /** 55 to 89 minutes, e.g. "in about an hour". */
  hour: string;
  /** 90 minutes to 19 hours, e.g. "in about {hours} hours". */
  hours: string;
  /** 20 hours or more, e.g. "tomorrow". */
  tomorrow: string;
  /** When the answer did not say (a cross-origin header the browser could not read), e.g. "later". */
  later: string;
}

export interface ThrottledCopy {
  title: string;
  /** Holds `{wait}`, where the phrase goes. */
  text: string;
  wait: WaitCopy;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The phrase for waiting `retryAfterMs` (rounded up to whole minutes or to the nearest hour). */
export function waitPhrase(retryAfterMs: number | null | undefined, copy: WaitCopy): string {
  if (retryAfterMs === null || retryAfterMs === undefined || !Number.isFinite(retryAfterMs) || retryAfterMs < 0) return copy.later;
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  if (minutes <= 1) return copy.minute;
  if (minutes < 55) return copy.minutes.replaceAll('{minutes}', String(minutes));
  if (retryAfterMs < 90 * MINUTE) return copy.hour;
  if (retryAfterMs < 20 * HOUR) return copy.hours.replaceAll('{hours}', String(Math.round(retryAfterMs / HOUR)));
  return copy.tomorrow;
}

/** The notice for a refusal with this Retry-After. */
export function throttledNotice(copy: ThrottledCopy, retryAfterMs: number | null | undefined): { title: string; text: string } {
  return { title: copy.title, text: copy.text.replaceAll('{wait}', waitPhrase(retryAfterMs, copy.wait)) };
}
