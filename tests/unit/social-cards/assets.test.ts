import { describe, it, expect } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { BASE_FONTS, brandColours, FALLBACK_FONTS, FONT_DIR } from '../../../src/lib/social-cards/assets';

describe('brandColours', () => {
  it("reads the card's colours from the theme variables", () => {
    const css =
      '@theme { --color-ink-900: #0f172a; --color-brand-700: #1d4ed8; --color-accent-600: #7c3aed; --color-brand-100: #dbe6fe; --color-ink-200: #e2e8f0; }';
    expect(brandColours(css)).toEqual({
      ink900: '#0f172a',
      brand700: '#1d4ed8',
      accent600: '#7c3aed',
      brand100: '#dbe6fe',
      ink200: '#e2e8f0',
    });
  });

  it('names the variable a theme lacks', () => {
    expect(() => brandColours('--color-ink-900: #000;')).toThrow('src/styles/global.css has no --color-brand-700');
  });
});

describe('the fonts', () => {
  it('are committed, each a family of its own for the fallbacks, the Latin ones small', () => {
    for (const font of [...BASE_FONTS, ...Object.values(FALLBACK_FONTS).flat()])
      expect(existsSync(`${FONT_DIR}/${font.file}`), font.file).toBe(true);
    for (const font of BASE_FONTS) expect(statSync(`${FONT_DIR}/${font.file}`).size).toBeLessThan(40_000);
    const fallbackNames = Object.values(FALLBACK_FONTS)
      .flat()
      .map((font) => font.name);
    expect(new Set(fallbackNames).size).toBe(fallbackNames.length);
    expect(fallbackNames).not.toContain('Inter');
  });
});
