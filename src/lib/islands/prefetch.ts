/**
 * Fetching a form island's code before the visitor touches it, without running
 * it: its module graph (written on its element by the build,
 * ./module-graph.ts) is requested as module preloads, all at once, so the
 * first touch finds every module in the browser's module map and only runs
 * them. Nothing executes before the first interaction.
 *
 * When:
 * - once the page has loaded and shown its content (its first contentful
 *   paint and, where the browser reports it, a largest contentful paint; a
 *   prerendered page only once activated), when the browser is idle: the
 *   page's paint never shares the network or the main thread with it;
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

/** The paint entries to wait for: the first contentful paint, and a largest one where the browser reports it. */
const PAINTS = ['paint', 'largest-contentful-paint'];
/** A page that reports no paint (a background tab) waits this long at most. */
const PAINT_WAIT_MS = 3000;

/** Runs `run` once the page has painted its content (see above), or two frames later where the browser cannot say. */
function whenPainted(run: () => void): void {
  const supported = typeof PerformanceObserver === 'function' ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  const awaited = PAINTS.filter((type) => supported.includes(type));
  if (awaited.length === 0) return void requestAnimationFrame(() => requestAnimationFrame(run));
  const seen = new Set<string>();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    run();
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.entryType !== 'paint' || entry.name === 'first-contentful-paint') seen.add(entry.entryType);
    if (awaited.every((type) => seen.has(type))) finish();
  });
  for (const type of awaited) observer.observe({ type, buffered: true });
  setTimeout(finish, PAINT_WAIT_MS);
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
  const painted = () => whenPainted(() => whenIdle(now));
  whenShown(document, () => {
    if (document.readyState === 'complete') painted();
    else addEventListener('load', painted, { once: true });
  });
  return now;
}
