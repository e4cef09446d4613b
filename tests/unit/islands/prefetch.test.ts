/**
 * Fetching a form island's code ahead (src/lib/islands/prefetch.ts), on a fake
 * page: when the module preloads are added (after the load event and the page's
 * contentful paints, when idle; on intent when sparing data; at once on the
 * first interaction), that they
 * request the island's graph, each module once, and that what an island loads
 * after its first render waits for idleness, and for nothing when sparing data.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { sparesData } from '../../../src/lib/islands/prefetch';

/** Paint timing as the browser reports it: observers of entry types, fed by `report`. */
function fakePaintTiming(supportedEntryTypes: string[]) {
  const observers: { types: string[]; callback: (list: { getEntries: () => { entryType: string; name: string }[] }) => void }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes;
    private entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { types: [], callback };
      observers.push(this.entry);
    }
    observe({ type }: { type: string }) {
      this.entry.types.push(type);
    }
    disconnect() {
      this.entry.types = [];
    }
  }
  const report = (entryType: string, name = '') =>
    observers.filter((o) => o.types.includes(entryType)).forEach((o) => o.callback({ getEntries: () => [{ entryType, name }] }));
  return { FakeObserver, report };
}

/**
 * A fake page: its <head>'s links, its listeners, its idle callbacks and frames, its paint timing (`paints`:
 * the entry types it reports), and one island in a section. A new module each time: it remembers what it preloaded.
 */
async function setup({ connection = {}, readyState = 'complete', paints = ['paint', 'largest-contentful-paint'] } = {}) {
  vi.resetModules();
  const { prefetchIsland, whenIdleAndWilling } = await import('../../../src/lib/islands/prefetch');
  const links: { rel: string; href: string }[] = [];
  const idle: (() => void)[] = [];
  const win = new EventTarget();
  const section = new EventTarget();
  const island = Object.assign(new EventTarget(), {
    getAttribute: (name: string) =>
      ({
        'data-preload': '/_astro/Form.a.js /_astro/react.b.js /_astro/client.c.js',
      })[name] ?? null,
    closest: (selector: string) => (selector === 'section' ? section : null),
  });
  vi.stubGlobal('navigator', { connection });
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  const timing = fakePaintTiming(paints);
  vi.stubGlobal('PerformanceObserver', timing.FakeObserver);
  vi.stubGlobal('document', {
    readyState,
    prerendering: false,
    addEventListener: () => {},
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => links.push(link) },
  });
  const fetchNow = prefetchIsland(island as unknown as HTMLElement);
  const hrefs = () => links.map((l) => `${l.rel} ${l.href}`);
  const runFrames = () => frames.splice(0).forEach((run) => run());
  const runIdle = () => idle.splice(0).forEach((run) => run());
  /** The page paints its content, then the browser is idle. */
  const settle = () => {
    timing.report('paint', 'first-contentful-paint');
    timing.report('largest-contentful-paint');
    runFrames();
    runFrames();
    runIdle();
  };
  return { hrefs, runIdle, runFrames, settle, report: timing.report, fetchNow, win, island, section, whenIdleAndWilling };
}

afterEach(() => vi.unstubAllGlobals());

describe('sparesData', () => {
  it('is Save-Data or a 2G connection, and nothing where the browser does not say', () => {
    expect(sparesData({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(sparesData({ effectiveType: 'slow-2g' })).toBe(true);
    expect(sparesData({ effectiveType: '2g' })).toBe(true);
    expect(sparesData({ effectiveType: '3g' })).toBe(false);
    expect(sparesData({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(sparesData(undefined)).toBe(false);
  });
});

describe('prefetchIsland', () => {
  it('preloads the graph when idle after load, once the page has painted its content', async () => {
    const { hrefs, runIdle, report } = await setup();
    runIdle();
    report('paint', 'first-paint');
    report('paint', 'first-contentful-paint');
    runIdle();
    expect(hrefs(), 'no largest contentful paint yet').toEqual([]);
    report('largest-contentful-paint');
    expect(hrefs(), 'painted, not idle yet').toEqual([]);
    runIdle();
    expect(hrefs()).toEqual(['modulepreload /_astro/Form.a.js', 'modulepreload /_astro/react.b.js', 'modulepreload /_astro/client.c.js']);
  });

  it('where the browser reports no paint: two frames; where it reports none for a while (a background tab): 3 s', async () => {
    const old = await setup({ paints: [] });
    old.runFrames();
    old.runIdle();
    expect(old.hrefs(), 'one frame').toEqual([]);
    old.runFrames();
    old.runIdle();
    expect(old.hrefs()).toHaveLength(3);

    vi.useFakeTimers();
    try {
      const hidden = await setup();
      vi.advanceTimersByTime(2999);
      hidden.runIdle();
      expect(hidden.hrefs()).toEqual([]);
      vi.advanceTimersByTime(1);
      hidden.runIdle();
      expect(hidden.hrefs()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the load event of a page still loading', async () => {
    const { hrefs, settle, win } = await setup({ readyState: 'interactive' });
    settle();
    expect(hrefs()).toEqual([]);
    win.dispatchEvent(new Event('load'));
    settle();
    expect(hrefs()).toContain('modulepreload /_astro/Form.a.js');
  });

  it('sparing data: nothing until intent on the form section', async () => {
    const { hrefs, settle, section } = await setup({ connection: { saveData: true } });
    settle();
    expect(hrefs()).toEqual([]);
    section.dispatchEvent(new Event('pointerover'));
    expect(hrefs()).toEqual(['modulepreload /_astro/Form.a.js', 'modulepreload /_astro/react.b.js', 'modulepreload /_astro/client.c.js']);
  });

  it('fetches at once on the first interaction, and asks for each module once', async () => {
    const { hrefs, settle, fetchNow } = await setup({ connection: { effectiveType: '2g' } });
    fetchNow();
    expect(hrefs()).toHaveLength(3);
    fetchNow();
    settle();
    expect(hrefs()).toHaveLength(3);
  });
});

describe('whenIdleAndWilling', () => {
  it('runs when the browser is idle, and never for a visitor sparing data', async () => {
    const willing = await setup();
    const run = vi.fn();
    willing.whenIdleAndWilling(run);
    expect(run).not.toHaveBeenCalled();
    willing.runIdle();
    expect(run).toHaveBeenCalledTimes(1);

    const sparing = await setup({ connection: { effectiveType: 'slow-2g' } });
    const never = vi.fn();
    sparing.whenIdleAndWilling(never);
    sparing.runIdle();
    expect(never).not.toHaveBeenCalled();
  });
});
