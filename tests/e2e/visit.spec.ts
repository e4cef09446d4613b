/**
 * One visit per page and viewport, every page-level check on it. Each page a
 * visitor can load (the sitemap's, the manifest's others such as /login and
 * /search, and the 404 page) is loaded once in the desktop project and once in
 * the phone project, under the headers Netlify publishes (dist/_headers and
 * netlify.toml: ./published-headers.ts), and checked in this order:
 *
 * - the answer: its status, one <h1>, a breadcrumb trail (where the page has
 *   one) whole in the window;
 * - JavaScript at page load within the page's budget (src/lib/deploy/gate/budgets.ts): a form page's
 *   includes its form's code, fetched ahead and run on the first interaction (./budgets.spec.ts);
 * - axe (WCAG 2.0/2.1/2.2 A and AA, best practices), decorative layers only inert and hidden;
 * - desktop: the focus walk, every tab stop with a visible indicator of at least 3:1;
 * - the first scroll, which starts the parallax hero, so late code runs under the policy too;
 * - the main thread: no task of the site's own (the load until it settled, the first scroll) over the
 *   limit of ./checks/main-thread.ts;
 * - the look: the whole page's picture at rest, compared with its
 *   committed baseline (./checks/look.ts; tests/e2e/looks/<project>/);
 * - the text whose contrast axe could not decide (over a gradient or a layer: "incomplete"), decided
 *   from the pixels behind it (./checks/contrast.ts);
 * - desktop: aria-current in the header; in forced colours every button keeps its edge; then,
 *   with reduced motion, the menu in small windows (400% zoom, a phone held sideways): it
 *   opens, marks the page, and each link can be reached by keyboard and pointer (on the
 *   home page and the pages the menu links to: each state the menu has); then
 *   reflow, twice the text and text spacing at 320, 390 and 1280 px (WCAG 1.4.4, 1.4.10, 1.4.12);
 * - phone: the layout at the phone's own size, the menu opened with a tap, marking the
 *   page, each link reachable (as on the desktop, once for each state of the menu);
 * - last: no CSP violation, no request leaving the site, no request to it that failed; the
 *   fixture adds no console error (a 404 among them, but on the 404 page), page error or
 *   unexpected Supabase call.
 *
 * Failures are soft: a failing check names itself, the test names the page and the
 * project, and the other checks still run. Figures (JavaScript per page, the lowest
 * focus contrast, each look's size and time) are printed as tables when the run ends (tests/support/figures-reporter.ts).
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { applyPublishedHeaders, violations } from './published-headers';
import { hasFormIsland, readDist, sitePages, type SitePage } from '../support/site-under-test';
import { networkQuiet, settle } from '../support/settle';
import { recordFigure } from '../support/figures';
import { BUDGETS, jsBudgetKind, kb } from '../../src/lib/deploy/gate/budgets';
import { recordScripts, scriptWeight } from './checks/scripts';
import { FOCUS_CONTRAST, walkFocus } from './checks/focus';
import { buttonsWithoutEdge, closeMenu, currentLinks, headerLinks, menuProblems, openMenu } from './checks/header';
import { applyCondition, condition, describeProblems, layoutProblems } from './checks/layout';
import { axe, describeViolations } from './checks/axe';
import { decideContrast, faintText, undecidedTargets } from './checks/contrast';
import { TASK_LIMIT_MS, longTasks, longest, overLimit, pageClock, recordMainThread } from './checks/main-thread';
import { compareLook, compareState, lookName } from './checks/look';
import type { UiCopy } from '../../src/lib/content/schemas';

/** The menu where the header has least room: 400% zoom of a 1280×1024 window, a phone held sideways. */
const MENU_CONDITIONS = [condition({ width: 320, height: 256 }), condition({ width: 740, height: 360 })];
const REFLOW_CONDITIONS = [
  condition({ width: 320, height: 640 }),
  condition({ width: 390, height: 844 }),
  condition({ width: 390, height: 844, rootText: 200 }),
  condition({ width: 390, height: 844, textSpacing: true }),
  condition({ width: 1280, height: 800, rootText: 200 }),
  condition({ width: 1280, height: 800, textSpacing: true }),
];

const ui = (parse(readFileSync('content/ui.yaml', 'utf8')) as { ui: UiCopy }).ui;
const pages = sitePages();
const label = (p: SitePage) => (p.source === '404' ? '404 page' : p.path);

/** Run one check; an error it throws fails the test softly, under the check's name, and the visit goes on. */
async function check(name: string, run: () => Promise<void>) {
  await test.step(name, async () => {
    try {
      await run();
    } catch (error) {
      expect.soft(String(error).split('\n').slice(0, 6).join('\n'), `${name}: threw`).toBe('');
    }
  });
}

/** Wait until the page has stopped scrolling: the same scroll position two frames apart. */
const scrollSettled = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let last = -1; last !== scrollY; await frame(), await frame()) last = scrollY;
  });

/** Scroll back to the top once the page has stopped moving (the header is fixed: over scrolled text it is not an overlap a visitor sees at rest). */
async function toTop(page: Page) {
  await scrollSettled(page);
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  await scrollSettled(page);
}

test.describe.configure({ timeout: 150_000 });

pages.forEach((sitePage, order) => {
  const notFound = sitePage.source === '404';
  test.describe(() => {
    // The 404 page's own status is the one 404 a visit may meet.
    test.use({ allowConsoleErrors: notFound ? [/status of 404/] : [] });

    test(label(sitePage), async ({ page, problems, isMobile }, testInfo) => {
      const html = readDist(sitePage.file);
      const scripts = recordScripts(page);
      // Requests to the site that fail without an answer (those leaving it are blocked, and reported apart).
      const failed: string[] = [];
      page.on('requestfailed', (request) => {
        if (/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(request.url()))
          failed.push(`${request.url()}: ${request.failure()?.errorText}`);
      });
      await applyPublishedHeaders(page);
      await recordMainThread(page);
      const response = await page.goto(sitePage.path);
      await settle(page);
      // The site's own work: the load until it settled, and the first scroll (below); the checks' work in the page is not.
      const siteWork: [number, number][] = [[0, await pageClock(page)]];
      // The header's links that lead to this page: those must say aria-current="page".
      const here = notFound ? '-' : sitePage.path;
      const [leadHere, leadHereInMenu] = [await headerLinks(page, false, here), await headerLinks(page, true, here)];
      // The menu is the frame's: the same links on every page, but for the one it marks. Whether each link
      // can be reached is asked once of each state it has: on the home page (none marked) and on each page it
      // leads to; which link it marks, on every page.
      const menuState = sitePage.path === '/' || leadHereInMenu.length > 0;

      await check('the page', async () => {
        expect.soft(response?.status(), 'status').toBe(notFound ? 404 : 200);
        await expect.soft(page.locator('h1'), 'one <h1>').toHaveCount(1);
        const trail = page.getByRole('navigation', { name: ui.breadcrumb }).getByRole('link');
        const width = page.viewportSize()!.width;
        for (const link of await trail.all()) {
          const box = await link.boundingBox();
          expect
            .soft(box && box.x >= 0 && box.x + box.width <= width, `breadcrumb link "${await link.textContent()}" inside ${width} px`)
            .toBe(true);
        }
      });

      await check('JavaScript at page load', async () => {
        const loaded = scriptWeight(scripts.paths());
        const kind = jsBudgetKind(sitePage.path, hasFormIsland(html));
        const budget = BUDGETS.js[kind];
        expect.soft(loaded.strangers, 'scripts that are not files of the build').toEqual([]);
        expect
          .soft(loaded.bytes, `JavaScript at page load, gzip bytes (${kind}: ≤ ${kb(budget)} KB): ${scripts.paths().join(', ')}`)
          .toBeLessThanOrEqual(budget);
        await recordFigure(testInfo, {
          table: 'JavaScript fetched at page load (gzip -9 KB; a form page its form, run on the first interaction)',
          columns: ['page', 'kind', 'files', 'JS', 'budget'],
          row: [label(sitePage), kind, loaded.files, kb(loaded.bytes), kb(budget)],
          order,
        });
      });

      // The text whose contrast axe could not decide, decided from the pixels after the first scroll.
      let undecided: string[] = [];
      await check('axe', async () => {
        // Pure decoration is exempt from contrast (WCAG 1.4.3, "Incidental"): the hero's faint floating
        // words sit in an inert, aria-hidden layer, which axe (as Lighthouse) leaves out by itself.
        // Only such layers may be marked decorative, so nothing a reader needs is skipped.
        const decorative = await page
          .locator('[data-decorative]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-hidden') === 'true' && el.hasAttribute('inert')));
        expect.soft(decorative.every(Boolean), 'data-decorative only on inert, aria-hidden elements').toBe(true);
        const results = await axe(page).analyze();
        expect.soft(describeViolations(results.violations), 'axe violations').toEqual([]);
        undecided = undecidedTargets(results);
      });

      if (!isMobile) {
        await check('focus walk', async () => {
          const walk = await walkFocus(page);
          expect.soft(walk.stops.length, 'tab stops').toBeGreaterThan(1);
          expect.soft(walk.invisible, 'tab stops without a visible focus indicator').toEqual([]);
          expect.soft(walk.faint, `focus indicators under ${FOCUS_CONTRAST}:1 against what they are drawn over`).toEqual([]);
          await recordFigure(testInfo, {
            table: 'Focus indicator contrast, the lowest of each page',
            columns: ['page', 'tab stops', 'lowest', 'where'],
            row: [label(sitePage), walk.stops.length, `${walk.lowest.ratio.toFixed(2)}:1`, walk.lowest.id],
            order,
          });
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        });
      }

      await check('the first scroll', async () => {
        // Islands that wait for the first scroll (the parallax hero) hydrate under the policy too.
        const from = await pageClock(page);
        await page.mouse.move(5, 5);
        await page.mouse.wheel(0, 400);
        // The wheel scrolls smoothly, after the call returns.
        await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
        if (html.includes('data-parallax-hero')) await waitForIsland(page, '[data-parallax-hero]');
        await toTop(page);
        siteWork.push([from, await pageClock(page)]);
      });

      await check('main thread', async () => {
        const [load, scroll] = [await longTasks(page, siteWork.slice(0, 1)), await longTasks(page, siteWork.slice(1))];
        expect.soft(overLimit([...load, ...scroll]), `tasks over ${TASK_LIMIT_MS} ms at load or on the first scroll`).toEqual([]);
        await recordFigure(testInfo, {
          table: `Longest main-thread task, ms (over 50 ms; limit ${TASK_LIMIT_MS})`,
          columns: ['page', 'at load', 'first scroll'],
          row: [label(sitePage), longest(load), longest(scroll)],
          order,
        });
      });

      // At rest (the hero hydrated, back at the top) and before any check resizes or re-emulates the page.
      await check('look', async () => {
        const from = performance.now();
        const { height, bytes } = await compareLook(page, lookName(sitePage.path, notFound));
        await recordFigure(testInfo, {
          table: "Look: each page's picture, the whole page (its baseline: lossless WebP)",
          columns: ['page', 'page px', 'baseline KB', 'ms'],
          row: [label(sitePage), height, bytes ? kb(bytes) : '-', Math.round(performance.now() - from)],
          order,
        });
      });

      await check('contrast axe could not decide', async () => {
        const started = performance.now();
        const decided = await decideContrast(page, undecided);
        expect.soft(faintText(decided), 'text under WCAG 1.4.3’s ratio against the pixels behind it (axe: incomplete)').toEqual([]);
        const lowest = decided.reduce((low, d) => (d.ratio !== null && d.ratio < low.ratio ? { ratio: d.ratio, target: d.target } : low), {
          ratio: Infinity,
          target: '-',
        });
        await recordFigure(testInfo, {
          table: 'Text axe could not decide for contrast, decided from the pixels behind it',
          columns: ['page', 'texts', 'lowest', 'where', 'ms'],
          row: [
            label(sitePage),
            decided.length,
            decided.length ? `${lowest.ratio.toFixed(2)}:1` : '-',
            lowest.target,
            Math.round(performance.now() - started),
          ],
          order,
        });
      });

      if (!isMobile) {
        await check('header', async () => {
          expect.soft(await currentLinks(page, false), 'aria-current in the header').toEqual(leadHere);
          await page.emulateMedia({ forcedColors: 'active' });
          expect.soft(await buttonsWithoutEdge(page), 'buttons without a painted edge in forced colours').toEqual([]);
          await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'reduce' });
        });

        if (menuState)
          await check('menu in small windows', async () => {
            const unreachable: string[] = [];
            for (const c of MENU_CONDITIONS) {
              await applyCondition(page, c);
              await openMenu(page);
              expect.soft(await currentLinks(page, true), `aria-current in the menu at ${c.name}`).toEqual(leadHereInMenu);
              unreachable.push(...(await menuProblems(page, c.name)));
              await closeMenu(page);
            }
            expect.soft(unreachable, 'menu links a visitor cannot reach').toEqual([]);
          });

        await check('reflow, text size and text spacing', async () => {
          await toTop(page);
          const seen: string[] = [];
          for (const c of REFLOW_CONDITIONS) {
            await applyCondition(page, c);
            seen.push(...describeProblems(c.name, await layoutProblems(page)));
          }
          expect.soft(seen, 'reflow, text size and text spacing: what a visitor sees go wrong').toEqual([]);
        });
      } else {
        await check('layout on the phone', async () => {
          const { width, height } = page.viewportSize()!;
          expect
            .soft(describeProblems(`${width}×${height}`, await layoutProblems(page)), 'layout on the phone: what a visitor sees go wrong')
            .toEqual([]);
        });

        await check('menu', async () => {
          await openMenu(page, { tap: true });
          // The menu is the frame's, the same on every page: its picture once, over the home page.
          if (sitePage.path === '/') await compareState(page, 'menu-open');
          expect.soft(await currentLinks(page, true), 'aria-current in the menu').toEqual(leadHereInMenu);
          if (menuState) expect.soft(await menuProblems(page, 'phone'), 'menu links a visitor cannot reach').toEqual([]);
          await closeMenu(page);
        });
      }

      await check('under the published headers', async () => {
        await networkQuiet(page);
        expect.soft(await violations(page), 'CSP violations').toEqual([]);
        expect.soft(problems.blockedRequests, 'requests leaving the site').toEqual([]);
        expect.soft(failed, 'requests to the site that failed').toEqual([]);
      });
    });
  });
});

// A page's baseline lives as long as its page: one left by a removed or renamed page would be compared
// with nothing and kept in every clone for ever. A run names them; `--update-snapshots` deletes them.
test('every page picture has its page', () => {
  const testInfo = test.info();
  const folder = dirname(testInfo.snapshotPath(lookName('/', false)));
  const names = new Set(pages.map((p) => lookName(p.path, p.source === '404')));
  const orphans = (existsSync(folder) ? readdirSync(folder) : []).filter(
    (file) => file.endsWith('.webp') && !file.startsWith('state-') && !names.has(file),
  );
  const accepting = ['all', 'changed'].includes(testInfo.config.updateSnapshots);
  if (!accepting) {
    expect(orphans, `page pictures in ${relative(process.cwd(), folder)} whose page is gone (--update-snapshots deletes them)`).toEqual([]);
    return;
  }
  for (const file of orphans) {
    rmSync(join(folder, file));
    console.log(`look: ${relative(process.cwd(), join(folder, file))} deleted (its page is gone)`);
  }
});
