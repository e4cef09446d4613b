/**
 * The tab's landing, noted by every page's script (src/layouts/BaseLayout.astro) for the forms to
 * send (./visit-source.ts): the first page of the visit, the origin of the site that linked to it,
 * and its utm_source, utm_medium and utm_campaign. Kept in session storage (the tab's, no cookie).
 * A module of its own, without the forms' patterns, so every page loads only this; the values
 * are checked against the database's rules when a form sends them.
 */

/** The session-storage key of the tab's visit. */
export const VISIT_KEY = 'visit-source';

/** Longer values are never sent (the columns hold at most 300 characters): not kept either. */
const LONGEST = 300;

/** The tab's session storage, or undefined where there is none or reading it throws (storage disabled). */
export function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The origin of an external referrer: nothing for none, for this site itself, or for a non-web one (an app, a file). */
export function referrerOrigin(referrer: string, here: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const origin = new URL(referrer).origin;
    return origin !== 'null' && origin !== new URL(here).origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** What a landing tells: its path, the external referrer's origin, and the campaign of its address (never the rest of either). */
export function landingOf(url: string, referrer: string): Record<string, string> {
  const { pathname, searchParams } = new URL(url);
  const found: Record<string, string | undefined> = {
    landing_page: pathname,
    referrer_origin: referrerOrigin(referrer, url),
    utm_source: searchParams.get('utm_source')?.trim(),
    utm_medium: searchParams.get('utm_medium')?.trim(),
    utm_campaign: searchParams.get('utm_campaign')?.trim(),
  };
  const kept: Record<string, string> = {};
  for (const [column, value] of Object.entries(found)) if (value && value.length <= LONGEST) kept[column] = value;
  return kept;
}

/** Note the tab's landing, once: the first page of the visit keeps it for the rest of the visit. */
export function rememberLanding(storage: Storage | undefined, url: string, referrer: string): void {
  try {
    if (!storage || storage.getItem(VISIT_KEY) !== null) return;
    storage.setItem(VISIT_KEY, JSON.stringify(landingOf(url, referrer)));
  } catch {
    // Storage disabled or full: the visit is not noted, and the forms send without it.
  }
}
