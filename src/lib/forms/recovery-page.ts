/**
 * The browser side of src/lib/forms/recovery.ts: reading and putting back a
 * form's fields, and the page's notice next to a form island
 * (src/components/forms/IslandNotice.astro renders its words, from
 * content/forms.yaml › pageUpdate, as templates, so they need no script).
 *
 * This module is also the recovery script: the build bundles it on its own,
 * unhashed, as /island-recovery.js (./recovery-script.ts), which pages load
 * only when a form island's code cannot load, or when a reload left a form
 * something to put back. An unhashed name, because a deploy removes the hashed
 * scripts of the page that needs it: a page of an earlier deploy gets this
 * deploy's script, so the exports the script's callers use (`resumeIsland`,
 * `recoverOnPage`, `sayOnPage`) keep their arguments; change them only by adding.
 */
import {
  keepTyped,
  keptValues,
  recover,
  takeRecovery,
  type FailedLoad,
  type Press,
  type RecoveryPage,
  type RecoveryStep,
} from './recovery';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** Never kept: a password, the spam trap (hidden from people), and what is not a typed value. */
const NOT_KEPT = new Set(['password', 'hidden', 'submit', 'button', 'reset', 'file', 'image']);

function keptControls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (el): el is Control =>
      'name' in el &&
      typeof el.name === 'string' &&
      el.name !== '' &&
      !NOT_KEPT.has((el as Control).type) &&
      !el.closest('[aria-hidden="true"]') &&
      (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT'),
  );
}

/** What the visitor typed or chose, by field name (a radio group's checked value), never a password. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const control of keptControls(form)) {
    if (control.type === 'radio') {
      if ((control as HTMLInputElement).checked) values[control.name] = control.value;
    } else values[control.name] = control.value;
  }
  return values;
}

/** Put kept values back into the server-rendered fields (the island takes them over when it hydrates). */
export function fillFields(form: HTMLFormElement, values: Record<string, string>): void {
  for (const control of keptControls(form)) {
    const value = values[control.name];
    if (value === undefined) continue;
    if (control.type === 'radio') (control as HTMLInputElement).checked = control.value === value;
    else control.value = value;
  }
}

export const hasPassword = (form: HTMLFormElement | null): boolean =>
  form !== null && form.querySelector('input[type="password"]') !== null;

/** The form's buttons, in order: a press names its button by index, which survives a reload. */
export const formButtons = (form: HTMLFormElement): HTMLButtonElement[] => [...form.querySelectorAll('button')];

export type PageNotice = 'offline' | 'failed' | 'reloaded';

/**
 * Show one of the notices of the form island `formId` (its live region next to the island), or clear them.
 * The "failed" notice has a button that reloads the page, `beforeReload` first (to keep what was typed).
 */
export function sayOnPage(formId: string, notice: PageNotice | null, beforeReload: () => void = () => {}): void {
  const box = document.querySelector<HTMLElement>(`[data-island-notice="${CSS.escape(formId)}"]`);
  const region = box?.querySelector<HTMLElement>('[data-notice-text]');
  if (!box || !region) {
    if (notice) console.error(`No notice next to the ${formId} form island: the visitor is not told (${notice}).`);
    return;
  }
  region.replaceChildren();
  if (!notice) return;
  const template = box.querySelector<HTMLTemplateElement>(`template[data-notice="${notice}"]`);
  if (template) region.append(template.content.cloneNode(true));
  region.querySelector('[data-reload]')?.addEventListener('click', () => {
    beforeReload();
    location.reload();
  });
  region.scrollIntoView?.({ block: 'nearest' });
}

const session = (): Storage | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * A form island's page loaded with something to put back: what the form's draft keeps goes back into its
 * server-rendered fields; after a recovery reload of this page, also the press to carry out once the island is
 * ready (`recovered`: whether a recovery reload left a record, `press`: the press, or null to ask for one).
 */
export function resumeIsland(form: HTMLFormElement, formId: string): { recovered: boolean; press: Press | null } {
  const storage = session();
  const record = takeRecovery(storage, formId, location.pathname);
  const kept = keptValues(storage, formId);
  if (Object.keys(kept).length > 0) fillFields(form, kept);
  return { recovered: record !== null, press: record?.press ?? null };
}

/** Recover the island's failed load in this page (see recover in ./recovery.ts); `form` is read for what was typed. */
export function recoverOnPage(failed: Omit<FailedLoad, 'typed'>, form: HTMLFormElement | null): RecoveryStep {
  const storage = session();
  const typed = () => (form ? formFields(form) : {});
  const page: RecoveryPage = {
    path: location.pathname,
    storage,
    online: () => navigator.onLine,
    onOnline: (then) => window.addEventListener('online', then, { once: true }),
    document,
    reload: () => location.reload(),
    say: (notice) => sayOnPage(failed.formId, notice, () => keepTyped(storage, failed.formId, typed())),
  };
  return recover(page, { ...failed, typed });
}
