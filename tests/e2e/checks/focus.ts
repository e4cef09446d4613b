/**
 * The focus walk (WCAG 2.4.7, 2.4.13): Tab from the top of the page until
 * focus comes round again, and at every tab stop read the focus indicator
 * once its transitions have ended: an outline of 2 px or more or a box-shadow
 * ring, and each ring's contrast against what it is drawn over (the nearest
 * background colour, or every stop of a gradient). The better ring counts; at
 * least 3:1.
 */
import type { Page } from '@playwright/test';

export const FOCUS_CONTRAST = 3;
const MAX_STOPS = 80;

/** Contrast ratio of two sRGB colours (WCAG 2 relative luminance). */
export function contrast(a: number[], b: number[]): number {
  const lum = ([r, g, b]: number[]) => {
    const c = [r, g, b].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export interface FocusWalk {
  /** Tab stops met, in order. */
  stops: string[];
  /** Stops without a visible indicator. */
  invisible: string[];
  /** Stops whose indicator is under FOCUS_CONTRAST:1, with the ratio. */
  faint: string[];
  lowest: { ratio: number; id: string };
}

/** The indicator of the focused element: whether it shows, its ring colours and what they are drawn over. */
function readFocused() {
  return (async () => {
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
  })();
}

/** Tab through the page from where focus is now; the walk ends when a stop comes round again. */
export async function walkFocus(page: Page): Promise<FocusWalk> {
  const walk: FocusWalk = { stops: [], invisible: [], faint: [], lowest: { ratio: Infinity, id: '' } };
  const seen = new Set<string>();
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(readFocused);
    if (!stop || seen.has(stop.id)) break; // wrapped around to the start
    seen.add(stop.id);
    walk.stops.push(stop.id);
    if (!stop.visible) walk.invisible.push(stop.id);
    const ratio = Math.min(...stop.behind.map((bg) => Math.max(0, ...stop.rings.map((ring) => contrast(ring, bg)))));
    if (ratio < walk.lowest.ratio) walk.lowest = { ratio, id: stop.id };
    if (ratio < FOCUS_CONTRAST) walk.faint.push(`${stop.id}: ${ratio.toFixed(2)}:1`);
  }
  return walk;
}
