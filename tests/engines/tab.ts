/**
 * One browser tab, the same few actions in Firefox (Playwright over WebDriver
 * BiDi) and WebKit (classic WebDriver), so each check is written once and
 * runs in both. Targets are CSS selectors, optionally narrowed to the
 * element whose text is exactly `text`. Actions are a visitor's: real clicks
 * and key presses on elements scrolled into view.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { EngineName } from './browsers';
import { isElementRef, type ElementRef, type WebDriverSession } from './webdriver';

export type Target = string | { css: string; text: string };
export interface Viewport {
  width: number;
  height: number;
}
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

/** How long an action waits for its element. */
const ACTION_TIMEOUT_MS = 15_000;

export interface Tab {
  readonly engine: EngineName;
  /** Open a URL (absolute, or a path of the served site) and wait for its load event. */
  goto(url: string): Promise<void>;
  /** Run `fn` in the page with one JSON argument; promises are awaited. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  click(target: Target): Promise<void>;
  /** Replace a text field's value by typing. */
  fill(target: Target, value: string): Promise<void>;
  /** Choose the option with this label in a <select>. */
  select(target: Target, label: string): Promise<void>;
  /** Press a key on whatever has focus. */
  press(key: 'Enter' | 'Escape' | 'Tab'): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  url(): Promise<URL>;
  /** Errors the engine itself reported (Firefox's console), since the last call. */
  takeEngineErrors(): string[];
  close(): Promise<void>;
}

const describe = (target: Target) => (typeof target === 'string' ? target : `${target.css} "${target.text}"`);

/** In the page: the first element matching the target that is rendered, or null. */
function findInPage(target: Target): Element | null {
  const css = typeof target === 'string' ? target : target.css;
  const text = typeof target === 'string' ? undefined : target.text;
  const matches = [...document.querySelectorAll(css)].filter(
    (el) => text === undefined || (el.textContent ?? '').replace(/\s+/g, ' ').trim() === text,
  );
  return matches.find((el) => el.getClientRects().length > 0) ?? matches[0] ?? null;
}

/* ----------------------------------------------------------------------------
 * Playwright: the stock firefox-esr over WebDriver BiDi (or Playwright's own
 * Firefox or WebKit build where Debian's browsers are not available).
 * ------------------------------------------------------------------------- */

export async function playwrightTab(browser: Browser, viewport: Viewport, origin: string, engine: EngineName): Promise<Tab> {
  const context: BrowserContext = await browser.newContext({ viewport });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  const locate = (target: Target) => {
    const css = page.locator(typeof target === 'string' ? target : target.css);
    if (typeof target === 'string') return css.first();
    const exact = new RegExp(`^\\s*${target.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    return css.filter({ hasText: exact, visible: true }).first();
  };
  return {
    engine,
    async goto(url) {
      await page.goto(new URL(url, origin).href, { waitUntil: 'load' });
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (target) => locate(target).click(),
    // Typed key by key: Playwright's fill() over BiDi sets the value from script, which React's change tracking ignores.
    async fill(target, value) {
      const field = locate(target);
      await field.click();
      await field.press('ControlOrMeta+a');
      await field.press('Delete');
      await field.pressSequentially(value);
    },
    select: async (target, label) => void (await locate(target).selectOption({ label })),
    press: (key) => page.keyboard.press(key),
    async setViewport(v) {
      const current = page.viewportSize();
      if (current?.width !== v.width || current.height !== v.height) await page.setViewportSize(v);
    },
    url: async () => new URL(page.url()),
    takeEngineErrors: () => errors.splice(0),
    close: () => context.close(),
  };
}

/* ----------------------------------------------------------------------------
 * WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver).
 * ------------------------------------------------------------------------- */

const KEYS = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004' } as const;
/** Errors worth waiting out: the element is not there yet, still moving, or was re-rendered. */
const TRANSIENT = /no such element|not interactable|click intercepted|stale element|element not found/i;

export async function webkitTab(session: WebDriverSession, viewport: Viewport, origin: string): Promise<Tab> {
  let toolbar: number | undefined;
  const evaluate = <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
    session.execute<R>(`return (${fn.toString()}).call(null, arguments[0]);`, [arg ?? null]);

  /** The element, scrolled instantly to the middle of the viewport (the driver's own scrolling can lag behind). */
  async function element(target: Target): Promise<ElementRef> {
    const found = await session.execute<unknown>(
      `const el = (${findInPage.toString()})(arguments[0]);
       if (el) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
       return el;`,
      [target],
    );
    if (!isElementRef(found)) throw new Error(`no such element: ${describe(target)}`);
    return found;
  }

  /** Retries an action on an element until it works or the time is up. */
  async function act(target: Target, action: (el: ElementRef) => Promise<unknown>) {
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    for (;;) {
      try {
        await action(await element(target));
        return;
      } catch (error) {
        if (!TRANSIENT.test((error as Error).message) || Date.now() > deadline)
          throw new Error(`${describe(target)}: ${(error as Error).message}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
  }

  const tab: Tab = {
    engine: 'webkit',
    goto: async (url) => void (await session.navigate(new URL(url, origin).href)),
    evaluate,
    click: (target) => act(target, (el) => session.click(el)),
    fill: (target, value) =>
      act(target, async (el) => {
        await session.clear(el);
        await session.sendKeys(el, value);
      }),
    select: (target, label) =>
      act(target, async (el) => {
        const option = await session.execute<unknown>(
          `return [...arguments[0].options].find((o) => o.label === arguments[1] || o.text.trim() === arguments[1]) ?? null;`,
          [el, label],
        );
        if (!isElementRef(option)) throw new Error(`no such element: option "${label}"`);
        await session.click(option);
      }),
    press: (key) => session.pressKey(KEYS[key]),
    async setViewport({ width, height }) {
      const inner = () => evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
      let got = await inner();
      if (got.width === width && got.height === height) return;
      // The X server resizes the window after the command returns: read the page's size until it has settled.
      const settled = async (done: (size: { width: number; height: number }) => boolean) => {
        let last = await inner();
        for (let i = 0; i < 60; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const now = await inner();
          if (done(now) && now.width === last.width && now.height === last.height) return now;
          last = now;
        }
        return last;
      };
      // The window includes MiniBrowser's toolbar: its height is measured once, then added to the page's.
      if (toolbar === undefined) {
        await session.setWindowRect({ width, height });
        toolbar = height - (await settled((size) => size.width === width)).height;
      }
      await session.setWindowRect({ width, height: height + toolbar });
      got = await settled((size) => size.width === width && size.height === height);
      if (got.width !== width || got.height !== height)
        throw new Error(`WebKit viewport is ${got.width}x${got.height}, not ${width}x${height} (did the GTK settings apply?)`);
    },
    url: async () => new URL(await session.currentUrl()),
    takeEngineErrors: () => [],
    close: () => session.delete(),
  };
  await tab.setViewport(viewport);
  return tab;
}
