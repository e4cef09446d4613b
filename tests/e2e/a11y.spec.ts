/**
 * Accessibility of every page (the sitemap, the manifest's other pages such
 * as /login and /search, and the 404 page) on the phone and desktop projects:
 * axe with the WCAG 2.0/2.1/2.2 A and AA rules and axe's best practices,
 * failing on any violation; a visible focus indicator on every tab stop, at
 * least 3:1 against what it is drawn over (gradients included); and
 * prefers-reduced-motion stopping the hero's parallax and floating words.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, waitForIsland } from './fixtures';
import { readDist, sitePages } from '../support/site-under-test';
import { settle } from '../support/settle';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const pages = sitePages();
const label = (p: { path: string; source: string }) => (p.source === '404' ? '404 page' : p.path);

test.describe('axe: no violations', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });
  // axe's colour-contrast pass over a long page takes a while on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  for (const page of pages) {
    test(label(page), async ({ page: browserPage }) => {
      await browserPage.goto(page.path);
      await settle(browserPage);
      // Pure decoration is exempt from contrast (WCAG 1.4.3, "Incidental"): the hero's faint floating
      // words sit in an inert, aria-hidden layer, which axe (as Lighthouse) leaves out by itself.
      // Only such layers may be marked decorative, so nothing a reader needs is skipped.
      const decorative = await browserPage
        .locator('[data-decorative]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-hidden') === 'true' && el.hasAttribute('inert')));
      expect(decorative.every(Boolean), 'data-decorative only on inert, aria-hidden elements').toBe(true);
      const { violations } = await new AxeBuilder({ page: browserPage }).withTags(TAGS).analyze();
      const summary = violations.flatMap((v) =>
        v.nodes.map(
          (n) => `[${v.impact}] ${v.id}: ${v.help} | ${n.target.join(' ')} | ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        ),
      );
      expect(summary, `axe violations on ${page.path}`).toEqual([]);
    });
  }
});

/** Contrast ratio of two sRGB colours (WCAG 2 relative luminance). */
function contrast(a: number[], b: number[]): number {
  const lum = ([r, g, b]: number[]) => {
    const c = [r, g, b].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// WCAG 2.4.13's measure of a focus indicator: the pixels that change between unfocused and focused,
// here each ring (the outline, the box-shadow ring) against what was there before, the background
// behind the element (every stop of a gradient). The better ring counts; at least 3:1.
const FOCUS_CONTRAST = 3;

test.describe('visible focus', () => {
  test.skip(({ isMobile }) => isMobile, 'keyboard navigation is checked on desktop');
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const page of pages) {
    test(`every tab stop shows a focus indicator: ${label(page)}`, async ({ page: browserPage }) => {
      await browserPage.goto(page.path);
      await settle(browserPage);
      const seen = new Set<string>();
      const invisible: string[] = [];
      const faint: string[] = [];
      let lowest = { ratio: Infinity, id: '' };
      for (let i = 0; i < 80; i++) {
        await browserPage.keyboard.press('Tab');
        const stop = await browserPage.evaluate(async () => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // Colours read mid-transition would be neither the resting nor the focused ones.
          await Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => {})));
          const style = getComputedStyle(el);
          const rect = el.getBoundingClientRect();
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
          const ring = style.boxShadow !== 'none';
          const id = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" @${Math.round(rect.x)},${Math.round(rect.y + scrollY)}`;
          // Any CSS colour as sRGB bytes, by painting it.
          const canvas = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
          const rgba = (color: string) => {
            canvas.clearRect(0, 0, 1, 1);
            canvas.fillStyle = color;
            canvas.fillRect(0, 0, 1, 1);
            return [...canvas.getImageData(0, 0, 1, 1).data];
          };
          const COLOR = /(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi;
          // What the rings are painted over: the nearest background colour, or the stops of a gradient over it.
          let behind: number[][] = [];
          for (let node = el.parentElement; node; node = node.parentElement) {
            const bg = getComputedStyle(node);
            const stops = bg.backgroundImage.includes('gradient') ? (bg.backgroundImage.match(COLOR) ?? []).map(rgba) : [];
            const color = rgba(bg.backgroundColor);
            if (stops.length) behind = stops.filter((c) => c[3] > 0);
            if (color[3] === 255 || (behind.length && color[3] === 0)) {
              if (!behind.length) behind = [color];
              break;
            }
          }
          if (!behind.length) behind = [[255, 255, 255, 255]];
          const rings = [
            ...(outline ? [rgba(style.outlineColor)] : []),
            // A ring drawn by box-shadow: its colour and a spread of 2px or more.
            ...[...style.boxShadow.matchAll(/((?:rgba?)\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/g)]
              .filter((m) => parseFloat(m[2]) >= 2)
              .map((m) => rgba(m[1])),
          ].filter((c) => c[3] === 255);
          return { id, visible: (outline || ring) && rect.width > 0 && rect.height > 0, rings, behind };
        });
        if (!stop || seen.has(stop.id)) break; // wrapped around to the start
        seen.add(stop.id);
        if (!stop.visible) invisible.push(stop.id);
        const ratio = Math.min(...stop.behind.map((bg) => Math.max(0, ...stop.rings.map((ring) => contrast(ring, bg)))));
        if (ratio < lowest.ratio) lowest = { ratio, id: stop.id };
        if (ratio < FOCUS_CONTRAST) faint.push(`${stop.id}: ${ratio.toFixed(2)}:1`);
      }
      console.log(`focus indicator contrast, lowest on ${label(page)}: ${lowest.ratio.toFixed(2)}:1 (${lowest.id})`);
      expect(seen.size, 'the page has tab stops').toBeGreaterThan(1);
      expect(invisible, 'tab stops without a visible focus indicator').toEqual([]);
      expect(faint, `focus indicators under ${FOCUS_CONTRAST}:1 against what they are drawn over`).toEqual([]);
    });
  }
});

test.describe('prefers-reduced-motion', () => {
  const heroPages = pages.filter((p) => readDist(p.file).includes('data-parallax-hero'));

  test('a page with the parallax hero exists', () => {
    expect(heroPages.length).toBeGreaterThan(0);
  });

  const transforms = (page: import('@playwright/test').Page) =>
    page.locator('[data-parallax-hero] > [aria-hidden] > div').evaluateAll((layers) => layers.map((l) => getComputedStyle(l).transform));
  const floating = (page: import('@playwright/test').Page) =>
    page.locator('.floating-word').evaluateAll((words) => words.map((w) => getComputedStyle(w).animationName));

  /** Scroll by `dy` and wait two frames (the hero applies transforms in requestAnimationFrame). */
  const scrollBy = async (page: import('@playwright/test').Page, dy: number) => {
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
