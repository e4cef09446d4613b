/**
 * Fitting a title into the card's title box: the largest type size at which
 * the title, wrapped at word boundaries (a word wider than the box is broken,
 * as the card's `wordBreak: break-word` does), takes no more lines than the box
 * holds. Widths are estimated per character class in em, on the wide side of
 * the card font (Inter Bold), so an estimate that fits really fits; the card
 * still clamps to the line count as the last guard.
 */

export interface TitleBox {
  /** Width of the title box in px. */
  width: number;
  /** Height of the title box in px. */
  height: number;
  /** Line height as a multiple of the type size. */
  lineHeight: number;
  /** Type sizes to try, largest first. */
  sizes: readonly number[];
}

export interface FittedTitle {
  fontSize: number;
  /** The lines as estimated (the renderer wraps the text itself). */
  lines: string[];
  /** Lines the box holds at that size: the card clamps to it. */
  maxLines: number;
}

/** Advance width of one character in em, rounded up for Inter Bold. */
export function charWidth(char: string): number {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u.test(char)) return 1;
  if (char === ' ') return 0.26;
  if (/[iljI.,:;'!|’‘`]/.test(char)) return 0.32;
  if (/[ftr()[\]{}\-/"“”]/.test(char)) return 0.45;
  if (/[mwMW@%]/.test(char)) return 0.98;
  if (/[A-Z0-9&—]/.test(char)) return 0.74;
  return 0.64;
}

export const textWidth = (text: string, fontSize: number) => [...text].reduce((sum, char) => sum + charWidth(char) * fontSize, 0);

/** The text wrapped into lines no wider than `width` at `fontSize`: words kept whole unless one alone is too wide. */
export function wrapText(text: string, width: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line !== '') lines.push(line);
    line = '';
  };
  // CJK has no spaces: each ideograph is a place to break.
  const words = text.split(/(?<= )|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/u).filter(Boolean);
  for (const word of words) {
    const candidate = line + word;
    if (textWidth(candidate.trimEnd(), fontSize) <= width) {
      line = candidate;
      continue;
    }
    push();
    if (textWidth(word.trimEnd(), fontSize) <= width) {
      line = word;
      continue;
    }
    // A word wider than the box is broken wherever the line is full.
    for (const char of word) {
      if (textWidth((line + char).trimEnd(), fontSize) > width) push();
      line += char;
    }
  }
  push();
  return lines.map((l) => l.trimEnd());
}

/** The largest size at which `text` fits the box; the smallest size (clamped) when none does. */
export function fitTitle(text: string, box: TitleBox): FittedTitle {
  const linesAt = (size: number) => Math.max(1, Math.floor(box.height / (size * box.lineHeight)));
  for (const fontSize of box.sizes) {
    const lines = wrapText(text, box.width, fontSize);
    if (lines.length <= linesAt(fontSize)) return { fontSize, lines, maxLines: linesAt(fontSize) };
  }
  const fontSize = box.sizes[box.sizes.length - 1];
  const maxLines = linesAt(fontSize);
  return { fontSize, lines: wrapText(text, box.width, fontSize).slice(0, maxLines), maxLines };
}
