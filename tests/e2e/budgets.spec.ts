/**
 * JavaScript loaded at page load, per page, on the phone and desktop
 * projects: every script the browser fetches until the network is idle
 * (islands that hydrate on idle included, nothing clicked or touched), mapped
 * to its file in dist/ and measured gzip -9. Budgets: 10 KB for pages without
 * a form or sign-in (no React runtime), 75 KB for the home page, 90 KB for a
 * page with a form island (detected in its HTML), 100 KB for /login.
 * Prints a table with each page's HTML and CSS figures beside it; their
 * budgets are the pre-publish check's (npm run check:dist, src/lib/deploy/gate/budgets.ts).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { BUDGETS, gzipSize, jsBudgetKind, kb, pageWeight } from '../../src/lib/deploy/gate/budgets';
import { table } from '../support/table';
import { servedFile } from '../../src/lib/deploy/dist-folder';
import { DIST, hasFormIsland, readDist, sitePages } from '../support/site-under-test';
import { settle } from '../support/settle';

const pages = sitePages();

test.describe('JavaScript budget at page load', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('every page stays within its JavaScript budget', async ({ page }, testInfo) => {
    test.setTimeout(30_000 + pages.length * 15_000);
    const rows: (string | number)[][] = [];
    const over: string[] = [];
    for (const { path, file, source } of pages) {
      const scripts = new Set<string>();
      const onResponse = (response: import('@playwright/test').Response) => {
        if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
      };
      page.on('response', onResponse);
      await page.goto(path);
      // Until client:idle islands have hydrated and everything they fetch has arrived.
      await settle(page);
      page.off('response', onResponse);

      let js = 0;
      for (const script of scripts) {
        const local = servedFile(decodeURIComponent(script), (file) => existsSync(join(DIST, file)));
        expect(local, `${path} loaded ${script}, which is not a file of the build`).toBeDefined();
        js += gzipSize(readFileSync(join(DIST, local!)));
      }
      const html = readDist(file);
      const kind = jsBudgetKind(path, hasFormIsland(html));
      const budget = BUDGETS.js[kind];
      if (js > budget) over.push(`${path} (${kind}): ${kb(js)} KB > ${kb(budget)} KB: ${[...scripts].join(', ')}`);
      const weight = pageWeight(DIST, file);
      rows.push([source === '404' ? '404 page' : path, kind, scripts.size, kb(js), kb(budget), kb(weight.html), kb(weight.css)]);
    }
    console.log(
      `\nJavaScript at page load, ${testInfo.project.name} (gzip -9 KB)\n` +
        table(['page', 'kind', 'files', 'JS', 'budget', 'HTML', 'CSS'], rows),
    );
    expect(over, 'pages over their JavaScript budget').toEqual([]);
  });
});
