/**
 * The client:form directive (src/directives/form.ts) on a fake page and a fake
 * form island: it hydrates on the first interaction after asking for the
 * island's whole graph, or at once for a draft or a session (on a prerendered
 * page only once it is activated); the recovery script is loaded only when it
 * has work (something to put back, a failed load with a press), gets the press
 * and the deploy, and while offline without it the page says so and waits.
 * The browser side of presses before readiness is tests/e2e/early-interaction*.
 */
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { ISLAND_READY, draftKey } from '../../../src/lib/forms/early-input';

const script = {
  resumeIsland: vi.fn((_form: unknown, _formId: string) => ({ recovered: false, press: null as unknown })),
  recoverOnPage: vi.fn((_failed: unknown, _form: unknown) => 'reload'),
  sayOnPage: vi.fn(),
};
const loadRecoveryScript = vi.fn(async () => script);
const fetchAll = vi.fn();
const prefetchIsland = vi.fn((_el: unknown) => fetchAll);
vi.mock('../../../src/lib/forms/recovery-script', async (original) => ({
  ...(await original<typeof import('../../../src/lib/forms/recovery-script')>()),
  loadRecoveryScript,
}));
vi.mock('../../../src/lib/islands/prefetch', () => ({ prefetchIsland }));

const { default: form } = await import('../../../src/directives/form');

/** Session storage: its entries are its own keys, as Object.keys(sessionStorage) reads them. */
function storage(entries: Record<string, string> = {}) {
  const methods = {
    getItem(this: Record<string, string>, key: string) {
      return Object.hasOwn(this, key) ? this[key] : null;
    },
    setItem(this: Record<string, string>, key: string, value: string) {
      this[key] = value;
    },
    removeItem(this: Record<string, string>, key: string) {
      delete this[key];
    },
  };
  return Object.assign(Object.create(methods), entries) as Storage & Record<string, string>;
}

function stubPage({ prerendering = false, session = storage(), local = storage(), onLine = true, hash = '' } = {}) {
  const region = { replaceChildren: vi.fn() };
  const template = { content: { cloneNode: () => 'offline words' } };
  const box = { querySelector: (selector: string) => (selector.startsWith('template') ? template : region) };
  const doc = Object.assign(new EventTarget(), {
    prerendering,
    querySelector: (selector: string) => (selector === '[data-island-notice="contact"]' ? box : null),
  });
  const win = new EventTarget();
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', win);
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('location', { hash, search: '', pathname: '/contact' });
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  return { doc, win, region };
}

/** A form island: its form with one submit button. */
function runDirective(value: string, formId = 'contact') {
  let resolveHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (resolveHydrated = resolve));
  const hydrate = vi.fn(async () => resolveHydrated());
  const load = vi.fn(async () => hydrate);
  const button = { type: 'submit', form: undefined as unknown, isConnected: true, closest: () => button, hasAttribute: () => false };
  const formElement = {
    id: formId,
    elements: [],
    querySelector: () => null,
    querySelectorAll: () => [button],
    requestSubmit: vi.fn(),
  };
  button.form = formElement;
  const el = Object.assign(new EventTarget(), {
    querySelector: () => formElement,
    getAttribute: (name: string) => (name === 'component-url' ? '/_astro/ContactForm.abc.js' : null),
    toggleAttribute: vi.fn(),
  }) as unknown as HTMLElement;
  form(load, { name: 'form', value }, el);
  return { load, hydrate, el, hydrated, formElement, button };
}

const tick = () => new Promise((resolve) => setTimeout(resolve));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('client:form', () => {
  it('has the whole graph fetched ahead, and on the first interaction fetches it before loading the island', async () => {
    stubPage();
    const { el, load, hydrated } = runDirective('draft:contact');
    expect(prefetchIsland).toHaveBeenCalledWith(el);
    await tick();
    expect(load).not.toHaveBeenCalled();
    expect(loadRecoveryScript).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('touchstart'));
    await hydrated;
    expect(fetchAll.mock.invocationCallOrder[0]).toBeLessThan(load.mock.invocationCallOrder[0]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('puts back a stored draft through the recovery script, only once a prerendered page is activated, then hydrates', async () => {
    const { doc } = stubPage({ prerendering: true, session: storage({ [draftKey('contact')]: '{"values":{}}' }) });
    const { load, hydrate, hydrated, formElement } = runDirective('draft:contact');
    await tick();
    expect(loadRecoveryScript).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    doc.prerendering = false;
    doc.dispatchEvent(new Event('prerenderingchange'));
    await hydrated;
    expect(script.resumeIsland).toHaveBeenCalledWith(formElement, 'contact');
    // Fetched side by side; the island hydrates from the fields put back.
    expect(script.resumeIsland.mock.invocationCallOrder[0]).toBeLessThan(hydrate.mock.invocationCallOrder[0]);
  });

  it('carries out the press a recovery reload left once the island is ready, or says what to press', async () => {
    stubPage({ session: storage({ 'island-recovery:contact': '{}' }) });
    script.resumeIsland.mockReturnValueOnce({ recovered: true, press: { kind: 'submit', button: 0, validated: true } });
    const { el, hydrated, formElement, button } = runDirective('draft:contact');
    await hydrated;
    el.dispatchEvent(new Event(ISLAND_READY));
    await tick();
    expect(formElement.requestSubmit).toHaveBeenCalledWith(button);
    expect(el.toggleAttribute).toHaveBeenCalledWith('data-ready', true);

    stubPage({ session: storage({ 'island-recovery:contact': '{}' }) });
    script.resumeIsland.mockReturnValueOnce({ recovered: true, press: null });
    const asked = runDirective('draft:contact');
    await asked.hydrated;
    asked.el.dispatchEvent(new Event(ISLAND_READY));
    await tick();
    expect(asked.formElement.requestSubmit).not.toHaveBeenCalled();
    expect(script.sayOnPage).toHaveBeenCalledWith('contact', 'reloaded');
  });

  it('hydrates the sign-in card at once when a session is stored, or when another tab stores one', async () => {
    stubPage({ local: storage({ 'sb-abcd-auth-token': '{}' }) });
    await runDirective('session', 'sign-in').hydrated;

    const { win } = stubPage();
    const { load, hydrated } = runDirective('session', 'sign-in');
    await tick();
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(Object.assign(new Event('storage'), { key: 'sb-abcd-auth-token' }));
    await hydrated;
  });

  it('a load that fails after a press that passed validation: the recovery script recovers with that press and the deploy', async () => {
    stubPage();
    const { el, button } = runDirective('draft:contact');
    el.dispatchEvent(new Event('astro:hydration-error'));
    await tick();
    expect(loadRecoveryScript).not.toHaveBeenCalled();
    el.dispatchEvent(Object.assign(new Event('submit', { cancelable: true }), { submitter: button }));
    await tick();
    expect(script.recoverOnPage).toHaveBeenCalledTimes(1);
    const [failed] = script.recoverOnPage.mock.calls[0] as unknown as [
      { formId: string; deploy: string; press: () => unknown; hasPassword: boolean },
    ];
    expect(failed).toMatchObject({ formId: 'contact', deploy: '/_astro/ContactForm.abc.js', hasPassword: false });
    expect(failed.press()).toEqual({ kind: 'submit', button: 0, validated: true });
  });

  it('offline without the recovery script: says so in the island’s notice, and recovers once the connection is back', async () => {
    const { win, region } = stubPage({ onLine: false });
    loadRecoveryScript.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { el, button } = runDirective('draft:contact');
    el.dispatchEvent(Object.assign(new Event('submit', { cancelable: true }), { submitter: button }));
    el.dispatchEvent(new Event('astro:hydration-error'));
    await tick();
    expect(region.replaceChildren).toHaveBeenCalledWith('offline words');
    expect(script.recoverOnPage).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('online'));
    await tick();
    expect(script.recoverOnPage).toHaveBeenCalledTimes(1);
  });
});
