/**
 * The light prefetch for engines without speculation rules (Firefox, Safari):
 * when the visitor shows intent on a link the rules would load ahead
 * (src/lib/routes/speculation.ts), its HTML is fetched into the HTTP cache, where
 * it stays fresh for a minute (PAGE_CACHE, src/lib/deploy/csp.ts), so the click
 * shows it without a round trip. Intent is a press on any device, and
 * on a device with a pointer or a keyboard also a hover or focus that lasts
 * HOVER_DELAY; with Save-Data on, only a press, so nothing is requested before it.
 *
 * A fetch rather than <link rel="prefetch">: Firefox checks prefetch links
 * against default-src, which is 'none' here, and a fetch against connect-src
 * 'self'. Each prefetch says `Purpose: prefetch`, the header servers know from
 * link prefetching, so logs can tell it from a visit.
 */
import { mayLoadAhead } from './speculation';

/** How long a hover or focus must last to count (a pointer crossing the header does not). */
export const HOVER_DELAY = 80;

/** The Network Information API's Save-Data flag where the browser has it (Chromium), else off. */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Where `HTMLScriptElement.supports('speculationrules')` holds, the rules do this job. */
export function hasSpeculationRules(): boolean {
  return typeof HTMLScriptElement.supports === 'function' && HTMLScriptElement.supports('speculationrules');
}

/** Listens on the document for intent on links; `unspeculated` are the paths never loaded ahead. */
export function prefetchOnIntent(unspeculated: readonly string[]): void {
  if (hasSpeculationRules()) return;
  const fetched = new Set<string>();
  const linkOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null);

  const prefetch = (link: HTMLAnchorElement) => {
    if (!mayLoadAhead(link, location.href, unspeculated)) return;
    const url = new URL(link.href);
    url.hash = '';
    if (fetched.has(url.href)) return;
    fetched.add(url.href);
    fetch(url, { credentials: 'same-origin', priority: 'low', headers: { Purpose: 'prefetch' } })
      // Read to the end, so the whole page lands in the cache.
      .then((response) => response.arrayBuffer())
      .catch(() => fetched.delete(url.href));
  };
  const onPress = (event: Event) => {
    const link = linkOf(event);
    if (link) prefetch(link);
  };
  document.addEventListener('pointerdown', onPress, { capture: true, passive: true });
  document.addEventListener('touchstart', onPress, { capture: true, passive: true });
  if (savesData()) return;

  let timer: ReturnType<typeof setTimeout> | undefined;
  const onEnter = (event: Event) => {
    const link = linkOf(event);
    clearTimeout(timer);
    if (link) timer = setTimeout(() => prefetch(link), HOVER_DELAY);
  };
  const onLeave = () => clearTimeout(timer);
  document.addEventListener('mouseover', onEnter, { passive: true });
  document.addEventListener('focusin', onEnter);
  document.addEventListener('mouseout', onLeave, { passive: true });
  document.addEventListener('focusout', onLeave);
}
