/**
 * What a visitor's intent on a link fetches besides the speculation rules:
 * - in engines without speculation rules (Firefox, Safari), the light prefetch:
 *   when the visitor shows intent on a link the rules would load ahead
 *   (src/lib/routes/speculation.ts), its HTML is fetched into the HTTP cache, where
 *   it stays fresh for a minute (PAGE_CACHE, src/lib/deploy/csp.ts), so the click
 *   shows it without a round trip;
 * - in every engine, the picture a link's page leads with, when the link names it
 *   (`data-lead-*`: the blog's links to posts, src/layouts/BlogPage.astro): as a
 *   preload (an image's low priority) of the version that page's <picture> will show, into the HTTP cache
 *   (pictures are cached for a year). Found only in the page's HTML, it would come
 *   one round trip after it, after the click on a slow link (a prerender of the
 *   page starts 200 ms into a hover); fetched beside the page, the picture is
 *   there when the page shows.
 * Intent is a press on any device, and on a device with a pointer or a keyboard
 * also a hover or focus that lasts HOVER_DELAY; with Save-Data on, only a press, so
 * nothing is requested before it.
 *
 * A fetch rather than <link rel="prefetch"> for the page: Firefox checks prefetch links
 * against default-src, which is 'none' here, and a fetch against connect-src
 * 'self'. Each prefetch says `Purpose: prefetch`, the header servers know from
 * link prefetching, so logs can tell it from a visit. The picture's preload is checked
 * against img-src 'self'.
 */
import type { PicturePreload } from '../images/html';
import { mayLoadAhead } from './speculation';

/** How long a hover or focus must last to count (a pointer crossing the header does not). */
export const HOVER_DELAY = 80;

/** The attributes that name, on a link, the picture its page leads with. */
export const LEAD_PICTURE = { imagesrcset: 'data-lead-srcset', imagesizes: 'data-lead-sizes', type: 'data-lead-type' } as const;

/** A link's attributes naming the picture its page leads with (none when it leads with text). */
export function leadPictureAttributes(preload: PicturePreload | undefined): Record<string, string> {
  if (!preload) return {};
  return Object.fromEntries(
    (Object.keys(LEAD_PICTURE) as (keyof typeof LEAD_PICTURE)[])
      .filter((key) => preload[key])
      .map((key) => [LEAD_PICTURE[key], preload[key]!]),
  );
}

/** The Network Information API's Save-Data flag where the browser has it (Chromium), else off. */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Where `HTMLScriptElement.supports('speculationrules')` holds, the rules fetch the pages. */
export function hasSpeculationRules(): boolean {
  return typeof HTMLScriptElement.supports === 'function' && HTMLScriptElement.supports('speculationrules');
}

/**
 * Listens on the document for intent on links; `unspeculated` are the paths never loaded ahead. Every
 * engine preloads the picture a link names; only those without speculation rules fetch the page.
 */
export function prefetchOnIntent(unspeculated: readonly string[]): void {
  const pages = !hasSpeculationRules();
  const fetched = new Set<string>();
  const linkOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null);

  const prefetch = (link: HTMLAnchorElement) => {
    // The picture first: a link names it only when its page leads with one (the build writes it on the blog's links to posts).
    const picture = link.dataset.leadSrcset;
    if (picture && !fetched.has(picture)) {
      fetched.add(picture);
      const { leadSizes: imageSizes = '', leadType: type = '' } = link.dataset;
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', imageSrcset: picture, imageSizes, type }),
      );
    }
    if (!pages || !mayLoadAhead(link, location.href, unspeculated)) return;
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
