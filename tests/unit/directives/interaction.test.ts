/**
 * The client:interaction directive (src/directives/interaction.ts): an island
 * hydrates on the first interaction, or on the first scroll with "scroll";
 * on a prerendered page the scroll check waits for the page's activation,
 * and a loaded page runs it at once.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import interaction, { whenShown } from '../../../src/directives/interaction';

function fakeDocument(prerendering: boolean) {
  const target = new EventTarget() as EventTarget & { prerendering: boolean };
  target.prerendering = prerendering;
  return target;
}

function stubPage({ prerendering = false, scrollY = 0 }) {
  const doc = fakeDocument(prerendering);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', Object.assign(new EventTarget(), { scrollY }));
  return doc;
}

/** Runs the directive on a fake island; resolves `hydrated` once the island would have hydrated. */
function runDirective(value: string | boolean) {
  let resolveHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (resolveHydrated = resolve));
  // Astro's load() fetches the island's code and returns its hydrate function.
  const load = vi.fn(async () => async () => resolveHydrated());
  const el = new EventTarget() as unknown as HTMLElement;
  interaction(load, { name: 'interaction', value: value as string }, el);
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

describe('client:interaction', () => {
  it('hydrates on the first interaction, once, and not before', async () => {
    stubPage({});
    const { el, hydrated, load } = runDirective(true);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('pointerdown'));
    el.dispatchEvent(new Event('keydown'));
    await hydrated;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates a scrolled page (the parallax) at its position at once', async () => {
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
    const { el, hydrated, load } = runDirective(true);
    el.dispatchEvent(new Event('focusin'));
    await hydrated;
    expect(load).toHaveBeenCalledTimes(1);
  });
});
