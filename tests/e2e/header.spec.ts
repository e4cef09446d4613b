/**
 * The header once, beyond what each page's visit checks (./visit.spec.ts:
 * aria-current, forced colours, the menu at 400% zoom and held sideways):
 * every link of the menu is followed from the open menu, held sideways, and
 * marks its page; the header shows every link whole, or the menu button, at
 * every width from 320 to 1440 px and at 200% text (WCAG 1.4.4, 1.4.10).
 */
import { test, expect } from './fixtures';
import { MENU_PANEL, currentLinks, openMenu } from './checks/header';
import { applyCondition, condition } from './checks/layout';

test.describe('header', () => {
  test.use({ reducedMotion: 'reduce' });

  test('every menu link is followed from the open menu, held sideways', async ({ page }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await page.goto('/');
    const hrefs = await page.locator(`${MENU_PANEL} a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) {
      await openMenu(page);
      const link = page.locator(`${MENU_PANEL} a[href="${href}"]`);
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
