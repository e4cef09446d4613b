/**
 * Fetching a form island's code ahead (src/lib/islands/prefetch.ts), on a fake
 * page: when the module preloads are added (after the load event, when idle;
 * on intent when sparing data; at once on the first interaction), that they
 * request the island's graph, each module once, and that what an island loads
 * after its first render waits for idleness, and for nothing when sparing data.
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { sparesData } from '../../../src/lib/islands/prefetch';

/** A fake page: its <head>'s links, its listeners, its idle callbacks, and one island in a section. A new module each time: it remembers what it preloaded. */
async function setup({ connection = {}, readyState = 'complete' } = {}) {
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
  /** Two frames (the page has painted), then what waits for idleness. */
  const settle = () => {
    runFrames();
    runFrames();
    runIdle();
  };
  return { hrefs, runIdle, runFrames, settle, fetchNow, win, island, section, whenIdleAndWilling };
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
  it('preloads the graph when idle after load, once the page has painted', async () => {
    const { hrefs, runIdle, runFrames } = await setup();
    runIdle();
    runFrames();
    runIdle();
    expect(hrefs(), 'one frame: not painted for sure').toEqual([]);
    runFrames();
    expect(hrefs(), 'painted, not idle yet').toEqual([]);
    runIdle();
    expect(hrefs()).toEqual(['modulepreload /_astro/Form.a.js', 'modulepreload /_astro/react.b.js', 'modulepreload /_astro/client.c.js']);
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
