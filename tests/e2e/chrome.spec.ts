/** Shared chrome: header, footer, skip link, mobile menu; pages render without console errors. */
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { readManifest, servedPaths } from '../../src/lib/routes/manifest';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

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

test('header shows the logo, the main links and Login on wide screens', async ({ page, isMobile }) => {
  test.skip(isMobile, 'phones get the menu button instead');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: `${manifest.site.brand} home` })).toHaveAttribute('href', '/');
  const main = header.getByRole('navigation', { name: 'Main' });
  for (const link of nav.header) {
    await expect(main.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', fill(link.href));
  }
  await expect(header.getByRole('link', { name: nav.login.label })).toHaveAttribute('href', nav.login.href);
});

test('footer has the Platform, Company and Connect columns and the copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const column of nav.footer) {
    const group = footer.getByRole('navigation', { name: column.title });
    await expect(group.getByRole('heading', { name: column.title })).toBeVisible();
    for (const link of column.links) {
      await expect(group.getByRole('link', { name: link.label, exact: true }).first()).toHaveAttribute('href', fill(link.href));
    }
    if (column.social) {
      for (const profile of manifest.site.social) {
        const link = group.getByRole('link', { name: new RegExp(profile.label) });
        await expect(link).toHaveAttribute('href', profile.url);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    }
  }
  await expect(footer).toContainText(`© ${manifest.site.copyrightYear} ${manifest.site.brand}`);
});

test('the skip link is the first tab stop and moves focus to the main content', async ({ page, isMobile }) => {
  test.skip(isMobile, 'keyboard test on desktop');
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'the menu button only shows on small screens');

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

test.describe('every page renders without console errors or outside requests', () => {
  // The CMS at /admin is checked by tests/e2e/cms.spec.ts, with the GitHub and Netlify stubs it talks to.
  for (const { path } of servedPaths(manifest).filter((p) => p.path !== ADMIN_PATH)) {
    test(path, async ({ page, problems }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1')).toHaveCount(1);
      expect(problems.blockedRequests, 'requests leaving the site').toEqual([]);
    });
  }
});
