import { describe, it, expect, afterAll } from 'vitest';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASE_FONTS,
  brandColours,
  CARDS_SOURCE_DIR,
  FALLBACK_FONTS,
  FONT_DIR,
  packageVersion,
  rendererDigest,
} from '../../../src/lib/social-cards/assets';

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

describe('rendererDigest', () => {
  // Copies of the drawing code inside the repository, so the copies resolve the same satori and sharp.
  mkdirSync('.tmp', { recursive: true });
  const copies: string[] = [];
  const copy = (change?: (dir: string) => void) => {
    const root = mkdtempSync(join('.tmp', 'renderer-'));
    copies.push(root);
    cpSync(CARDS_SOURCE_DIR, join(root, CARDS_SOURCE_DIR), { recursive: true, filter: (src) => !src.includes('/fonts') });
    cpSync('package.json', join(root, 'package.json'));
    change?.(join(root, CARDS_SOURCE_DIR));
    return root;
  };
  afterAll(() => {
    for (const root of copies) rmSync(root, { recursive: true, force: true });
  });

  it('is the same for the same drawing code and renderer releases', () => {
    expect(rendererDigest(copy())).toBe(rendererDigest());
    expect(rendererDigest()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any module that draws a card, even without a version to bump', () => {
    const base = rendererDigest();
    for (const file of ['render.ts', 'fit.ts', 'editor-image.ts', 'text.ts'])
      expect(rendererDigest(copy((dir) => appendFileSync(join(dir, file), '\n// changed\n'))), file).not.toBe(base);
    // Not the README: it draws nothing.
    expect(rendererDigest(copy((dir) => appendFileSync(join(dir, 'README.md'), '\nmore words\n')))).toBe(base);
  });

  it('names the satori and sharp releases it covers', () => {
    const installed = (name: string) =>
      (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
    expect(packageVersion('satori', process.cwd())).toBe(installed('satori'));
    expect(packageVersion('sharp', process.cwd())).toBe(installed('sharp'));
    expect(existsSync(join(CARDS_SOURCE_DIR, 'render.ts'))).toBe(true);
  });
});
