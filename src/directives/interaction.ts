/**
 * `client:interaction` hydrates an island on the visitor's first pointer,
 * keyboard or focus interaction with it, so pages load no framework code
 * while they paint. The island's server HTML must work on its own until
 * then: the mobile menu is a native <details> element; the forms' fields take
 * input (their submit buttons stay disabled until hydration, and what was
 * typed is taken over, see src/lib/forms/early-input.ts).
 *
 * Values:
 * - "scroll": also on the page's first scroll, for islands whose only
 *   behaviour follows the scroll position (the parallax hero);
 * - "draft:<form id>": at once when the tab holds a draft of that form, so a
 *   reloaded page shows what the visitor had typed;
 * - "session": at once when a signed-in session is stored (or another tab
 *   stores one) or the URL carries the result of an auth link, so the
 *   sign-in card shows the right state without waiting for the visitor.
 */
import type { ClientDirective } from 'astro';
import { draftKey } from '../lib/forms/early-input';
import { AUTH_TOKEN_KEY } from '../lib/supabase/storage-keys';

const EVENTS = ['pointerdown', 'mouseover', 'focusin', 'touchstart', 'keydown'] as const;
const AUTH_RESULT = /(^|[#?&])(access_token|code|error_description|error_code)=/;

/** Storage can be disabled (private modes, policies): then there is nothing to restore. */
function storedKeys(storage: () => Storage): string[] {
  try {
    return Object.keys(storage());
  } catch {
    return [];
  }
}

const interaction: ClientDirective = (load, options, el) => {
  const value = typeof options.value === 'string' ? options.value : '';
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    window.removeEventListener('scroll', start);
    window.removeEventListener('storage', onStorage);
    const hydrate = await load();
    await hydrate();
    el.dispatchEvent(new CustomEvent('island:hydrated', { bubbles: true }));
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key && AUTH_TOKEN_KEY.test(event.key)) void start();
  };
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });

  if (value === 'scroll') {
    window.addEventListener('scroll', start, { passive: true });
    // Opened further down the page (a #fragment, a restored scroll position): hydrate now.
    if (window.scrollY > 0) void start();
  } else if (value.startsWith('draft:')) {
    if (storedKeys(() => sessionStorage).includes(draftKey(value.slice('draft:'.length)))) void start();
  } else if (value === 'session') {
    window.addEventListener('storage', onStorage);
    if (AUTH_RESULT.test(location.hash + location.search) || storedKeys(() => localStorage).some((key) => AUTH_TOKEN_KEY.test(key)))
      void start();
  }
};

export default interaction;
