/**
 * `client:interaction` hydrates an island on the visitor's first pointer,
 * keyboard or focus interaction with it, so pages load no framework code
 * until it is needed. The island's server HTML must work on its own until
 * then (the mobile menu is a native <details> element).
 *
 * `client:interaction="scroll"` also hydrates on the page's first scroll: for
 * islands whose only behaviour follows the scroll position (the parallax
 * hero), which then load nothing while the page paints.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'mouseover', 'focusin', 'touchstart', 'keydown'] as const;

const interaction: ClientDirective = (load, options, el) => {
  const onScroll = options.value === 'scroll';
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    if (onScroll) window.removeEventListener('scroll', start);
    const hydrate = await load();
    await hydrate();
    el.dispatchEvent(new CustomEvent('island:hydrated', { bubbles: true }));
  };
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
  if (onScroll) {
    window.addEventListener('scroll', start, { passive: true });
    // Opened further down the page (a #fragment, a restored scroll position): hydrate now.
    if (window.scrollY > 0) start();
  }
};

export default interaction;
