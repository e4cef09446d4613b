/**
 * Recovering a form island whose code cannot load (src/lib/forms/recovery.ts):
 * which press is kept and which may be carried out after a reload, one reload
 * per page and deploy, never while offline or prerendered, and what the
 * reloaded page finds. The page is a fake (storage, connection, document).
 */
import { describe, it, expect, vi } from 'vitest';
import {
  hasRecovery,
  keepTyped,
  keptValues,
  nextPress,
  recover,
  recoveryStep,
  replaysAfterReload,
  takeRecovery,
  type FailedLoad,
  type Press,
  type PressEvent,
  type RecoveryPage,
} from '../../../src/lib/forms/recovery';
import { draftKey } from '../../../src/lib/forms/early-input';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

/** A full storage (or a policy) refuses every write. */
class RefusingStorage extends MemoryStorage {
  setItem = () => {
    throw new Error('QuotaExceededError');
  };
}

const press = (...events: PressEvent[]) => events.reduce<Press | undefined>(nextPress, undefined);

describe('the kept press', () => {
  it('a click on a submit button is kept unvalidated; its submit event (the browser found it valid) validates it', () => {
    expect(press({ type: 'submit-click', button: 0 })).toEqual({ kind: 'submit', button: 0, validated: false });
    expect(press({ type: 'submit-click', button: 0 }, { type: 'submit', button: 0 })).toEqual({
      kind: 'submit',
      button: 0,
      validated: true,
    });
  });

  it('an edit after a submit press cancels it, validated or not: nothing is sent in the middle of a correction', () => {
    expect(press({ type: 'submit-click', button: 0 }, { type: 'edit' })).toBeUndefined();
    expect(press({ type: 'submit-click', button: 0 }, { type: 'submit', button: 0 }, { type: 'edit' })).toBeUndefined();
    // Pressed again after the correction: kept again.
    expect(press({ type: 'submit', button: 0 }, { type: 'edit' }, { type: 'submit', button: 0 })).toMatchObject({ validated: true });
  });

  it('a script-only button ("Forgot password?") survives typing; the last press wins', () => {
    expect(press({ type: 'button-click', button: 1 }, { type: 'edit' })).toEqual({ kind: 'click', button: 1 });
    expect(press({ type: 'submit', button: 0 }, { type: 'button-click', button: 1 })).toEqual({ kind: 'click', button: 1 });
  });

  it('after a reload only a validated submit with no edit since, or a button, is carried out, never on a form with a password', () => {
    expect(replaysAfterReload(press({ type: 'submit', button: 0 }), false)).toBe(true);
    expect(replaysAfterReload(press({ type: 'submit-click', button: 0 }), false)).toBe(false);
    expect(replaysAfterReload(press({ type: 'submit', button: 0 }, { type: 'edit' }), false)).toBe(false);
    expect(replaysAfterReload(press({ type: 'button-click', button: 1 }), false)).toBe(true);
    expect(replaysAfterReload(press({ type: 'submit', button: 0 }), true)).toBe(false);
    expect(replaysAfterReload(undefined, false)).toBe(false);
  });
});

describe('recoveryStep', () => {
  it('reloads once per deploy, explains when the reload for this deploy did not help, and waits while offline', () => {
    expect(recoveryStep({ online: true, reloadedFor: null, deploy: '/_astro/A.1.js' })).toBe('reload');
    expect(recoveryStep({ online: true, reloadedFor: '/_astro/A.1.js', deploy: '/_astro/A.1.js' })).toBe('explain');
    // A later deploy while the tab stays open may reload again.
    expect(recoveryStep({ online: true, reloadedFor: '/_astro/A.1.js', deploy: '/_astro/A.2.js' })).toBe('reload');
    expect(recoveryStep({ online: false, reloadedFor: null, deploy: '/_astro/A.1.js' })).toBe('wait-online');
  });
});

/** A fake page: `goOnline()` fires the `online` listeners, `activate()` ends prerendering. */
function fakePage({ online = true, prerendering = false, storage = new MemoryStorage() as MemoryStorage } = {}) {
  const doc = Object.assign(new EventTarget(), { prerendering });
  const onlineListeners: (() => void)[] = [];
  const page = {
    path: '/contact',
    storage,
    online: vi.fn(() => online),
    onOnline: (then: () => void) => onlineListeners.push(then),
    document: doc,
    reload: vi.fn(),
    say: vi.fn(),
  } satisfies RecoveryPage;
  return {
    page,
    storage,
    goOnline() {
      online = true;
      onlineListeners.splice(0).forEach((then) => then());
    },
    activate() {
      doc.prerendering = false;
      doc.dispatchEvent(new Event('prerenderingchange'));
    },
  };
}

const failed = (over: Partial<FailedLoad> = {}): FailedLoad => ({
  formId: 'contact',
  deploy: '/_astro/ContactForm.A1.js',
  typed: () => ({ firstName: 'Ada', message: 'Hello' }),
  press: () => ({ kind: 'submit', button: 0, validated: true }),
  hasPassword: false,
  ...over,
});

describe('recover', () => {
  it('keeps what was typed, leaves the press for the reloaded page and reloads once; the reloaded page finds both', () => {
    const { page, storage } = fakePage();
    expect(recover(page, failed())).toBe('reload');
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(keptValues(storage, 'contact')).toEqual({ firstName: 'Ada', message: 'Hello' });
    expect(hasRecovery(storage, 'contact')).toBe(true);

    // The reloaded page (same deploy, the script fails again): the record is taken once, then the page explains.
    expect(takeRecovery(storage, 'contact', '/contact')).toEqual({
      path: '/contact',
      press: { kind: 'submit', button: 0, validated: true },
    });
    expect(takeRecovery(storage, 'contact', '/contact')).toBeNull();
    expect(recover(page, failed())).toBe('explain');
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.say).toHaveBeenCalledWith('failed');
  });

  it('leaves no press to carry out when it may not be (an unvalidated press, a form with a password): the page asks instead', () => {
    const { page, storage } = fakePage();
    recover(page, failed({ formId: 'sign-in', typed: () => ({ email: 'ada@example.com' }), hasPassword: true }));
    expect(takeRecovery(storage, 'sign-in', '/contact')).toEqual({ path: '/contact', press: null });
    expect([...storage.data.values()].join()).not.toContain('password');
  });

  it('a record left for another page is not carried out there', () => {
    const { page, storage } = fakePage();
    recover(page, failed());
    expect(takeRecovery(storage, 'contact', '/advertising')).toBeNull();
  });

  it('offline: says so, never reloads, and recovers with what is typed by then once the connection is back', () => {
    const { page, storage, goOnline } = fakePage({ online: false });
    let message = 'Hello';
    expect(recover(page, failed({ typed: () => ({ message }) }))).toBe('wait-online');
    expect(page.say).toHaveBeenCalledWith('offline');
    expect(page.reload).not.toHaveBeenCalled();

    message = 'Hello again';
    goOnline();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(keptValues(storage, 'contact').message).toBe('Hello again');
    expect(takeRecovery(storage, 'contact', '/contact')?.press).toMatchObject({ validated: true });
  });

  it('an edit while waiting for the connection cancels the press: the reloaded page asks instead of sending', () => {
    const { page, storage, goOnline } = fakePage({ online: false });
    let kept: Press | undefined = press({ type: 'submit', button: 0 });
    recover(page, failed({ press: () => kept }));
    kept = nextPress(kept, { type: 'edit' });
    goOnline();
    expect(takeRecovery(storage, 'contact', '/contact')).toEqual({ path: '/contact', press: null });
  });

  it('a prerendered page reloads only once it is shown', () => {
    const { page, activate } = fakePage({ prerendering: true });
    expect(recover(page, failed())).toBe('reload');
    expect(page.reload).not.toHaveBeenCalled();
    activate();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('without storage nothing could come back and the guard could not hold: it never reloads, it explains', () => {
    const { page } = fakePage({ storage: new RefusingStorage() });
    expect(recover(page, failed())).toBe('explain');
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.say).toHaveBeenCalledWith('failed');
  });
});

describe('keepTyped', () => {
  it('writes the islands’ draft format over what the draft held, and keeps its row id only for the same values', () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey('contact'), JSON.stringify({ values: { firstName: 'Ada', email: 'ada@example.com' }, rowId: 'row-1' }));
    keepTyped(storage, 'contact', { firstName: 'Ada' });
    expect(JSON.parse(storage.getItem(draftKey('contact'))!)).toEqual({
      values: { firstName: 'Ada', email: 'ada@example.com' },
      rowId: 'row-1',
    });
    keepTyped(storage, 'contact', { firstName: 'Grace' });
    expect(JSON.parse(storage.getItem(draftKey('contact'))!)).toEqual({
      values: { firstName: 'Grace', email: 'ada@example.com' },
      rowId: null,
    });
  });

  it('stores nothing for an untouched form', () => {
    const storage = new MemoryStorage();
    keepTyped(storage, 'contact', { firstName: '', message: '' });
    expect(storage.data.size).toBe(0);
  });
});
