/**
 * Text whose contrast axe cannot decide (its "incomplete" color-contrast: text over a gradient, a
 * picture or a decorative layer, such as the home hero's headline, the biggest text of the site),
 * decided from the pixels instead: every such text made transparent for a moment (inline styles,
 * put back after), the part of the page that holds them captured once, and each text's colour
 * (blended, when translucent) must reach WCAG 1.4.3's ratio against every pixel behind its lines:
 * 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 */
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import sharp from 'sharp';
import { contrast } from './focus';
import { capture } from './capture';

export interface Undecided {
  target: string;
  /** The lowest ratio against what is behind the text, or null when the text has no box to read. */
  ratio: number | null;
  required: number;
}

/** The selectors of the text axe left undecided for contrast. */
export const undecidedTargets = (results: Pick<AxeResults, 'incomplete'>): string[] =>
  results.incomplete.filter((r) => r.id === 'color-contrast').flatMap((r) => r.nodes.map((n) => n.target.join(' ')));

/** The lowest contrast of `color` (RGBA, alpha 0–1) over each RGBA pixel of `pixels`. */
export function lowestContrast(pixels: Uint8Array | Buffer, color: number[]): number {
  const [r, g, b, alpha = 1] = color;
  let lowest = Infinity;
  for (let i = 0; i < pixels.length; i += 4) {
    const behind = [pixels[i], pixels[i + 1], pixels[i + 2]];
    const text = [r, g, b].map((c, k) => c * alpha + behind[k] * (1 - alpha));
    lowest = Math.min(lowest, contrast(text, behind));
  }
  return lowest;
}

/**
 * Each undecided text's lowest ratio against what is drawn behind it: every such text made
 * transparent at once, one full-page picture, then its colour against the pixels in its lines.
 */
export async function decideContrast(page: Page, targets: string[]): Promise<Undecided[]> {
  if (targets.length === 0) return [];
  const texts = await page.evaluate((selectors) => {
    const read = (selector: string) => {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) return null;
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      // The boxes of its text's lines (text nodes only: no icon, no padding), in page coordinates.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const lines: { x: number; y: number; right: number; bottom: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // Cut to what its clipping parent shows: screen-reader-only text (1 px, overflow hidden) shows nothing.
        const parent = node.parentElement!;
        const clip = getComputedStyle(parent).overflow === 'visible' ? null : parent.getBoundingClientRect();
        for (const r of range.getClientRects()) {
          const [left, top] = [Math.max(r.left, clip?.left ?? -Infinity), Math.max(r.top, clip?.top ?? -Infinity)];
          const [right, bottom] = [Math.min(r.right, clip?.right ?? Infinity), Math.min(r.bottom, clip?.bottom ?? Infinity)];
          if (right - left >= 2 && bottom - top >= 2)
            lines.push({ x: left + scrollX, y: top + scrollY, right: right + scrollX, bottom: bottom + scrollY });
        }
      }
      const color = style.color.match(/[\d.]+/g)!.map(Number);
      return {
        el,
        large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
        color: color.length === 3 ? [...color, 1] : color,
        lines,
      };
    };
    const found = selectors.map(read);
    // Inline and important: the one declaration that beats an important utility in a cascade layer (Tailwind's `!text-white`).
    for (const text of found)
      for (const each of text ? [text.el, ...text.el.querySelectorAll<HTMLElement>('*')] : []) {
        if (each.dataset.contrastProbe !== undefined) continue;
        each.dataset.contrastProbe = each.style.cssText;
        for (const property of ['color', '-webkit-text-fill-color']) each.style.setProperty(property, 'transparent', 'important');
        each.style.setProperty('text-shadow', 'none', 'important');
        // At once: a colour transition would still show the text half drawn.
        each.style.setProperty('transition', 'none', 'important');
      }
    return found.map((text) => text && { large: text.large, color: text.color, lines: text.lines });
  }, targets);
  const lines = texts.flatMap((text) => text?.lines ?? []);
  const area = {
    x: Math.max(0, Math.floor(Math.min(...lines.map((l) => l.x)))),
    y: Math.max(0, Math.floor(Math.min(...lines.map((l) => l.y)))),
    right: Math.ceil(Math.max(...lines.map((l) => l.right))),
    bottom: Math.ceil(Math.max(...lines.map((l) => l.bottom))),
  };
  let png: Buffer = Buffer.alloc(0);
  try {
    if (lines.length > 0) {
      // One capture of the part of the page that holds them (./capture.ts).
      png = await capture(page, { x: area.x, y: area.y, width: area.right - area.x, height: area.bottom - area.y });
    }
  } finally {
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-contrast-probe]')) {
        el.style.cssText = el.dataset.contrastProbe!;
        delete el.dataset.contrastProbe;
      }
    });
  }
  if (lines.length === 0) return targets.map((target) => ({ target, ratio: null, required: 0 }));
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return targets.map((target, i) => {
    const text = texts[i];
    if (!text || text.lines.length === 0) return { target, ratio: null, required: 0 };
    // Only the pixels inside a line of its text (the box of several lines holds the gaps between them).
    const behind: number[] = [];
    for (const line of text.lines)
      for (let y = Math.max(0, Math.ceil(line.y - area.y - 0.5)); y < Math.min(info.height, line.bottom - area.y - 0.5); y++)
        for (let x = Math.max(0, Math.ceil(line.x - area.x - 0.5)); x < Math.min(info.width, line.right - area.x - 0.5); x++) {
          const at = (y * info.width + x) * 4;
          behind.push(data[at], data[at + 1], data[at + 2], data[at + 3]);
        }
    if (behind.length === 0) return { target, ratio: null, required: 0 };
    return { target, ratio: lowestContrast(Uint8Array.from(behind), text.color), required: text.large ? 3 : 4.5 };
  });
}

/** The undecided texts under their ratio, or without a box to read: one line each. */
export const faintText = (decided: Undecided[]): string[] =>
  decided
    .filter((d) => d.ratio === null || d.ratio < d.required)
    .map((d) => (d.ratio === null ? `${d.target}: no box to read` : `${d.target}: ${d.ratio.toFixed(2)}:1, under ${d.required}:1`));
