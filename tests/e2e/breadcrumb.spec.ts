/**
 * Every blog post shows its breadcrumb trail (Home › Blog › post) as a named
 * navigation, and its links lead home and to the blog (that the trail is
 * whole in the window on phone and desktop is checked in each page's visit,
 * ./visit.spec.ts). That the trail is the post's BreadcrumbList, link for link,
 * is tests/build/blog.test.ts's.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';
import { blogRoute } from '../../src/lib/routes/build';
import type { UiCopy } from '../../src/lib/content/schemas';

const manifest = readManifest('content');
const posts = manifest.routes.filter((r) => r.kind === 'post');
const blog = blogRoute(manifest.routes)!;
const ui = (parse(readFileSync('content/ui.yaml', 'utf8')) as { ui: UiCopy }).ui;

test('the site has posts and a blog', () => {
  expect(posts.length).toBeGreaterThan(0);
  expect(blog).toBeDefined();
});

for (const post of posts) {
  test(`${post.path}: the trail is visible and links home and to the blog`, async ({ page }) => {
    await page.goto(post.path);
    const trail = page.getByRole('navigation', { name: ui.breadcrumb });
    await expect(trail).toBeVisible();
    const links = trail.getByRole('link');
    await expect(links).toHaveCount(3);
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(links.nth(2)).toHaveAttribute('aria-current', 'page');
    await expect(links.nth(0)).not.toHaveAttribute('aria-current');

    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${blog.path}$`));
    await page.goBack();
    await page.getByRole('navigation', { name: ui.breadcrumb }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
  });
}
