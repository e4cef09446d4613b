/**
 * When a form island's code cannot load (a deploy removed the page's hashed
 * scripts, the network dropped the request, the phone is offline), nothing the
 * visitor typed or pressed may be lost, and nothing may happen twice:
 *
 * - what is typed before the island is ready is kept in the form's draft
 *   (session storage, as the islands keep theirs), never a password;
 * - the press the visitor made is kept as a `Press`; an edit after a submit
 *   press cancels it (the visitor is correcting the form);
 * - on a failure with a press, the page reloads once per page and deploy (the
 *   island's hashed script URL names the deploy), never while offline (it waits
 *   for `online`) and never while prerendered (it waits for activation);
 *   if that reload cannot help, the page says so and offers a way on;
 * - after the reload, the fields are put back and only a submit that passed the
 *   browser's validation, with no edit after it, on a form without a password,
 *   is carried out by itself; otherwise the page says what to press.
 *
 * Used through the recovery script (./recovery-script.ts) by the `client:form`
 * directive (src/directives/form.ts), the forms when what sending needs cannot
 * load, and the sign-in card when its auth module cannot load; the directive
 * keeps presses with `nextPress` itself. No React here.
 */
import { draftKey } from './early-input';

/** A press kept until the island is ready: a submit (with whether it passed validation) or a script-only button. */
export type Press = { kind: 'submit'; button: number; validated: boolean } | { kind: 'click'; button: number };

/** What happened on the form, for `nextPress`. `button` is the index of the button among the form's buttons. */
export type PressEvent =
  | { type: 'submit-click'; button: number }
  | { type: 'submit'; button: number }
  | { type: 'button-click'; button: number }
  | { type: 'edit' };

/**
 * The press to keep after `event`. A click on a submit button is kept unvalidated (the browser validates it
 * at once; its submit event, when valid, follows and validates it); any edit drops a submit press, validated
 * or not: a press is never carried out in the middle of a correction.
 */
export function nextPress(current: Press | undefined, event: PressEvent): Press | undefined {
  switch (event.type) {
    case 'submit-click':
      return { kind: 'submit', button: event.button, validated: false };
    case 'submit':
      return { kind: 'submit', button: event.button, validated: true };
    case 'button-click':
      return { kind: 'click', button: event.button };
    case 'edit':
      return current?.kind === 'submit' ? undefined : current;
  }
}

/** Whether a press asks for the island now (a failed load is then recovered at once): a valid submit or a button. */
export const isDecided = (press: Press | undefined): press is Press => press !== undefined && (press.kind === 'click' || press.validated);

/**
 * Whether `press` may be carried out by itself after a reload: a submit that passed validation with no edit
 * since, or a script-only button; never on a form holding a password (the password is not kept).
 */
export const replaysAfterReload = (press: Press | undefined, hasPassword: boolean): boolean => isDecided(press) && !hasPassword;

export type RecoveryStep = 'reload' | 'wait-online' | 'explain';

/** What to do about a failed load: reload (once per page and deploy), wait for the connection, or explain. */
export function recoveryStep({
  online,
  reloadedFor,
  deploy,
}: {
  online: boolean;
  reloadedFor: string | null;
  deploy: string;
}): RecoveryStep {
  if (!online) return 'wait-online';
  return reloadedFor === deploy ? 'explain' : 'reload';
}

const RELOADED = 'island-reloaded:';
const RECOVERY = 'island-recovery:';

/** What the reloaded page finds: the press to carry out, or null when it must ask the visitor instead. */
export interface RecoveryRecord {
  path: string;
  press: Press | null;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read<T>(storage: Store | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(storage: Store | undefined, key: string, value: unknown) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the reload then restores nothing, and the guard cannot hold, so it does not reload.
  }
}

/** The deploy a recovery reload of `path` was made for, if any. */
export const reloadedFor = (storage: Store | undefined, path: string): string | null => read<string>(storage, RELOADED + path);

/** Take (read and remove) the recovery record of `formId` left for this page by a recovery reload. */
export function takeRecovery(storage: Store | undefined, formId: string, path: string): RecoveryRecord | null {
  const record = read<RecoveryRecord>(storage, RECOVERY + formId);
  if (!record) return null;
  try {
    storage?.removeItem(RECOVERY + formId);
  } catch {
    /* nothing stored */
  }
  return record.path === path ? record : null;
}

/** Whether a recovery record waits for `formId` (the directive then hydrates the island at once). */
export const hasRecovery = (storage: Store | undefined, formId: string): boolean => read(storage, RECOVERY + formId) !== null;

/**
 * Keep what was typed into the form's draft (`form-draft:<id>`, the islands' own format), over what it held.
 * A draft's row id (a send under way) stays only while the values are those it was made for.
 */
export function keepTyped(storage: Store | undefined, formId: string, typed: Record<string, string>): void {
  const stored = read<{ values?: Record<string, string>; rowId?: string | null }>(storage, draftKey(formId));
  const before = stored?.values ?? {};
  const values = { ...before, ...typed };
  const same = Object.keys(typed).every((name) => before[name] === typed[name]);
  if (!stored && Object.values(typed).every((v) => v === '')) return;
  write(storage, draftKey(formId), { values, rowId: same ? (stored?.rowId ?? null) : null });
}

/** The values kept in the form's draft, to put back into its fields. */
export const keptValues = (storage: Store | undefined, formId: string): Record<string, string> =>
  read<{ values?: Record<string, string> }>(storage, draftKey(formId))?.values ?? {};

/** Runs `show` once the page is shown: now, or on activation of a prerendered page. */
export function whenShown(doc: Pick<Document, 'addEventListener'> & { prerendering?: boolean }, show: () => void): void {
  if (doc.prerendering) doc.addEventListener('prerenderingchange', () => show(), { once: true });
  else show();
}

/** What `recover` works with: the page, injected so it can be tested without a browser. */
export interface RecoveryPage {
  path: string;
  storage: Store | undefined;
  online: () => boolean;
  /** Waits for the connection to come back. */
  onOnline: (then: () => void) => void;
  document: Pick<Document, 'addEventListener'> & { prerendering?: boolean };
  reload: () => void;
  /** Tells the visitor (content/forms.yaml › pageUpdate). */
  say: (notice: 'offline' | 'failed') => void;
}

export interface FailedLoad {
  formId: string;
  /** The island's hashed script URL: names the deploy the page was built with. */
  deploy: string;
  /** What is typed (no password), kept before anything else; read again after waiting for the connection. */
  typed: () => Record<string, string>;
  /** The press kept now (an edit while waiting for the connection cancels it). */
  press: () => Press | undefined;
  hasPassword: boolean;
}

/**
 * Recover from an island whose code did not load: keep what was typed, then reload once for this page and
 * deploy (when shown) leaving the press for the reloaded page, or wait for the connection, or explain.
 * Returns the step taken.
 */
export function recover(page: RecoveryPage, failed: FailedLoad): RecoveryStep {
  keepTyped(page.storage, failed.formId, failed.typed());
  const step = recoveryStep({ online: page.online(), reloadedFor: reloadedFor(page.storage, page.path), deploy: failed.deploy });
  if (step === 'wait-online') {
    page.say('offline');
    page.onOnline(() => recover(page, failed));
  } else if (step === 'explain') {
    page.say('failed');
  } else {
    const kept = failed.press();
    const press = replaysAfterReload(kept, failed.hasPassword) ? (kept ?? null) : null;
    write(page.storage, RECOVERY + failed.formId, { path: page.path, press } satisfies RecoveryRecord);
    write(page.storage, RELOADED + page.path, failed.deploy);
    // Without storage the guard cannot hold (and nothing would come back): never reload then.
    if (reloadedFor(page.storage, page.path) !== failed.deploy) {
      page.say('failed');
      return 'explain';
    }
    whenShown(page.document, page.reload);
  }
  return step;
}
