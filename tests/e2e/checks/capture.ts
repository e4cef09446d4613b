/**
 * One capture of a part of the page (or the whole of it) beyond the window and without scrolling, for the
 * checks that read pixels: the look (./look.ts) and the contrast axe could not decide (./contrast.ts).
 */
import { test, type Page } from '@playwright/test';

export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A PNG of `clip` (page CSS px; without it, the whole page), drawn as the window would. A context with no
 * device emulation (the desktop's) gets Chromium's own capture with its fast PNG encoder: the home page at
 * 1280 px in 230 ms where Playwright's full-page picture took 520, the same pixels. A phone's gets
 * Playwright's: Chromium's, from a session of ours, drops the context's emulation when done (the phone left
 * at devicePixelRatio 1 with a fine, hovering pointer for every check after it), Playwright's restores it.
 */
export async function capture(page: Page, clip?: Clip): Promise<Buffer> {
  const use = test.info().project.use;
  if (use.isMobile || use.hasTouch || (use.deviceScaleFactor ?? 1) !== 1)
    return page.screenshot({ fullPage: true, scale: 'css', caret: 'initial', ...(clip ? { clip } : {}) });
  const cdp = await page.context().newCDPSession(page);
  try {
    const area = clip ?? { ...(await cdp.send('Page.getLayoutMetrics')).cssContentSize, x: 0, y: 0 };
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { ...area, scale: 1 },
    });
    return Buffer.from(data, 'base64');
  } finally {
    await cdp.detach();
  }
}
