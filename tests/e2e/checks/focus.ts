/**
 * The focus walk (WCAG 2.4.7, 2.4.13): Tab from the top of the page until
 * focus comes round again, and at every tab stop read the focus indicator
 * (in the page, as focus arrives, with its transitions finished): an outline of 2 px or more or a box-shadow
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

/** A stop as the page records it: its indicator's rings and what they are drawn over, or that it came round again. */
interface Stop {
  id: string;
  visible: boolean;
  rings: number[][];
  behind: number[][];
  again: boolean;
}

declare global {
  interface Window {
    __focusStops?: Stop[];
  }
}

/**
 * Installed in the page: on every focus change, finish the element's transitions (colours read mid-transition
 * would be neither the resting nor the focused ones), then read its indicator and keep it, marking an element
 * focused before (the walk came round).
 */
function recordStops() {
  const stops: Stop[] = [];
  window.__focusStops = stops;
  const seen = new WeakSet<Element>();
  const canvas = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
  // Any CSS colour as sRGB bytes, by painting it.
  const rgba = (color: string) => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data];
  };
  const COLOR = /(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi;
  document.addEventListener('focusin', (event) => {
    const el = event.target as HTMLElement;
    for (const animation of el.getAnimations()) animation.finish();
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none';
    const id = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" @${Math.round(rect.x)},${Math.round(rect.y + scrollY)}`;
    // What the rings are painted over: the nearest background colour, or the stops of a gradient over it.
    let behind: number[][] = [];
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node);
      const gradient = bg.backgroundImage.includes('gradient') ? (bg.backgroundImage.match(COLOR) ?? []).map(rgba) : [];
      const color = rgba(bg.backgroundColor);
      if (gradient.length) behind = gradient.filter((c) => c[3] > 0);
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
    stops.push({ id, visible: (outline || ring) && rect.width > 0 && rect.height > 0, rings, behind, again: seen.has(el) });
    seen.add(el);
  });
}

/** Tab presses sent at a time: each stop is read in the page as focus arrives, so the presses need not wait for one another. */
const BATCH = 8;

/**
 * Tab through the page from where focus is now; the walk ends when a stop comes round again (or focus leaves the
 * page and comes back to its first stop).
 */
export async function walkFocus(page: Page): Promise<FocusWalk> {
  await page.evaluate(recordStops);
  let stops: Stop[] = [];
  for (let pressed = 0; pressed < MAX_STOPS + 1 && !stops.some((stop) => stop.again); pressed += BATCH) {
    await Promise.all(Array.from({ length: BATCH }, () => page.keyboard.press('Tab')));
    stops = await page.evaluate(() => window.__focusStops ?? []);
  }
  const walk: FocusWalk = { stops: [], invisible: [], faint: [], lowest: { ratio: Infinity, id: '' } };
  for (const stop of stops.slice(0, MAX_STOPS)) {
    if (stop.again) break;
    walk.stops.push(stop.id);
    if (!stop.visible) walk.invisible.push(stop.id);
    const ratio = Math.min(...stop.behind.map((bg) => Math.max(0, ...stop.rings.map((ring) => contrast(ring, bg)))));
    if (ratio < walk.lowest.ratio) walk.lowest = { ratio, id: stop.id };
    if (ratio < FOCUS_CONTRAST) walk.faint.push(`${stop.id}: ${ratio.toFixed(2)}:1`);
  }
  return walk;
}
