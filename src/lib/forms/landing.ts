/**
 * The tab's landing, noted by every page's script (src/layouts/BaseLayout.astro) for the forms to
 * send (./visit-source.ts): the first page of the visit, the origin of the site that linked to it,
 * and its utm_source, utm_medium and utm_campaign. Kept in session storage (the tab's, no cookie).
 * A module the layout's script alone imports, without the forms' patterns, so the build inlines
 * that script in every page (a module shared with the forms would be a file of its own, fetched by
 * every page); the values are checked against the database's rules when a form sends them.
 */

/** The session-storage key of the tab's visit. */
export const VISIT_KEY = 'visit-source';

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
  const found: Record<string, string> = { landing_page: pathname };
  const origin = referrerOrigin(referrer, url);
  if (origin) found.referrer_origin = origin;
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign']) {
    const value = searchParams.get(name)?.trim();
    if (value) found[name] = value;
  }
  return found;
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
