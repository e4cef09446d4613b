/**
 * The home hero as visitors meet it: the role tooltips of the avatars follow
 * WCAG 1.4.13 (shown on hover and focus, hoverable, dismissed with Escape) and
 * the avatars are buttons that toggle them, not tab stops that do nothing;
 * the decorative floating words never sit over the hero's text at any width
 * and are out of the way in forced colours; the floating words are text in
 * the HTML that assistive technology does not announce; with reduced motion
 * the parallax layers stay put and the words do not float, without it they
 * move. Every page with the hero is checked (found in the build, not listed
 * here). Its axe, focus and layout checks are the visit's (./visit.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { readDist, sitePages } from '../support/site-under-test';

const heroPages = sitePages().filter((p) => readDist(p.file).includes('data-parallax-hero'));
const HERO = '[data-parallax-hero]';

test('a page with the hero exists', () => {
  expect(heroPages.length).toBeGreaterThan(0);
});

const center = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** The avatars' buttons and their tooltips, in order. */
function avatars(page: Page) {
  const items = page.locator(`${HERO} [data-role-avatars] > li`);
  return { items, button: (i: number) => items.nth(i).locator('button'), tip: (i: number) => items.nth(i).locator('[data-role-tip]') };
}

for (const { path } of heroPages) {
  test(`${path}: role tooltips show on hover, stay while the pointer moves onto them, and Escape dismisses them`, async ({ page }) => {
    await page.goto(path);
    const { items, button, tip } = avatars(page);
    expect(await items.count()).toBeGreaterThan(0);
    await expect(tip(0)).toBeHidden();

    const from = await center(button(0));
    await page.mouse.move(from.x, from.y);
    await waitForIsland(page, HERO); // the first pointer over the hero starts it
    await expect(tip(0)).toBeVisible();
    await expect(button(0)).toHaveAccessibleName((await tip(0).textContent())!);

    // Onto the tooltip, through the gap between it and the avatar.
    const to = await center(tip(0).locator('span'));
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await expect(tip(0)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(tip(0)).toBeHidden();
    // Dismissed until the pointer comes back.
    await page.mouse.move(from.x, from.y - 2);
    await page.mouse.move(5, 5, { steps: 4 });
    await page.mouse.move(from.x, from.y, { steps: 4 });
    await expect(tip(0)).toBeVisible();
  });

  test(`${path}: the avatars are buttons that show their tooltip on focus and toggle it; no other tab stop in the hero does nothing`, async ({
    page,
  }) => {
    await page.goto(path);
    const { items, button, tip } = avatars(page);
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    // Every element of the hero that takes focus is a link or a button with a name.
    const focusable = await page
      .locator(`${HERO} :is(a[href], button, [tabindex]:not([tabindex="-1"]))`)
      .evaluateAll((els) => els.map((el) => ({ tag: el.tagName, name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '' })));
    expect(focusable.filter((el) => !['A', 'BUTTON'].includes(el.tag) || !el.name)).toEqual([]);
    expect(focusable.filter((el) => el.tag === 'BUTTON')).toHaveLength(count);

    // Keyboard: focus shows the tooltip, Escape hides it, Enter brings it back, Enter again hides it.
    await button(0).focus();
    await waitForIsland(page, HERO);
    await expect(tip(0)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip(0)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(tip(0)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(tip(0)).toBeHidden();

    // Pointer: a click pins the tooltip after the pointer leaves (as a tap does on touch); a click elsewhere lets it go.
    const last = count - 1;
    await button(last).click();
    await page.mouse.move(5, 5, { steps: 4 });
    await expect(tip(last)).toBeVisible();
    await expect(tip(0)).toBeHidden();
    await page.locator(`${HERO} h1`).click();
    await expect(tip(last)).toBeHidden();
  });

  test(`${path}: the floating words never overlap the heading, paragraph, button or lists, from 320 to 1280 px wide`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    const shown: Record<number, number> = {};
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { words, text } = await page.locator(HERO).evaluate((hero) => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, w: r.width, h: r.height, label: el.textContent!.trim().slice(0, 30) };
        };
        return {
          words: [...hero.querySelectorAll('.floating-word')].map(box).filter((b) => b.w > 0 && b.h > 0),
          text: [...hero.querySelectorAll('h1, p, a, li')].filter((el) => !el.closest('[aria-hidden="true"]')).map(box),
        };
      });
      expect(text.length).toBeGreaterThan(2);
      shown[width] = words.length;
      const overlaps = words.flatMap((word) =>
        text
          .filter((t) => word.x < t.right && t.x < word.right && word.y < t.bottom && t.y < word.bottom)
          .map((t) => `"${word.label}" over "${t.label}"`),
      );
      expect(overlaps, `${width} px`).toEqual([]);
    }
    // Where there is room beside the text, the words are shown (so the check above checks something).
    expect(shown[1280]).toBeGreaterThan(0);
  });

  test(`${path}: in forced colours the floating words are not painted`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(path);
    const words = await page.locator(`${HERO} .floating-word`).evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { painted: r.width > 0 && r.height > 0 && getComputedStyle(el).color !== 'rgba(0, 0, 0, 0)', word: el.textContent };
      }),
    );
    expect(words.length).toBeGreaterThan(0);
    expect(words.filter((w) => w.painted)).toEqual([]);
    // Without forced colours the same width shows them.
    await page.emulateMedia({ forcedColors: 'none' });
    await expect(page.locator(`${HERO} .floating-word`).first()).toBeVisible();
  });
}

test.describe('prefers-reduced-motion', () => {
  const transforms = (page: Page) =>
    page.locator('[data-parallax-hero] > [aria-hidden] > div').evaluateAll((layers) => layers.map((l) => getComputedStyle(l).transform));
  const floating = (page: Page) =>
    page.locator('.floating-word').evaluateAll((words) => words.map((w) => getComputedStyle(w).animationName));

  /** Scroll by `dy` and wait two frames (the hero applies transforms in requestAnimationFrame). */
  const scrollBy = async (page: Page, dy: number) => {
    const before = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, dy);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before + 50);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };

  for (const { path, file } of heroPages) {
    test(`${path}: the floating words are text in the HTML, hidden from assistive technology`, async ({ page }) => {
      const html = readDist(file);
      const words = [...html.matchAll(/class="floating-word[^"]*"[^>]*>([^<]+)</g)].map((match) => match[1]);
      expect(words.length, 'floating words written as text').toBeGreaterThan(0);
      await page.goto(path);
      const layer = page.locator('[data-parallax-hero] > [aria-hidden="true"]');
      await expect(layer).toHaveCount(1);
      expect(await layer.locator('.floating-word').allTextContents()).toEqual(words);
      const tree = await page.locator('[data-parallax-hero]').ariaSnapshot();
      for (const word of words) expect(tree, `"${word}" is not announced`).not.toMatch(new RegExp(`(^|[\\s:"'])${word}($|[\\s"'])`, 'm'));
    });

    test(`${path}: with reduced motion the layers stay put and the words do not float`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await page.mouse.move(5, 5);
      await scrollBy(page, 300); // the first scroll hydrates the hero
      await waitForIsland(page, '[data-parallax-hero]');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const before = await transforms(page);
      expect(before.length).toBeGreaterThan(0);
      await scrollBy(page, 300);
      expect(await transforms(page)).toEqual(before);
      for (const t of before) expect(['none', 'matrix(1, 0, 0, 1, 0, 0)']).toContain(t);
      const words = await floating(page);
      expect(words.length).toBeGreaterThan(0);
      expect(words.every((name) => name === 'none')).toBe(true);
    });

    test(`${path}: without reduced motion the layers move on scroll and the words float`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(path);
      const before = await transforms(page);
      await page.mouse.move(5, 5);
      await scrollBy(page, 300);
      await waitForIsland(page, '[data-parallax-hero]');
      await scrollBy(page, 300);
      await expect.poll(() => transforms(page)).not.toEqual(before);
      expect((await floating(page)).every((name) => name !== 'none')).toBe(true);
    });
  }
});
