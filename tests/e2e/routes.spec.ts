/**
 * Every route of the manifest (content/) is prerendered: 200, exactly one
 * <h1>, its own title, description and canonical in the raw HTML; redirects
 * land on their target; unknown paths get the 404 page with status 404.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { readManifest, servedPaths } from '../../src/lib/routes/manifest';
import type { SearchCopy } from '../../src/lib/content/schemas';
import { absoluteUrl } from '../../src/lib/routes/urls';

const manifest = readManifest('content');
const notFound = (parse(readFileSync('content/search.yaml', 'utf8')) as { search: SearchCopy }).search.notFound;
const served = servedPaths(manifest);

test.describe('raw HTML of every route', () => {
  test.skip(({ isMobile }) => isMobile, 'server HTML is the same for every viewport');
  for (const { path, route, isAlias } of served) {
    test(`${path} answers 200 with its own h1, title, description and canonical`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html.match(/<h1[\s>]/g) ?? [], 'exactly one <h1>').toHaveLength(1);
      expect(html).toContain(`<title>${escapeHtml(route.meta.title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(route.meta.description)}"`);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      // An alias's canonical names the canonical path, so search engines index one URL.
      expect(canonical).toBe(absoluteUrl(manifest.site.host, route.path));
      if (isAlias) expect(canonical).not.toBe(absoluteUrl(manifest.site.host, path));
    });
  }
});

test('titles and descriptions are unique across pages', () => {
  const titles = manifest.routes.map((r) => r.meta.title);
  const descriptions = manifest.routes.map((r) => r.meta.description);
  expect(new Set(titles).size).toBe(titles.length);
  expect(new Set(descriptions).size).toBe(descriptions.length);
});

for (const { from, to } of manifest.redirects) {
  test(`${from} lands on ${to} under a static host`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

test.describe('not-found page', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });
  test('answers 404, says so, links home and logs the missing path', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    const response = await page.goto('/this/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(notFound.code, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.heading);
    await expect(page.locator('#main').getByRole('link', { name: notFound.home })).toHaveAttribute('href', '/');
    await expect(page.locator('#main')).toContainText(notFound.text.replace('{path}', '/this/does-not-exist'));
    await expect.poll(() => warnings.join('\n')).toContain('/this/does-not-exist');
  });
});

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
