/**
 * The palette in src/styles/global.css keeps body text at WCAG AA contrast
 * (4.5:1) in every text/background pairing the components use, and the
 * focus ring and field borders at the 3:1 that non-text contrast asks for.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';

const css = readFileSync('src/styles/global.css', 'utf8');
const palette: Record<string, string> = { white: '#ffffff' };
for (const m of css.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6})/gi)) palette[m[1]] = m[2];

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** [text, background] pairs used for normal-size text. */
const TEXT_PAIRS: [string, string][] = [
  ...['ink-900', 'ink-700', 'ink-600', 'brand-700', 'brand-800'].flatMap((fg) =>
    ['white', 'ink-50', 'brand-50'].map((bg) => [fg, bg] as [string, string]),
  ),
  ['white', 'brand-700'],
  ['white', 'brand-800'],
  ['white', 'ink-900'],
  ['white', 'accent-600'],
  ['ink-200', 'ink-900'],
  ['ink-50', 'ink-900'],
  ['brand-50', 'ink-900'],
  ['ink-900', 'ink-200'],
  // A field's error message (field-error).
  ['danger-700', 'white'],
];

/** Non-text UI (focus ring, input borders) against the backgrounds it sits on: 3:1. */
const UI_PAIRS: [string, string][] = [
  ['brand-600', 'white'],
  ['brand-600', 'ink-50'],
  ['ink-600', 'white'],
  // The border of an invalid field.
  ['danger-700', 'white'],
];

describe('palette contrast', () => {
  it('reads the colours from global.css', () => {
    for (const name of ['ink-900', 'ink-600', 'brand-700', 'brand-600', 'accent-600']) expect(palette[name], name).toMatch(/^#/);
  });

  it.each(TEXT_PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(3);
  });

  it('the contrast formula matches known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
