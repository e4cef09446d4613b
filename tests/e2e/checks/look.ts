/**
 * What a page looks like: a picture of the page (full width, its top LOOK_MAX_HEIGHT css px) compared
 * with its committed baseline, tests/e2e/looks/<project>/<page>.png (snapshotPathTemplate in
 * playwright.config.ts). Taken on the visit's own load, at rest: after the first scroll has hydrated
 * the parallax hero and the page is back at the top, before any check resizes or re-emulates it. A
 * change that moves pixels fails until it is accepted with `npm run test:looks -- --update-snapshots`
 * (CONTRIBUTING.md, "Checks and budgets").
 *
 * No page reads a clock: the copyright year is `copyrightYear` in content/site.yaml and a post's date
 * its front matter. The build's time decides only which scheduled entries are live, so an entry coming
 * due changes the pages that list it, as any content change does, and their baselines are accepted then.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Share of a picture's pixels that may differ. The same build gives the same pixels (ten runs, no pixel
 * apart), so this is headroom for a rounding in the engine, far under a moved column or a changed
 * background (tens of thousands of pixels).
 */
const MAX_DIFF_PIXEL_RATIO = 0.001;
/**
 * How far a pixel's colour may move before it counts (pixelmatch's YIQ distance, 0 to 1). The palette's
 * pale tints lie close: ink-50 is 0.028 from brand-50 and 0.021 from white, so Playwright's default of 0.2
 * would let a section's background change to another tint pass unseen.
 */
const COLOUR_THRESHOLD = 0.01;
/**
 * The picture's height at most, css px: whole pages made 29 MB of baselines (0.1 byte a pixel on the
 * desktop, 0.2 on the phone, most of it text), over the set's budget (scripts/check-repo.mjs). The top
 * 2400 px hold every page's hero and first sections, the frame's header, and the whole of the short pages
 * (the footer with them).
 */
export const LOOK_MAX_HEIGHT = 2400;

/** The baseline's name: the page's path with dashes for slashes (/services/managed-business → services-managed-business.png). */
export const lookName = (path: string, notFound: boolean) => `${notFound ? '404' : path.slice(1).replaceAll('/', '-') || 'home'}.png`;

/**
 * Transitions and animations off (Playwright's `animations` only settles CSS ones at the shot), no caret, no
 * smooth scroll; the parallax layers at rest without their translate3d(0, 0, 0), which leaves them composited:
 * an edge pixel of the hero's first avatar, drawn over them, came out one of two ways (5 of 255 apart) run to run.
 */
const AT_REST_CSS = `*, *::before, *::after {
  transition: none !important; animation: none !important; caret-color: transparent !important; scroll-behavior: auto !important;
}
[data-parallax-hero] [data-decorative] > * { transform: none !important; }`;
/** For a state: its animations finished by Playwright instead (a notice's icon drawn in, not at its first frame). */
const STATE_AT_REST_CSS = AT_REST_CSS.replace(' animation: none !important;', '');

/**
 * Bring the page to the state every run meets: pictures loaded (the lazy ones made eager, all decoded),
 * fonts loaded, motion off, at the top. Returns the page's height and `restore`, which takes the style
 * off again, so the checks after the picture meet the page as a visitor does.
 */
async function atRest(page: Page, css = AT_REST_CSS): Promise<{ height: number; restore: () => Promise<unknown> }> {
  const height = await page.evaluate(async (css) => {
    const style = Object.assign(document.createElement('style'), { id: 'look-at-rest', textContent: css });
    document.head.append(style);
    const images = [...document.images];
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    // A picture that fails to load is the visit's "requests that failed", not the look's.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
    scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return document.documentElement.scrollHeight;
  }, css);
  return { height, restore: () => page.evaluate(() => document.getElementById('look-at-rest')?.remove()) };
}

/**
 * Compare the page with its baseline. On a difference the test's attachments (and Playwright's HTML
 * report) hold the baseline, the new picture and their difference.
 */
export async function compareLook(page: Page, name: string): Promise<{ height: number; compared: number }> {
  const { height, restore } = await atRest(page);
  const compared = Math.min(height, LOOK_MAX_HEIGHT);
  try {
    await expect.soft(page, 'look: the page as its baseline shows it').toHaveScreenshot(name, {
      fullPage: true,
      clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: compared },
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
      threshold: COLOUR_THRESHOLD,
    });
  } finally {
    await restore();
  }
  return { height, compared };
}

/**
 * A state no page shows at load (the phone's menu open, the sign-in card's error), compared with its
 * baseline `state-<name>.png`: the window, or only `target`, at rest as a page's picture is. `mask` covers
 * what changes with the clock of the run (a link's expiry, the time an action was done) with a box.
 */
export async function compareState(page: Page, name: string, target?: Locator, mask: Locator[] = []): Promise<void> {
  const { restore } = await atRest(page, STATE_AT_REST_CSS);
  try {
    await expect.soft(target ?? page, `look: ${name} as its baseline shows it`).toHaveScreenshot(`state-${name}.png`, {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask,
      // A tenth of a page's share: a state's change is small (a notice's icon drawn wrong is 900 pixels of a window).
      maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO / 10,
      threshold: COLOUR_THRESHOLD,
    });
  } finally {
    await restore();
  }
}
