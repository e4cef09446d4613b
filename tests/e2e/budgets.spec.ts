/**
 * JavaScript each island needs for its first interaction, per island: nothing
 * runs at page load, so what a visitor's first press costs is the figure that
 * can grow. For every island component the build has (found in the pages'
 * HTML, not listed here), its first page is loaded, the visitor clicks its
 * first control (the window narrowed to a phone's when the island shows
 * nothing on a wide one, as the menu does) and moves on with Tab (which is
 * when the sign-in card loads its auth module); every script fetched from the
 * page load until the network is idle, mapped to its file in dist/, is weighed
 * gzip -9 against the island's budget (src/lib/deploy/gate/budgets.ts), so a
 * heavy dependency pulled into a form is caught.
 *
 * A form island (client:form) fetches its code before the first interaction and
 * runs it only on it (src/lib/islands/prefetch.ts): before the click, every module
 * of its graph (`data-preload`) has been requested and none has run (the
 * browser's script coverage); on the click, they all run, and none is asked for
 * again. The JavaScript at page load is checked in each page's visit (./visit.spec.ts).
 *
 * The first interaction, until the island is ready and what it loads after has arrived, runs no task longer
 * than the main-thread limit (./checks/main-thread.ts), as each page's load does in its visit.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { readDist, sitePages } from '../support/site-under-test';
import { networkQuiet, settle } from '../support/settle';
import { recordFigure } from '../support/figures';
import { BUDGETS, kb } from '../../src/lib/deploy/gate/budgets';
import { recordScripts, scriptWeight } from './checks/scripts';
import { TASK_LIMIT_MS, longTasks, longest, overLimit, pageClock, recordMainThread } from './checks/main-thread';

/** Each island component that waits for an interaction, with the first page that has it and whether it is a form island. */
function interactionIslands(): { component: string; path: string; form: boolean }[] {
  const islands = new Map<string, { path: string; form: boolean }>();
  for (const page of sitePages()) {
    for (const match of readDist(page.file).matchAll(/<astro-island\b[^>]*>/g)) {
      const component = /component-url="\/_astro\/([A-Za-z]+)\.[\w-]+\.js"/.exec(match[0])?.[1];
      const client = /\bclient="(interaction|form)"/.exec(match[0])?.[1];
      if (component && client && !islands.has(component)) islands.set(component, { path: page.path, form: client === 'form' });
    }
  }
  return [...islands].map(([component, island]) => ({ component, ...island }));
}

const islands = interactionIslands();
const CONTROL = 'button, input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

/** Start the browser's script coverage (counting from now). */
const countRuns = (page: Page) => page.coverage.startJSCoverage({ resetOnNavigation: false });
/** The scripts of the site (by path) of which some code ran since countRuns(); stops counting. */
async function ranScripts(page: Page): Promise<string[]> {
  const entries = await page.coverage.stopJSCoverage();
  return entries
    .filter((entry) => entry.functions.some((f) => f.ranges.some((range) => range.count > 0)))
    .map((entry) => new URL(entry.url).pathname)
    .filter((path) => path.endsWith('.js'));
}

test('every island that waits for an interaction has a budget, and every budget an island', () => {
  expect(islands.map((i) => i.component).sort()).toEqual(Object.keys(BUDGETS.island).sort());
});

islands.forEach(({ component, path, form }, order) => {
  const title = form ? 'fetched ahead, run on its first interaction,' : 'its first interaction stays';
  test(`${component} (${path}): ${title} within its JavaScript budget`, async ({ page }, testInfo) => {
    const island = `astro-island[component-url*="/${component}."]`;
    const scripts = recordScripts(page);
    await recordMainThread(page);
    if (form) await countRuns(page);
    await page.goto(path);
    await settle(page);
    let graph: string[] = [];
    if (form) {
      graph = (await page.locator(island).getAttribute('data-preload'))?.split(' ') ?? [];
      expect(
        graph.filter((script) => script.startsWith(`/_astro/${component}.`)),
        'the module graph the build wrote on the island',
      ).toHaveLength(1);
      // Fetched once the page has painted its content and the browser is idle: wait for it, never past the click.
      await expect
        .poll(
          () => graph.filter((script) => !scripts.paths().includes(script)),
          'modules of its graph not fetched before the first interaction',
        )
        .toEqual([]);
      await networkQuiet(page);
      expect(await ranScripts(page), 'scripts of the site run before the first interaction').toEqual([]);
      await countRuns(page);
    }
    let control = page.locator(`${island} :is(${CONTROL}):visible`).first();
    if ((await control.count()) === 0) {
      await page.setViewportSize({ width: 390, height: 844 });
      control = page.locator(`${island} :is(${CONTROL}):visible`).first();
    }
    await expect(control, 'a control the visitor can press').toHaveCount(1);
    const ahead = scripts.paths().length;
    scripts.mark();
    const pressed = await pageClock(page);
    await control.click();
    await page.locator(`${island}:not([ssr])`).waitFor({ state: 'attached' });
    if (form) await page.locator(`${island}[data-ready]`).waitFor({ state: 'attached' });
    const askedOnClick = scripts.paths();
    await page.keyboard.press('Tab');
    // What the island loads after it starts (the forms' notices and Supabase client, the sign-in card's auth module) has arrived.
    await networkQuiet(page);
    const firstInteraction = await longTasks(page, [[pressed, await pageClock(page)]]);
    // An island renders from React's scheduler (client.js, a MessagePort task): the test's name says which island.
    expect.soft(overLimit(firstInteraction), `${component}'s first interaction: tasks over ${TASK_LIMIT_MS} ms`).toEqual([]);
    if (form) {
      expect(await ranScripts(page), 'the first interaction runs the graph fetched ahead').toEqual(expect.arrayContaining(graph));
      expect(
        askedOnClick.filter((script) => graph.includes(script)),
        'modules of its graph asked for again on the click',
      ).toEqual([]);
    }

    scripts.mark(0);
    const loaded = scriptWeight(scripts.paths());
    const budget = BUDGETS.island[component as keyof typeof BUDGETS.island];
    expect(loaded.strangers, 'scripts that are not files of the build').toEqual([]);
    expect(loaded.files, 'the first interaction loads the island').toBeGreaterThan(0);
    expect(
      loaded.bytes,
      `${component}'s first interaction, gzip bytes (≤ ${kb(budget)} KB): ${scripts.paths().join(', ')}`,
    ).toBeLessThanOrEqual(budget);
    await recordFigure(testInfo, {
      table: `JavaScript of an island's first interaction, fetched ahead or on it (gzip -9 KB), and its longest task (ms, limit ${TASK_LIMIT_MS})`,
      columns: ['island', 'page', 'files', 'of them ahead', 'JS', 'budget', 'longest task'],
      row: [component, path, loaded.files, ahead, kb(loaded.bytes), kb(budget), longest(firstInteraction)],
      order,
    });
  });
});
