/**
 * `client:interaction` hydrates an island on the visitor's first pointer,
 * keyboard or focus interaction with it, so pages load no framework code
 * until it is needed. The island's server HTML must work on its own until
 * then (the mobile menu is a native <details> element).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'mouseover', 'focusin', 'touchstart', 'keydown'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    el.dispatchEvent(new CustomEvent('island:hydrated', { bubbles: true }));
  };
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
};

export default interaction;
