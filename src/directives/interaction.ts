/**
 * `client:interaction` hydrates an island on the visitor's first pointer,
 * keyboard or focus interaction with it, so pages load no framework code
 * while they paint. The island's server HTML must work on its own until
 * then: the mobile menu is a native popover; the forms' fields take input
 * (what was typed is taken over, see src/lib/forms/early-input.ts).
 *
 * An island that holds a form (the four forms, the sign-in card) is driven
 * by its script, so what the visitor presses before the script is ready is
 * kept and done once it is (the island says so with `island:ready`, see
 * src/components/forms/useIslandReady.ts): a button that only works with
 * the script (type="button") is clicked again; a submit button press runs the
 * browser's own validation at once (the forms use method="dialog", so a
 * native submit never navigates), its submit is held back, and the island
 * then submits once, with its own checks and messages. Typing after a press
 * whose validation failed drops that press: the visitor is correcting what
 * the browser pointed at. One press is kept, the last, so nothing is sent
 * twice. The island is marked `data-ready` from then on.
 *
 * Values:
 * - "scroll": also on the page's first scroll, for islands whose only
 *   behaviour follows the scroll position (the parallax hero);
 * - "draft:<form id>": at once when the tab holds a draft of that form, so a
 *   reloaded page shows what the visitor had typed;
 * - "session": at once when a signed-in session is stored (or another tab
 *   stores one) or the URL carries the result of an auth link, so the
 *   sign-in card shows the right state without waiting for the visitor.
 *
 * A page the browser prerendered (speculation rules) runs this before the
 * visitor sees it: those checks wait for its activation, so an island starts
 * from the state the visitor finds (the scroll position, the tab's draft,
 * the session) and nothing hydrates unseen.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_READY, draftKey } from '../lib/forms/early-input';
import { AUTH_TOKEN_KEY } from '../lib/supabase/storage-keys';

const EVENTS = ['pointerdown', 'mouseover', 'focusin', 'touchstart', 'keydown'] as const;
const AUTH_RESULT = /(^|[#?&])(access_token|code|error_description|error_code)=/;

/** Runs `show` once the page is shown: now, or on activation of a prerendered page. */
export function whenShown(doc: Document, show: () => void): void {
  if ((doc as Document & { prerendering?: boolean }).prerendering) doc.addEventListener('prerenderingchange', () => show(), { once: true });
  else show();
}

/** Storage can be disabled (private modes, policies): then there is nothing to restore. */
function storedKeys(storage: () => Storage): string[] {
  try {
    return Object.keys(storage());
  } catch {
    return [];
  }
}

/** Keep the visitor's presses on a form island until it is ready, then do the last one (see above). */
function keepPresses(el: HTMLElement) {
  // `soft`: a submit press whose validation has not passed (yet); typing drops it.
  let pending: { run: () => void; soft: boolean } | undefined;
  const keep = (event: Event) => {
    const target = event.target as Element;
    if (event.type === 'input') {
      if (pending?.soft) pending = undefined;
    } else if (event.type === 'submit') {
      const form = target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      event.stopImmediatePropagation();
      pending = { run: () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null), soft: false };
    } else {
      const button = target.closest?.('button');
      if (!button) return;
      if (button.type === 'submit') {
        // The browser validates now; the submit that may follow replaces this.
        if (button.form) pending = { run: () => button.isConnected && button.form?.requestSubmit(button), soft: true };
      } else if (button.type === 'button' && !button.hasAttribute('popovertarget')) {
        event.stopImmediatePropagation();
        pending = { run: () => button.isConnected && button.click(), soft: false };
      }
    }
  };
  const types = ['click', 'submit', 'input'];
  for (const type of types) el.addEventListener(type, keep, true);
  el.addEventListener(
    ISLAND_READY,
    () => {
      for (const type of types) el.removeEventListener(type, keep, true);
      el.toggleAttribute('data-ready', true);
      const run = pending?.run;
      pending = undefined;
      // After the island's own effect, which announced it.
      if (run) setTimeout(run);
    },
    { once: true },
  );
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
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key && AUTH_TOKEN_KEY.test(event.key)) void start();
  };
  if (el.querySelector('form')) keepPresses(el);
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });

  whenShown(document, () => {
    if (started) return;
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
  });
};

export default interaction;
