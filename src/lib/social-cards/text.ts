/**
 * What a card's text may hold, decided before anything is drawn: emoji are
 * removed (the renderer would need an image per emoji), the scripts of a title
 * decide which fallback font is loaded, and a right-to-left title is left off
 * the card (satori lays text out left to right only: an Arabic or Hebrew title
 * would come out reversed and unjoined).
 */

/** Scripts beyond basic Latin that the card's fallback fonts draw; each font is loaded only for a text that uses its script. */
export type Script = 'latin-ext' | 'greek' | 'cyrillic' | 'han-kana' | 'hangul';

// Emoji and what glues or modifies them: ZWJ, variation selectors, skin tones, tags, keycaps, flags.
const EMOJI =
  /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]|\u20E3)(?:\u200D|\uFE0E|\uFE0F|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]|\u20E3|\p{Extended_Pictographic})*/gu;
// A keycap emoji is a digit, # or * followed by VS16 and U+20E3: the digit stays, the rest goes.
const LEFTOVER = /\u200D|\uFE0F/gu;

/** The text without emoji, spaces collapsed where one stood. ©, ® and ™ are text and stay. */
export function stripEmoji(text: string): string {
  return text
    .replace(EMOJI, (match) => (/^[\u00A9\u00AE\u2122]$/u.test(match) ? match : ' '))
    .replace(LEFTOVER, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters of scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko …, and their presentation forms). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** True when the text holds a right-to-left letter: the card is drawn without it. */
export function isRightToLeft(text: string): boolean {
  return RTL.test(text);
}

const SCRIPT_TESTS: [Script, RegExp][] = [
  ['latin-ext', /[\u0100-\u024F\u1E00-\u1EFF]/u],
  ['greek', /\p{Script=Greek}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  // Chinese and Japanese share one font; CJK punctuation and full-width forms come with it.
  ['han-kana', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u],
  ['hangul', /\p{Script=Hangul}/u],
];

/** The scripts a text needs besides basic Latin (which every card has), in a fixed order. */
export function scriptsOf(text: string): Script[] {
  return SCRIPT_TESTS.filter(([, test]) => test.test(text)).map(([script]) => script);
}

/** Letters of a script no card font draws (Thai, Devanagari …): drawn, they would be empty boxes. */
const DRAWN_LETTER =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export function hasUndrawableLetters(text: string): boolean {
  return [...text].some((char) => /\p{L}/u.test(char) && !DRAWN_LETTER.test(char));
}

/**
 * The title a card shows: the page's title without emoji and without the
 * brand part ("<product> | <brand>" → "<product>"; the card shows the brand on
 * its own), or undefined when it is right to left, holds letters no card font
 * draws, or nothing is left: the card is then drawn without a title.
 */
export function cardTitle(title: string, brand: string): string | undefined {
  const text = stripEmoji(title);
  if (isRightToLeft(text) || hasUndrawableLetters(text)) return undefined;
  const brandPart = brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shown = text
    .replace(new RegExp(`^${brandPart}\\s+[|–—·:]\\s+`, 'i'), '')
    .replace(new RegExp(`\\s+[|–—·]\\s+${brandPart}$`, 'i'), '')
    .trim();
  return shown === '' ? undefined : shown;
}
