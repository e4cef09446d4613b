/**
 * Reflow, resized text and text spacing on every page (WCAG 1.4.10, 1.4.4,
 * 1.4.12): at 320 px, at 390 px (a phone) with the text at its size, twice
 * its size and with the text-spacing values, and at 1280 px with twice the
 * text and with text spacing, no page scrolls sideways, no text is cut off
 * and no text is drawn over other text. One load per page; the conditions
 * follow each other on it. Desktop project only: the conditions set their
 * own viewports.
 */
import { test, expect } from './fixtures';
import { sitePages } from '../support/site-under-test';
import { applyCondition, condition, describeProblems, layoutProblems } from '../support/layout';

const pages = sitePages();
const label = (p: { path: string; source: string }) => (p.source === '404' ? '404 page' : p.path);

const REFLOW_CONDITIONS = [
  condition({ width: 320, height: 640 }),
  condition({ width: 390, height: 844 }),
  condition({ width: 390, height: 844, rootText: 200 }),
  condition({ width: 390, height: 844, textSpacing: true }),
  condition({ width: 1280, height: 800, rootText: 200 }),
  condition({ width: 1280, height: 800, textSpacing: true }),
];

test.describe('reflow, text size and text spacing', () => {
  test.skip(({ isMobile }) => isMobile, 'the conditions set their own viewports');
  test.use({ allowConsoleErrors: [/status of 404/], reducedMotion: 'reduce' });

  for (const sitePage of pages) {
    test(label(sitePage), async ({ page }) => {
      await page.goto(sitePage.path);
      const problems: string[] = [];
      for (const c of REFLOW_CONDITIONS) {
        await applyCondition(page, c);
        problems.push(...describeProblems(c.name, await layoutProblems(page)));
      }
      expect(problems, `${sitePage.path}: what a visitor sees go wrong`).toEqual([]);
    });
  }
});
