/**
 * The header's menu on a phone: no JavaScript until it is touched, then it
 * opens as a dialog, marks its state for assistive technology, takes focus,
 * traps Tab and closes with Escape; without JavaScript it still opens (a
 * native popover) and its links work; its search link leads to the search
 * page. Phone project only; each page's menu is checked in its visit.
 */
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { readManifest } from '../../src/lib/routes/manifest';
import { fill as fillPlaceholders } from '../../src/lib/content/placeholders';
import type { SearchCopy } from '../../src/lib/content/schemas';

const manifest = readManifest('content');
const { nav } = manifest.site;
const fill = (href: string) => href.replace('{slug}', manifest.site.slug);

/**
 * The expanded state Chromium gives assistive technology for an element. The
 * menu button has no aria-expanded (HTML forbids it beside popovertarget):
 * the browser derives the state from the popover, so read it from the
 * accessibility tree.
 */
async function expandedState(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const value = nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value;
    return value === undefined ? undefined : Boolean(value);
  } finally {
    await cdp.detach();
  }
}

test.describe('mobile menu', () => {
  test('loads no JavaScript until touched, then opens, traps focus and closes with Escape', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/services/managed-business');
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((s) => /MobileMenu|client\./.test(s)),
      'no menu or React code before interaction',
    ).toEqual([]);

    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).not.toHaveAttribute('aria-expanded');
    expect(await expandedState(page, '[popovertarget]')).toBe(false);
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await waitForIsland(page, '[popovertarget]');
    await expect.poll(() => expandedState(page, '[popovertarget]')).toBe(true);
    for (const link of nav.header) {
      await expect(menu.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', fill(link.href));
    }
    // Focus moves into the menu and Tab cycles inside it (button + links).
    await expect(menu.getByRole('link').first()).toBeFocused();
    const stops = (await menu.getByRole('link').count()) + 1;
    for (let i = 0; i < stops; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect.poll(() => expandedState(page, '[popovertarget]')).toBe(false);
    await expect(button).toBeFocused();
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 839 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });
});

test("the menu's search link leads to the search page", async ({ page }) => {
  const copy = (parse(readFileSync('content/search.yaml', 'utf8')) as { search: SearchCopy }).search;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fillPlaceholders(copy.page.heading, { brand: manifest.site.brand }));
});
