/**
 * What only a browser shows of the routes: each old path that leads elsewhere
 * (content/redirects.yaml, renamed pages: dist/_redirects) lands on its target
 * under a static host (the meta-refresh page the build writes there; Netlify
 * answers it with the 301 of dist/_redirects, which the pre-publish check
 * compares; the build tests serve it as Netlify does), and an unknown
 * path gets the 404 page with status 404, its words and the missing path
 * logged; the paths no visit loads (aliases, /404 itself) serve a page with
 * one <h1> and no console error or request leaving the site (the pages a
 * visitor loads are checked in their visits, ./visit.spec.ts). That every
 * route is built with its own <h1>, title, description and canonical is read
 * from dist/ by tests/build/routes.test.ts.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { readManifest, servedPaths } from '../../src/lib/routes/manifest';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';
import { earlierPaths, sitePages } from '../support/site-under-test';
import type { SearchCopy } from '../../src/lib/content/schemas';

const manifest = readManifest('content');
const notFound = (parse(readFileSync('content/search.yaml', 'utf8')) as { search: SearchCopy }).search.notFound;

for (const { from, to } of earlierPaths().moved) {
  test(`${from} lands on ${to} under a static host`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

const visited = new Set(sitePages().map((p) => p.path));
const unvisited = servedPaths(manifest).filter((p) => p.path !== ADMIN_PATH && !visited.has(p.path));

test('some served paths are left to this spec (aliases)', () => {
  expect(unvisited.length).toBeGreaterThan(0);
});

for (const { path } of unvisited) {
  test(`${path} serves a page without console errors or outside requests`, async ({ page, problems }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1')).toHaveCount(1);
    expect(problems.blockedRequests, 'requests leaving the site').toEqual([]);
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
