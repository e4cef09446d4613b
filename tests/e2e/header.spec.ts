/**
 * The header and its menu on every page (WCAG 1.4.10, 1.4.4, 2.4.11): held
 * sideways (740×360) and at 400% zoom (320×256) the open menu scrolls within
 * the window and every link and Login can be reached by keyboard and pointer;
 * the current page is marked with aria-current in both navigations; in forced
 * colours every button keeps a painted edge. One load per page. Then, once:
 * the menu's links are followed, and the header fits (or switches to the
 * menu) at every width and at 200% text. Desktop project: the tests set their
 * own viewports.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { sitePages } from '../support/site-under-test';
import { applyCondition, condition } from '../support/layout';

const pages = sitePages();
const label = (p: { path: string; source: string }) => (p.source === '404' ? '404 page' : p.path);
const MENU_BUTTON = 'header button[popovertarget="mobile-menu"]';
const PANEL = '#mobile-menu';

/** Open the menu as a visitor does and wait until the island moved focus into it. */
async function openMenu(page: Page) {
  await page.locator(MENU_BUTTON).click();
  await expect(page.locator(PANEL)).toBeVisible();
  await expect(page.locator(`${PANEL} a`).first()).toBeFocused();
}

/** Hrefs of the header's links, outside the menu or in it, that carry aria-current="page" (or, `all`, that lead to `path`). */
const headerLinks = (page: Page, inMenu: boolean, path?: string) =>
  page.evaluate(
    ({ inMenu, path }) =>
      [...document.querySelectorAll<HTMLAnchorElement>('body > header a')]
        .filter((a) => Boolean(a.closest('#mobile-menu')) === inMenu && a.getAttribute('href') !== '/')
        .filter((a) => (path === undefined ? a.getAttribute('aria-current') === 'page' : a.getAttribute('href') === path))
        .map((a) => a.getAttribute('href')),
    { inMenu, path },
  );
const currentLinks = (page: Page, inMenu: boolean) => headerLinks(page, inMenu);

/** Problems with the open menu's links: focus or the link itself outside the window, or covered. */
async function menuProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const links = page.locator(`${PANEL} a`);
  const count = await links.count();
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
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    await link.scrollIntoViewIfNeeded();
    const hit = await link.evaluate((a) => {
      const r = a.getBoundingClientRect();
      const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { text: a.textContent?.trim(), reachable: Boolean(under && a.contains(under)) && r.bottom <= innerHeight + 0.5 && r.top >= 0 };
    });
    if (!hit.reachable) problems.push(`${where}: "${hit.text}" cannot be reached with the pointer`);
  }
  return problems;
}

test.describe('header and menu on every page', () => {
  test.skip(({ isMobile }) => isMobile, 'the tests set their own viewports');
  test.use({ allowConsoleErrors: [/status of 404/], reducedMotion: 'reduce' });

  for (const sitePage of pages) {
    test(label(sitePage), async ({ page }) => {
      await page.goto(sitePage.path);
      const path = sitePage.source === '404' ? '-' : sitePage.path;
      const [wide, menu] = [await headerLinks(page, false, path), await headerLinks(page, true, path)];
      const problems: string[] = [];

      // Wide: the full navigation marks the page; in forced colours every button has a painted edge.
      expect(await currentLinks(page, false), 'aria-current in the header').toEqual(wide);
      await page.emulateMedia({ forcedColors: 'active' });
      const edgeless = await page.evaluate(() =>
        // Filled and outlined buttons; btn-link is a text link (underlined), not a button.
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
      expect(edgeless, 'buttons without a painted edge in forced colours').toEqual([]);
      await page.emulateMedia({ forcedColors: 'none' });

      // Small windows: the menu opens, marks the page, and every link can be reached.
      for (const c of [condition({ width: 320, height: 256 }), condition({ width: 740, height: 360 })]) {
        await applyCondition(page, c);
        await openMenu(page);
        expect(await currentLinks(page, true), `aria-current in the menu at ${c.name}`).toEqual(menu);
        problems.push(...(await menuProblems(page, c.name)));
        await page.keyboard.press('Escape');
        await expect(page.locator(PANEL)).toBeHidden();
      }
      expect(problems, 'menu links a visitor cannot reach').toEqual([]);
    });
  }

  test('every menu link is followed from the open menu, held sideways', async ({ page }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await page.goto('/');
    const hrefs = await page.locator(`${PANEL} a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) {
      await openMenu(page);
      const link = page.locator(`${PANEL} a[href="${href}"]`);
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === href || url.pathname === `${href}.html`);
      expect(await currentLinks(page, true), `${href} marks itself in the menu`).toEqual([href]);
    }
  });

  test('the header shows every link whole, or the menu, at every width and at 200% text', async ({ page }) => {
    await page.goto('/about');
    const problems: string[] = [];
    const conditions = [320, 390, 667, 740, 768, 800, 900, 1000, 1024, 1100, 1280, 1440].map((width) => condition({ width, height: 700 }));
    conditions.push(
      condition({ width: 1280, height: 800, rootText: 200 }),
      condition({ width: 390, height: 844, rootText: 200 }),
      condition({ width: 1280, height: 800, textSpacing: true }),
    );
    for (const c of conditions) {
      await applyCondition(page, c);
      const state = await page.evaluate(() => {
        const header = document.querySelector('body > header')!;
        const shown = (el: Element) => (el as HTMLElement).checkVisibility();
        const menu = header.querySelector('button[popovertarget]');
        const links = [...header.querySelectorAll('a')].filter((a) => !a.closest('#mobile-menu') && shown(a));
        const cut = links
          .filter((a) => {
            const r = a.getBoundingClientRect();
            // Whole in the window, and no text wider than its box (no clipped "Log" for Login).
            return r.left < 0 || r.right > innerWidth + 0.5 || a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1;
          })
          .map((a) => a.textContent?.trim() || a.getAttribute('aria-label'));
        return { menu: Boolean(menu && shown(menu)), links: links.length, cut };
      });
      if (state.cut.length) problems.push(`${c.name}: cut ${state.cut.join(', ')}`);
      // Either the menu button or the full navigation (logo, six links, search, Login).
      if (!state.menu && state.links < 9) problems.push(`${c.name}: neither the menu nor every link (${state.links})`);
    }
    expect(problems).toEqual([]);
  });
});
