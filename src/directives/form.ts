/**
 * `client:form` hydrates a form island (the four forms, the sign-in card) on
 * the visitor's first interaction with it, as `client:interaction` does
 * (./interaction.ts), and adds what a form needs; only pages with a form carry
 * it. The island's server HTML works on its own until then: the fields take
 * input (what was typed is taken over, see src/lib/forms/early-input.ts).
 *
 * The island is driven by its script, so what the visitor presses before the
 * script is ready is kept and done once it is (the island says so with
 * `island:ready`, see src/components/forms/useIslandReady.ts): a button that
 * only works with the script (type="button") is clicked again; a submit button
 * press runs the browser's own validation at once (the forms use
 * method="dialog", so a native submit never navigates), its submit is held
 * back, and the island then submits once, with its own checks and messages.
 * Typing after a submit press drops that press, whether its validation passed
 * or not: the visitor is correcting the form, and nothing is sent in the middle
 * of a correction. One press is kept, the last, so nothing is sent twice. The
 * island is marked `data-ready` from then on. What is typed meanwhile is kept
 * in the form's draft (never a password), so a reload puts it back.
 *
 * Its code is fetched before the first interaction and run only on it
 * (src/lib/islands/prefetch.ts): its whole module graph at once, when the
 * browser is idle after load (on intent where the visitor spares data).
 *
 * When the island's code cannot load (Astro's `astro:hydration-error`: a
 * deploy removed the page's scripts, the network dropped them, the phone is
 * offline) and the visitor has pressed, the page recovers
 * (src/lib/forms/recovery.ts): it reloads once per page and deploy, or waits
 * for the connection, or says that it cannot and offers a way on; the reloaded
 * page puts the fields back, hydrates at once and carries out the press or
 * says what to press. That code is the recovery script
 * (src/lib/forms/recovery-script.ts), loaded only then, and when a reload left
 * the form something to put back: this directive keeps only what must run
 * before the island.
 *
 * Values:
 * - "draft:<form id>": also at once when the tab holds a draft of that form, so a
 *   reloaded page shows what the visitor had typed;
 * - "session": also at once when a signed-in session is stored (or another tab
 *   stores one) or the URL carries the result of an auth link, so the
 *   sign-in card shows the right state without waiting for the visitor.
 *
 * A page the browser prerendered (speculation rules) runs this before the
 * visitor sees it: those checks wait for its activation, so an island starts
 * from the state the visitor finds (the tab's draft, the session) and nothing
 * hydrates or is fetched unseen.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_READY, draftKey } from '../lib/forms/early-input';
import { hasRecovery, isDecided, keepTyped, nextPress, whenShown, type Press, type PressEvent } from '../lib/forms/recovery';
import { formButtons, formFields, hasPassword } from '../lib/forms/recovery-page';
import { loadRecoveryScript, showOfflineNotice } from '../lib/forms/recovery-script';
import { prefetchIsland } from '../lib/islands/prefetch';
import { AUTH_TOKEN_KEY } from '../lib/supabase/storage-keys';
import { onFirstInteraction } from './interaction';

const AUTH_RESULT = /(^|[#?&])(access_token|code|error_description|error_code)=/;

/** Storage can be disabled (private modes, policies): then there is nothing to restore. */
function storedKeys(storage: () => Storage): string[] {
  try {
    return Object.keys(storage());
  } catch {
    return [];
  }
}
/** Drop the values kept for an island that holds them itself once ready. */
function forget(storage: Storage | undefined, formId: string) {
  try {
    storage?.removeItem(draftKey(formId));
  } catch {
    /* nothing stored */
  }
}
const session = () => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * Keep the visitor's presses on a form island until it is ready, then do the last one (see above); recover
 * when its code cannot load. Returns what the page calls once shown: when the tab has something to put back
 * into the form (a draft, what a recovery reload left), it loads the recovery script, which does it, and
 * returns that (the island then hydrates at once, after it).
 */
function keepPresses(el: HTMLElement, form: HTMLFormElement, formId: string, keepsOwnDraft: boolean): () => Promise<unknown> | undefined {
  const storage = session();
  const deploy = el.getAttribute('component-url') ?? '';
  let pending: Press | undefined;
  let pressed = false;
  let failed = false;
  let recovered = false;
  // Left by a recovery reload or kept in the draft: the fields come back now, the press once the island is ready.
  const resume = () =>
    hasRecovery(storage, formId) || storedKeys(() => sessionStorage).includes(draftKey(formId))
      ? loadRecoveryScript().then(
          (script) => {
            const left = script.resumeIsland(form, formId);
            recovered = left.recovered;
            if (!pressed && left.press) pending = left.press;
          },
          (error) => console.error('The form could not be restored:', error),
        )
      : undefined;

  // Reloading or waiting for the connection: a further press changes the kept press, nothing more.
  let recovering = false;
  const recoverNow = () => {
    if (recovering) return;
    recovering = true;
    loadRecoveryScript().then(
      (script) => {
        recovering = script.recoverOnPage({ formId, deploy, press: () => pending, hasPassword: hasPassword(form) }, form) !== 'explain';
      },
      (error) => {
        recovering = false;
        if (navigator.onLine) return console.error('The form could not recover:', error);
        // Offline, and the recovery script cannot come either: say so, and try again once the connection is back.
        showOfflineNotice(formId);
        addEventListener('online', recoverNow, { once: true });
      },
    );
  };
  const note = (event: PressEvent) => {
    pressed = true;
    pending = nextPress(pending, event);
    // Failed before: a decided press cannot wait for a script that will not come.
    if (failed && event.type !== 'edit' && isDecided(pending)) recoverNow();
  };
  const keep = (event: Event) => {
    const target = event.target as Element;
    if (event.type === 'input') {
      note({ type: 'edit' });
      keepTyped(storage, formId, formFields(form));
    } else if (event.type === 'submit') {
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      event.stopImmediatePropagation();
      note({ type: 'submit', button: formButtons(form).indexOf(submitter as HTMLButtonElement) });
    } else {
      const button = target.closest?.('button');
      if (!button || button.form !== form) return;
      if (button.type === 'submit') {
        // The browser validates now; the submit that may follow replaces this.
        note({ type: 'submit-click', button: formButtons(form).indexOf(button) });
      } else if (button.type === 'button' && !button.hasAttribute('popovertarget')) {
        event.stopImmediatePropagation();
        note({ type: 'button-click', button: formButtons(form).indexOf(button) });
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
      // From now on the island keeps its own draft, or (the sign-in card) holds the values itself.
      if (!keepsOwnDraft) forget(storage, formId);
      const press = pending;
      pending = undefined;
      if (recovered && !press) void loadRecoveryScript().then((script) => script.sayOnPage(formId, 'reloaded'));
      if (!press) return;
      // After the island's own effect, which announced it. The island's form is the server's form element.
      setTimeout(() => {
        const live = el.querySelector('form');
        const button = live ? formButtons(live)[press.button] : undefined;
        if (!live || !button?.isConnected) return;
        if (press.kind === 'click') button.click();
        else live.requestSubmit(button.type === 'submit' ? button : null);
      });
    },
    { once: true },
  );
  el.addEventListener('astro:hydration-error', () => {
    failed = true;
    // After a recovery reload the visitor has pressed already: say at once if this did not help.
    if (isDecided(pending) || recovered) recoverNow();
  });
  return resume;
}

const form: ClientDirective = (load, options, el) => {
  const value = typeof options.value === 'string' ? options.value : '';
  let started = false;
  let resume: Promise<unknown> | undefined;
  const start = async () => {
    if (started) return;
    started = true;
    stop();
    window.removeEventListener('storage', onStorage);
    // Every module of the island at once (what was not fetched ahead), rather than the chain its imports make.
    fetchAll();
    // A failed load is reported by Astro as `astro:hydration-error` on the island (see keepPresses).
    const [hydrate] = await Promise.all([load(), resume]);
    await hydrate();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key && AUTH_TOKEN_KEY.test(event.key)) void start();
  };
  const stop = onFirstInteraction(el, start);
  const formElement = el.querySelector('form');
  // The form's id for its draft, recovery and notice: the definition's (draft:<id>), else the form element's.
  const formId = value.startsWith('draft:') ? value.slice('draft:'.length) : formElement?.id;
  let fetchAll = () => {};
  let resumeIfKept = (): Promise<unknown> | undefined => undefined;
  if (formElement && formId) {
    resumeIfKept = keepPresses(el, formElement, formId, value.startsWith('draft:'));
    fetchAll = prefetchIsland(el);
  } else
    console.error(
      `client:form on an island without a form or its id: it only hydrates on interaction (${el.getAttribute('component-url')}).`,
    );

  whenShown(document, () => {
    if (started) return;
    resume = resumeIfKept();
    if (resume) void start();
    else if (value === 'session') {
      window.addEventListener('storage', onStorage);
      if (AUTH_RESULT.test(location.hash + location.search) || storedKeys(() => localStorage).some((key) => AUTH_TOKEN_KEY.test(key)))
        void start();
    }
  });
};

export default form;
