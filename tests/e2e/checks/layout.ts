/**
 * How a page holds up when a visitor changes the conditions (WCAG 1.4.4,
 * 1.4.10, 1.4.12): the conditions themselves (a viewport, the root text size,
 * the text-spacing values) and a probe that reads the laid-out page for what
 * a visitor would see go wrong: sideways scrolling, text cut off by a box
 * that hides its overflow or by the window's edge, and text drawn over
 * other text.
 */
import type { Page } from '@playwright/test';

/** WCAG 1.4.12's values, set the way the usual bookmarklet does (over every author style). */
export const TEXT_SPACING_CSS = [
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }',
  'p { margin-bottom: 2em !important; }',
].join('\n');

export interface Condition {
  name: string;
  width: number;
  height: number;
  /** Root font size in percent (200: the text twice as large), set on <html> over the site's own. */
  rootText?: number;
  textSpacing?: boolean;
}

export const conditionName = (c: Omit<Condition, 'name'>) =>
  [`${c.width}×${c.height}`, c.rootText && `${c.rootText}% text`, c.textSpacing && 'text spacing'].filter(Boolean).join(', ');

export const condition = (c: Omit<Condition, 'name'>): Condition => ({ ...c, name: conditionName(c) });

/** The CSS a condition adds to the page (empty for plain ones). */
export function conditionCss(c: Condition): string {
  return [c.rootText && `html { font-size: ${c.rootText}% !important; }`, c.textSpacing && TEXT_SPACING_CSS].filter(Boolean).join('\n');
}

/**
 * Put the loaded page under a condition: resize the viewport, replace the
 * condition's style sheet, wait for layout. Several conditions can follow
 * each other on one load.
 */
export async function applyCondition(page: Page, c: Condition) {
  await page.setViewportSize({ width: c.width, height: c.height });
  await page.evaluate((css) => {
    document.getElementById('test-condition')?.remove();
    if (!css) return;
    const style = document.createElement('style');
    style.id = 'test-condition';
    style.textContent = css;
    document.head.append(style);
  }, conditionCss(c));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export interface LayoutProblems {
  /** How many CSS px the page scrolls sideways (0 when it does not). */
  overflowX: number;
  /** Text cut off by an ancestor that hides its overflow, or outside the window's left or right edge. */
  clipped: string[];
  /** Text painted over other text. */
  overlaps: string[];
}

/**
 * Read the page as laid out now. Every visible text node is measured line
 * by line (Range client rects). Visually hidden text (sr-only, the form's
 * honeypot) and text that is not shown (display none, hidden, transparent)
 * is left out. Decorative layers (data-decorative: the home hero's floating
 * words) are measured for clipping and sideways scrolling but not for
 * overlaps: they are drawn behind the text on purpose.
 */
export function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewWidth = root.clientWidth;
    const say = (text: string) => `"${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;

    // Per element: is it shown, and which boxes clip it (ancestors that hide overflow)?
    type Box = { left: number; right: number; top: number; bottom: number };
    const shown = new Map<Element, boolean>();
    const isShown = (el: Element | null): boolean => {
      if (!el) return true;
      const known = shown.get(el);
      if (known !== undefined) return known;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const hiddenHere =
        // Also false inside a closed <details> and under content-visibility: hidden.
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        Number(style.opacity) === 0 ||
        style.color === 'rgba(0, 0, 0, 0)' ||
        // Visually hidden on purpose: a 1px clipped box (sr-only) or a tiny box that hides its overflow.
        (style.overflow !== 'visible' && rect.width <= 1 && rect.height <= 1) ||
        (style.position === 'absolute' && (style.clip !== 'auto' || style.clipPath === 'inset(50%)'));
      const result = !hiddenHere && isShown(el.parentElement);
      shown.set(el, result);
      return result;
    };
    const clipBoxes = new Map<Element, { el: Element; box: Box }[]>();
    const clipsOf = (el: Element | null): { el: Element; box: Box }[] => {
      if (!el || el === root || el === document.body) return [];
      const known = clipBoxes.get(el);
      if (known) return known;
      const style = getComputedStyle(el);
      const own = [];
      // Boxes that scroll (auto, scroll) keep their content reachable; hidden and clip cut it off.
      if (/hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY)) {
        const r = el.getBoundingClientRect();
        const x = /hidden|clip/.test(style.overflowX);
        const y = /hidden|clip/.test(style.overflowY);
        own.push({
          el,
          box: {
            left: x ? r.left : -Infinity,
            right: x ? r.right : Infinity,
            top: y ? r.top : -Infinity,
            bottom: y ? r.bottom : Infinity,
          },
        });
      }
      const result = [...own, ...clipsOf(el.parentElement)];
      clipBoxes.set(el, result);
      return result;
    };

    const lines: { node: Text; el: Element; box: Box; decorative: boolean }[] = [];
    const clipped: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.data.trim()) continue;
      const el = node.parentElement;
      if (!el || el.closest('script, style, noscript, template') || !isShown(el)) continue;
      range.selectNodeContents(node);
      const clips = clipsOf(el);
      let cut = '';
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        const box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        lines.push({ node, el, box, decorative: Boolean(el.closest('[data-decorative]')) });
        if (cut) continue;
        if (box.left < -1 || box.right > viewWidth + 1) cut = 'outside the window';
        const by = clips.find(
          (c) => box.left < c.box.left - 1 || box.right > c.box.right + 1 || box.top < c.box.top - 1 || box.bottom > c.box.bottom + 1,
        );
        if (by) cut = `cut by <${by.el.tagName.toLowerCase()} class="${(by.el.getAttribute('class') ?? '').slice(0, 40)}">`;
      }
      if (cut) clipped.push(`${say(node.data)} ${cut}`);
    }

    // Overlaps: compare the middle half of each line box (glyph boxes of adjacent lines may touch
    // when the line height is tight; the glyph bodies must not).
    const core = (b: Box) => {
      const inset = (b.bottom - b.top) / 4;
      return { left: b.left + 1, right: b.right - 1, top: b.top + inset, bottom: b.bottom - inset };
    };
    const sorted = lines
      .filter((l) => !l.decorative)
      .map((l) => ({ ...l, core: core(l.box) }))
      .sort((a, b) => a.core.top - b.core.top);
    const overlaps = new Set<string>();
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i];
      for (let j = i + 1; j < sorted.length && sorted[j].core.top < a.core.bottom; j++) {
        const b = sorted[j];
        if (b.node === a.node) continue;
        const w = Math.min(a.core.right, b.core.right) - Math.max(a.core.left, b.core.left);
        const h = Math.min(a.core.bottom, b.core.bottom) - Math.max(a.core.top, b.core.top);
        if (w > 1 && h > 1) overlaps.add(`${say(a.node.data)} × ${say(b.node.data)}`);
      }
    }
    return { overflowX: Math.max(0, root.scrollWidth - viewWidth), clipped, overlaps: [...overlaps] };
  });
}

/** The problems as lines for one failure message ([] when there are none). */
export function describeProblems(where: string, p: LayoutProblems): string[] {
  return [
    ...(p.overflowX > 0 ? [`${where}: scrolls ${p.overflowX}px sideways`] : []),
    ...p.clipped.map((c) => `${where}: clipped ${c}`),
    ...p.overlaps.map((o) => `${where}: overlap ${o}`),
  ];
}
