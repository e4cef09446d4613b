/**
 * The other engines' prefetch (src/lib/routes/prefetch-on-intent.ts), on a
 * fake document: what it fetches on a hover, a focus and a press, how it
 * says so, and that it stays idle where speculation rules exist and before a
 * press with Save-Data on.
 */
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { HOVER_DELAY, prefetchOnIntent } from '../../../src/lib/routes/prefetch-on-intent';

const ORIGIN = 'https://site.test';

class FakeElement {
  constructor(
    public href: string,
    private attributes: Record<string, string> = {},
  ) {}
  closest() {
    return this;
  }
  matches(selectors: string) {
    return selectors.split(/,\s*/).some((s) => {
      const name = /^\[([\w-]+)/.exec(s)?.[1];
      return name !== undefined && name !== 'href' && name in this.attributes;
    });
  }
}

function setup({ speculationRules = false, saveData = false } = {}) {
  const listeners = new Map<string, ((event: { target: unknown }) => void)[]>();
  const fetches: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('Element', FakeElement);
  vi.stubGlobal('HTMLScriptElement', { supports: (type: string) => speculationRules && type === 'speculationrules' });
  vi.stubGlobal('navigator', saveData ? { connection: { saveData: true } } : {});
  vi.stubGlobal('location', { href: `${ORIGIN}/services` });
  vi.stubGlobal('document', {
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      fetches.push({ url: url.href, init });
      return { arrayBuffer: async () => new ArrayBuffer(0) };
    }),
  );
  prefetchOnIntent(['/login', '/admin']);
  const fire = (type: string, target: unknown) => (listeners.get(type) ?? []).forEach((listener) => listener({ target }));
  return { listeners, fetches, fire };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetch on intent', () => {
  it('does nothing where speculation rules exist', () => {
    const { listeners } = setup({ speculationRules: true });
    expect(listeners.size).toBe(0);
  });

  it('fetches a page once after a hover that lasts, saying it is a prefetch', () => {
    const { fetches, fire } = setup();
    const about = new FakeElement(`${ORIGIN}/about#team`);
    fire('mouseover', about);
    vi.advanceTimersByTime(HOVER_DELAY - 1);
    expect(fetches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fetches).toEqual([
      { url: `${ORIGIN}/about`, init: { credentials: 'same-origin', priority: 'low', headers: { Purpose: 'prefetch' } } },
    ]);
    fire('mouseover', about);
    fire('pointerdown', about);
    vi.advanceTimersByTime(HOVER_DELAY);
    expect(fetches).toHaveLength(1);
  });

  it('forgets a hover that does not last, and counts a keyboard focus', () => {
    const { fetches, fire } = setup();
    fire('mouseover', new FakeElement(`${ORIGIN}/about`));
    fire('mouseout', new FakeElement(`${ORIGIN}/about`));
    vi.advanceTimersByTime(HOVER_DELAY * 2);
    expect(fetches).toEqual([]);
    fire('focusin', new FakeElement(`${ORIGIN}/contact`));
    vi.advanceTimersByTime(HOVER_DELAY);
    expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/contact`]);
  });

  it('fetches on a press at once, never sign-in, the CMS, a query, a file, another site or a marked link', () => {
    const { fetches, fire } = setup();
    for (const href of ['/login', '/admin/config.json', '/search?q=x', '/rss.xml', 'https://elsewhere.test/about'])
      fire('pointerdown', new FakeElement(new URL(href, ORIGIN).href));
    fire('touchstart', new FakeElement(`${ORIGIN}/about`, { download: '' }));
    expect(fetches).toEqual([]);
    fire('touchstart', new FakeElement(`${ORIGIN}/about`));
    expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/about`]);
  });

  it('with Save-Data on, requests nothing before a press', () => {
    const { listeners, fetches, fire } = setup({ saveData: true });
    expect([...listeners.keys()].sort()).toEqual(['pointerdown', 'touchstart']);
    fire('mouseover', new FakeElement(`${ORIGIN}/about`));
    vi.advanceTimersByTime(HOVER_DELAY * 2);
    expect(fetches).toEqual([]);
    fire('pointerdown', new FakeElement(`${ORIGIN}/about`));
    expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/about`]);
  });
});
