/**
 * The prefetch on intent (src/lib/routes/prefetch-on-intent.ts), on a fake
 * document: what it fetches on a hover, a focus and a press, how it says so,
 * that it leaves pages to the speculation rules where they exist, that it
 * preloads the picture a link's page leads with in every engine, and that it
 * requests nothing before a press with Save-Data on.
 */
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { HOVER_DELAY, LEAD_PICTURE, leadPictureAttributes, prefetchOnIntent } from '../../../src/lib/routes/prefetch-on-intent';

const ORIGIN = 'https://site.test';

class FakeElement {
  constructor(
    public href: string,
    private attributes: Record<string, string> = {},
  ) {}
  closest() {
    return this;
  }
  /** The data-* attributes, as the DOM's dataset names them (data-lead-srcset: leadSrcset). */
  get dataset() {
    return Object.fromEntries(
      Object.entries(this.attributes)
        .filter(([name]) => name.startsWith('data-'))
        .map(([name, value]) => [name.slice(5).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()), value]),
    );
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
  /** The preloads added to the head, as their properties. */
  const preloads: Record<string, string>[] = [];
  vi.stubGlobal('Element', FakeElement);
  vi.stubGlobal('HTMLScriptElement', { supports: (type: string) => speculationRules && type === 'speculationrules' });
  vi.stubGlobal('navigator', saveData ? { connection: { saveData: true } } : {});
  vi.stubGlobal('location', { href: `${ORIGIN}/services` });
  vi.stubGlobal('document', {
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    createElement: (tag: string) => ({ tag }),
    head: { append: (element: Record<string, string>) => preloads.push({ ...element }) },
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
  return { listeners, fetches, preloads, fire };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetch on intent', () => {
  it('leaves pages to the speculation rules where they exist', () => {
    const { fetches, fire } = setup({ speculationRules: true });
    fire('mouseover', new FakeElement(`${ORIGIN}/about`));
    vi.advanceTimersByTime(HOVER_DELAY);
    fire('pointerdown', new FakeElement(`${ORIGIN}/contact`));
    expect(fetches).toEqual([]);
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

  describe('the picture a link names', () => {
    const lead = { imagesrcset: '/_astro/a.avif 360w, /_astro/b.avif 720w', imagesizes: 'calc(100vw - 32px)', type: 'image/avif' };
    const post = () => new FakeElement(`${ORIGIN}/post/photo`, leadPictureAttributes(lead));

    it('is preloaded once on intent, in every engine, as its page will show it', () => {
      const expected = {
        tag: 'link',
        rel: 'preload',
        as: 'image',
        imageSrcset: lead.imagesrcset,
        imageSizes: lead.imagesizes,
        type: lead.type,
      };
      for (const speculationRules of [false, true]) {
        const { preloads, fetches, fire } = setup({ speculationRules });
        fire('mouseover', post());
        vi.advanceTimersByTime(HOVER_DELAY);
        fire('pointerdown', post());
        expect(preloads).toEqual([expected]);
        // The page itself as before: fetched where there are no speculation rules, left to them where there are.
        expect(fetches.map((f) => f.url)).toEqual(speculationRules ? [] : [`${ORIGIN}/post/photo`]);
        vi.unstubAllGlobals();
      }
    });

    it('is named on a link only when the page leads with one; a link without it preloads nothing', () => {
      expect(leadPictureAttributes(undefined)).toEqual({});
      expect(leadPictureAttributes({ imagesrcset: 'a.webp 1w', imagesizes: '1px' })).toEqual({
        [LEAD_PICTURE.imagesrcset]: 'a.webp 1w',
        [LEAD_PICTURE.imagesizes]: '1px',
      });
      const { preloads, fetches, fire } = setup();
      fire('pointerdown', new FakeElement(`${ORIGIN}/about`));
      fire('pointerdown', new FakeElement(`${ORIGIN}/post/plain`, leadPictureAttributes({ imagesrcset: 'a.webp 1w', imagesizes: '1px' })));
      expect(preloads).toEqual([{ tag: 'link', rel: 'preload', as: 'image', imageSrcset: 'a.webp 1w', imageSizes: '1px', type: '' }]);
      expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/about`, `${ORIGIN}/post/plain`]);
    });

    it('with Save-Data on, waits for a press', () => {
      const { preloads, fire } = setup({ saveData: true });
      fire('mouseover', post());
      vi.advanceTimersByTime(HOVER_DELAY * 2);
      expect(preloads).toEqual([]);
      fire('touchstart', post());
      expect(preloads).toHaveLength(1);
    });
  });
});
