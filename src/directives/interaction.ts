/**
 * `client:interaction` hydrates an island on the visitor's first pointer,
 * keyboard or focus interaction with it, so pages load no framework code
 * while they paint. The island's server HTML must work on its own until
 * then: the mobile menu is a native popover. Inlined into every page, so it
 * holds nothing else: form islands have their own directive, `client:form`
 * (./form.ts), which keeps what the visitor presses and types meanwhile and
 * fetches the island's code ahead.
 *
 * Values:
 * - "scroll": also on the page's first scroll, for islands whose only
 *   behaviour follows the scroll position (the parallax hero).
 *
 * A page the browser prerendered (speculation rules) runs this before the
 * visitor sees it: the scroll check waits for its activation, so an island
 * starts from the scroll position the visitor finds and nothing hydrates unseen.
 */
import type { ClientDirective } from 'astro';
import { whenShown } from '../lib/forms/recovery';

export { whenShown };

const EVENTS = ['pointerdown', 'mouseover', 'focusin', 'touchstart', 'keydown'] as const;

/** Runs `start` on the first pointer, keyboard or focus interaction with `el`; returns what stops listening. */
export function onFirstInteraction(el: HTMLElement, start: () => void): () => void {
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
  return () => {
    for (const type of EVENTS) el.removeEventListener(type, start);
  };
}

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    stop();
    window.removeEventListener('scroll', start);
    const hydrate = await load();
    await hydrate();
  };
  const stop = onFirstInteraction(el, start);
  if (options.value === 'scroll')
    whenShown(document, () => {
      if (started) return;
      window.addEventListener('scroll', start, { passive: true });
      // Opened further down the page (a #fragment, a restored scroll position): hydrate now.
      if (window.scrollY > 0) void start();
    });
};

export default interaction;
