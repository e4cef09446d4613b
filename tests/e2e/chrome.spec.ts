/**
 * Shared chrome on wide screens: the header's logo, links and Login, the
 * footer's columns and copyright, the skip link. The phone's menu is
 * ./menu.phone.spec.ts's; every page's header, menu and console are checked
 * in its visit (./visit.spec.ts).
 */
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';

const manifest = readManifest('content');
const { nav } = manifest.site;
const fill = (href: string) => href.replace('{slug}', manifest.site.slug);

test('header shows the logo, the main links and Login on wide screens', async ({ page }) => {
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

test('the skip link is the first tab stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
