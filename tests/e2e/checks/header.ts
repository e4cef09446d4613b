/**
 * The header and its menu as the checks read them (WCAG 1.4.10, 1.4.4,
 * 2.4.11, 1.4.11): which links mark the current page, whether every link of
 * the open menu can be reached by keyboard and pointer, and which buttons lose
 * their edge in forced colours.
 */
import { expect, type Page } from '@playwright/test';

export const MENU_BUTTON = 'header button[popovertarget="mobile-menu"]';
export const MENU_PANEL = '#mobile-menu';

/** Open the menu as a visitor does (a tap on a touch screen) and wait until the island moved focus into it. */
export async function openMenu(page: Page, { tap = false } = {}) {
  const button = page.locator(MENU_BUTTON);
  await (tap ? button.tap() : button.click());
  await expect(page.locator(MENU_PANEL)).toBeVisible();
  await expect(page.locator(`${MENU_PANEL} a`).first()).toBeFocused();
}

export async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.locator(MENU_PANEL)).toBeHidden();
}

/** Hrefs of the header's links, outside the menu or in it, that carry aria-current="page" (or, given `path`, that lead to it). */
export const headerLinks = (page: Page, inMenu: boolean, path?: string) =>
  page.evaluate(
    ({ inMenu, path }) =>
      [...document.querySelectorAll<HTMLAnchorElement>('body > header a')]
        .filter((a) => Boolean(a.closest('#mobile-menu')) === inMenu && a.getAttribute('href') !== '/')
        .filter((a) => (path === undefined ? a.getAttribute('aria-current') === 'page' : a.getAttribute('href') === path))
        .map((a) => a.getAttribute('href')),
    { inMenu, path },
  );

/** Hrefs of the header's links that carry aria-current="page" (in the open menu, or outside it). */
export const currentLinks = (page: Page, inMenu: boolean) => headerLinks(page, inMenu);

/** Problems with the open menu's links: focus or the link itself outside the window, or covered. */
export async function menuProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const count = await page.locator(`${MENU_PANEL} a`).count();
  // Keyboard: Tab walks the links; each focused one is wholly in the window.
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent?.trim(),
        inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5,
      };
    });
    if (!state.inside) problems.push(`${where}: focus on "${state.text}" outside the window`);
  }
  // Pointer: each link scrolls into view and is the element under its centre.
  const unreachable = await page.locator(`${MENU_PANEL} a`).evaluateAll((anchors) =>
    anchors
      .filter((a) => {
        a.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
        const r = a.getBoundingClientRect();
        const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(Boolean(under && a.contains(under)) && r.bottom <= innerHeight + 0.5 && r.top >= 0);
      })
      .map((a) => a.textContent?.trim()),
  );
  for (const text of unreachable) problems.push(`${where}: "${text}" cannot be reached with the pointer`);
  return problems;
}

/** Visible filled and outlined buttons without a painted edge on all four sides (read under forced colours). */
export const buttonsWithoutEdge = (page: Page) =>
  page.evaluate(() =>
    // btn-link is a text link (underlined), not a button.
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, input[type="submit"], a.btn-primary, a.btn-secondary, a[class*="btn"]:not(.btn-link)',
      ),
    ]
      .filter((el) => el.checkVisibility() && !el.closest('[data-decorative]'))
      .filter((el) => {
        const s = getComputedStyle(el);
        const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
        return !sides.every(
          (side) =>
            parseFloat(s[`border${side}Width`]) >= 1 &&
            s[`border${side}Style`] !== 'none' &&
            s[`border${side}Color`] !== 'rgba(0, 0, 0, 0)',
        );
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`),
  );
