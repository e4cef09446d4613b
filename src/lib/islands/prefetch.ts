/**
 * Fetching a form island's code before the visitor touches it, without running
 * it: its module graph (written on its element by the build,
 * ./module-graph.ts) is requested as module preloads, all at once, so the
 * first touch finds every module in the browser's module map and only runs
 * them. Nothing executes before the first interaction.
 *
 * When:
 * - once the page has loaded and painted (and is shown: a prerendered page
 *   waits for its activation, a page in a background tab for its first frame),
 *   when the browser is idle: the page's first paint never shares the network
 *   or the main thread with it;
 * - where the browser says the visitor spares data (Save-Data, a 2G
 *   connection: `navigator.connection`), only on intent: a pointer or focus on
 *   the form's section;
 * - in any case on the first interaction, before the island asks for its
 *   module, so its imports arrive in one round trip instead of a chain.
 * Used by the `client:form` directive (src/directives/form.ts), inlined into pages with a form.
 *
 * What an island's first render does not need and its first send does (the
 * notices, the Supabase client) it loads itself once it is ready, when the
 * browser is idle (`whenIdleAndWilling`), unless the visitor spares data: then
 * the send loads it.
 */
import { whenShown } from '../forms/recovery';

/** The island's module graph, written on its element by the build (./module-graph.ts). */
export const PRELOAD_ATTRIBUTE = 'data-preload';

/** Intent on the form's section that starts the fetch when sparing data. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

export interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the visitor spares data: Save-Data, or a connection the browser calls 2G. */
export const sparesData = (connection: Connection | undefined): boolean =>
  connection?.saveData === true || /^(slow-)?2g$/.test(connection?.effectiveType ?? '');

const preloaded = new Set<string>();

/** Request each module once, as a module preload: fetched and parsed into the module map, never run. */
export function preloadModules(urls: readonly string[]): void {
  for (const url of urls) {
    if (preloaded.has(url)) continue;
    preloaded.add(url);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}

const listOf = (el: Element, name: string) => el.getAttribute(name)?.split(' ').filter(Boolean) ?? [];

/** Runs `run` when the browser is idle (at the latest after a second), or soon where it cannot say. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 1);
}

const connection = () => (navigator as Navigator & { connection?: Connection }).connection;

/** Runs `run` when the browser is idle, unless the visitor spares data (then never). */
export function whenIdleAndWilling(run: () => void): void {
  if (!sparesData(connection())) whenIdle(run);
}

/**
 * Schedule the fetch of the island `el`'s code (see above). Returns what fetches it at once: the directive
 * calls it on the first interaction.
 */
export function prefetchIsland(el: HTMLElement): () => void {
  const now = () => preloadModules(listOf(el, PRELOAD_ATTRIBUTE));
  if (sparesData(connection())) {
    const near = el.closest('section') ?? el.parentElement ?? el;
    for (const type of INTENT) near.addEventListener(type, now, { once: true, passive: true });
    return now;
  }
  // The frame after the first frame that follows the load event: the page has painted.
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(now)));
  whenShown(document, () => {
    if (document.readyState === 'complete') painted();
    else addEventListener('load', painted, { once: true });
  });
  return now;
}
