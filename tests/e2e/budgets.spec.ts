/**
 * JavaScript each island loads on its first interaction, per island: nothing
 * hydrates at page load, so what a visitor's first press costs is the figure
 * that can grow. For every island component the build has (found in the
 * pages' HTML, not listed here), its first page is loaded, the visitor clicks
 * its first control (the window narrowed to a phone's when the island shows
 * nothing on a wide one, as the menu does) and moves on with Tab (which is
 * when the sign-in card loads its auth module); every script fetched from the
 * click until the network is idle, mapped to its file in dist/, is weighed
 * gzip -9 against the island's budget (src/lib/deploy/gate/budgets.ts), so a
 * heavy dependency pulled into a form is caught. The JavaScript at page load
 * is checked in each page's visit (./visit.spec.ts).
 */
import { test, expect } from './fixtures';
import { readDist, sitePages } from '../support/site-under-test';
import { networkQuiet, settle } from '../support/settle';
import { recordFigure } from '../support/figures';
import { BUDGETS, kb } from '../../src/lib/deploy/gate/budgets';
import { recordScripts, scriptWeight } from './checks/scripts';

/** Each island component that waits for an interaction, with the first page that has it. */
function interactionIslands(): { component: string; path: string }[] {
  const islands = new Map<string, string>();
  for (const page of sitePages()) {
    for (const match of readDist(page.file).matchAll(/<astro-island\b[^>]*>/g)) {
      const component = /component-url="\/_astro\/([A-Za-z]+)\.[\w-]+\.js"/.exec(match[0])?.[1];
      if (component && /\bclient="interaction"/.test(match[0]) && !islands.has(component)) islands.set(component, page.path);
    }
  }
  return [...islands].map(([component, path]) => ({ component, path }));
}

const islands = interactionIslands();
const CONTROL = 'button, input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

test('every island that waits for an interaction has a budget, and every budget an island', () => {
  expect(islands.map((i) => i.component).sort()).toEqual(Object.keys(BUDGETS.island).sort());
});

islands.forEach(({ component, path }, order) => {
  test(`${component} (${path}): its first interaction stays within its JavaScript budget`, async ({ page }, testInfo) => {
    const island = `astro-island[component-url*="/${component}."]`;
    const scripts = recordScripts(page);
    await page.goto(path);
    await settle(page);
    let control = page.locator(`${island} :is(${CONTROL}):visible`).first();
    if ((await control.count()) === 0) {
      await page.setViewportSize({ width: 390, height: 844 });
      control = page.locator(`${island} :is(${CONTROL}):visible`).first();
    }
    await expect(control, 'a control the visitor can press').toHaveCount(1);
    scripts.mark();
    await control.click();
    await page.locator(`${island}:not([ssr])`).waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    // What the island loads after it starts (the sign-in card's auth module) has arrived.
    await networkQuiet(page);

    const loaded = scriptWeight(scripts.paths());
    const budget = BUDGETS.island[component as keyof typeof BUDGETS.island];
    expect(loaded.strangers, 'scripts that are not files of the build').toEqual([]);
    expect(loaded.files, 'the first interaction loads the island').toBeGreaterThan(0);
    expect(
      loaded.bytes,
      `${component}'s first interaction, gzip bytes (≤ ${kb(budget)} KB): ${scripts.paths().join(', ')}`,
    ).toBeLessThanOrEqual(budget);
    await recordFigure(testInfo, {
      table: "JavaScript of an island's first interaction (gzip -9 KB)",
      columns: ['island', 'page', 'files', 'JS', 'budget'],
      row: [component, path, loaded.files, kb(loaded.bytes), kb(budget)],
      order,
    });
  });
});
