/**
 * The client:interaction directive (src/directives/interaction.ts) on a
 * prerendered page: the checks that hydrate an island at once (a draft, a
 * session, a scrolled page) wait for the page's activation, and a loaded
 * page runs them at once as before.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import interaction, { whenShown } from '../../../src/directives/interaction';
import { draftKey } from '../../../src/lib/forms/early-input';

function fakeDocument(prerendering: boolean) {
  const target = new EventTarget() as EventTarget & { prerendering: boolean };
  target.prerendering = prerendering;
  return target;
}

function stubPage({ prerendering = false, scrollY = 0, session = {} as Record<string, string> }) {
  const doc = fakeDocument(prerendering);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', Object.assign(new EventTarget(), { scrollY }));
  vi.stubGlobal('location', { hash: '', search: '' });
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', {});
  return doc;
}

/** Runs the directive on a fake island; resolves `hydrated` once the island would have hydrated. */
function runDirective(value: string) {
  let resolveHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (resolveHydrated = resolve));
  // Astro's load() fetches the island's code and returns its hydrate function.
  const load = vi.fn(async () => async () => resolveHydrated());
  // An island without a form: no presses to keep (tests/e2e/early-interaction.spec.ts covers those).
  const el = Object.assign(new EventTarget(), { querySelector: () => null }) as unknown as HTMLElement;
  interaction(load, { name: 'interaction', value }, el);
  return { load, el, hydrated };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenShown', () => {
  it('runs at once on a loaded page, and on activation of a prerendered one', () => {
    const shown = vi.fn();
    whenShown(fakeDocument(false) as unknown as Document, shown);
    expect(shown).toHaveBeenCalledTimes(1);

    const prerendered = fakeDocument(true);
    const later = vi.fn();
    whenShown(prerendered as unknown as Document, later);
    expect(later).not.toHaveBeenCalled();
    prerendered.prerendering = false;
    prerendered.dispatchEvent(new Event('prerenderingchange'));
    prerendered.dispatchEvent(new Event('prerenderingchange'));
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('client:interaction on a prerendered page', () => {
  it('restores a stored draft only once the page is activated', async () => {
    const doc = stubPage({ prerendering: true, session: { [draftKey('contact')]: '{}' } });
    const { load, hydrated } = runDirective('draft:contact');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    doc.prerendering = false;
    doc.dispatchEvent(new Event('prerenderingchange'));
    await hydrated;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates a loaded page with a draft at once, and a scrolled one (the parallax) at its position', async () => {
    stubPage({ session: { [draftKey('contact')]: '{}' } });
    await runDirective('draft:contact').hydrated;
    stubPage({ scrollY: 300 });
    await runDirective('scroll').hydrated;
  });

  it('waits for the first scroll after activation, not before', async () => {
    const doc = stubPage({ prerendering: true });
    const { load, hydrated } = runDirective('scroll');
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    doc.prerendering = false;
    doc.dispatchEvent(new Event('prerenderingchange'));
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    await hydrated;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates on interaction, prerendered or not', async () => {
    stubPage({ prerendering: true });
    const { el, hydrated, load } = runDirective('');
    el.dispatchEvent(new Event('pointerdown'));
    await hydrated;
    expect(load).toHaveBeenCalledTimes(1);
  });
});
