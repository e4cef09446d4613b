/**
 * What every card is drawn with, read from the repository (no network at
 * build): the fonts committed in ./fonts (see its README for their origin and
 * licences), the brand mark (public/favicon.svg, the same mark as the site's
 * header) and the brand colours (the theme of src/styles/global.css); and what
 * draws it: the modules of this folder and the satori and sharp releases.
 * Their digests are part of every card's version, so a new font, mark,
 * colour, line of drawing code or renderer release changes every card's URL
 * (platforms keep a card by its URL for days).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Script } from './text';

export interface CardFont {
  file: string;
  name: string;
  weight: 400 | 500 | 700;
}

// From the repository root (the working directory of builds and tests): Vite bundles this module for the pages, so
// `import.meta.url` would point into the bundle.
export const CARDS_SOURCE_DIR = 'src/lib/social-cards';
export const FONT_DIR = `${CARDS_SOURCE_DIR}/fonts`;
/** The packages that turn a card into pixels: the layout and text (satori), the rasterising, cropping and encoding (sharp, with its libvips). */
export const RENDERER_PACKAGES = ['satori', 'sharp'] as const;

/** Inter, Latin subset: on every card. */
export const BASE_FONTS: readonly CardFont[] = [
  { file: 'inter-latin-700-normal.woff2', name: 'Inter', weight: 700 },
  { file: 'inter-latin-500-normal.woff2', name: 'Inter', weight: 500 },
];

/**
 * The fonts of the other scripts, loaded only for a card whose text needs them. Each has a family name
 * of its own: satori looks for a missing glyph in the other families, not in another file of the same one.
 */
export const FALLBACK_FONTS: Readonly<Record<Script, readonly CardFont[]>> = {
  'latin-ext': [{ file: 'inter-latin-ext-700-normal.woff2', name: 'Inter Latin Ext', weight: 700 }],
  greek: [
    { file: 'inter-greek-700-normal.woff2', name: 'Inter Greek', weight: 700 },
    { file: 'inter-greek-ext-700-normal.woff2', name: 'Inter Greek Ext', weight: 700 },
  ],
  cyrillic: [
    { file: 'inter-cyrillic-700-normal.woff2', name: 'Inter Cyrillic', weight: 700 },
    { file: 'inter-cyrillic-ext-700-normal.woff2', name: 'Inter Cyrillic Ext', weight: 700 },
  ],
  'han-kana': [{ file: 'droid-sans-fallback.woff', name: 'Droid Sans Fallback', weight: 400 }],
  hangul: [{ file: 'nanum-square-bold.woff', name: 'NanumSquare', weight: 700 }],
};

const fontData = new Map<string, Buffer>();
/** A font file's bytes, read once per process. */
export function readFont(font: CardFont, root = process.cwd()): Buffer {
  let data = fontData.get(font.file);
  if (!data) {
    data = readFileSync(`${root}/${FONT_DIR}/${font.file}`);
    fontData.set(font.file, data);
  }
  return data;
}

export interface BrandColours {
  /** Card background. */
  ink900: string;
  brand700: string;
  accent600: string;
  brand100: string;
  ink200: string;
}

const THEME_NAMES: Record<keyof BrandColours, string> = {
  ink900: 'ink-900',
  brand700: 'brand-700',
  accent600: 'accent-600',
  brand100: 'brand-100',
  ink200: 'ink-200',
};

/** The card's colours from the site's theme (`--color-<name>: #rrggbb;`), so a re-branded site gets re-branded cards. */
export function brandColours(css: string): BrandColours {
  const entries = Object.entries(THEME_NAMES).map(([key, name]) => {
    const value = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
    if (!value) throw new Error(`src/styles/global.css has no --color-${name} (a hex colour), which the social cards use`);
    return [key, value];
  });
  return Object.fromEntries(entries) as unknown as BrandColours;
}

export interface CardAssets {
  colours: BrandColours;
  /** The brand mark as a data: URL. */
  mark: string;
  /** Digest of everything above and of every font file. */
  digest: string;
}

const assets = new Map<string, CardAssets>();
/** The card assets of the repository at `root` (the working directory by default), read once per process. */
export function cardAssets(root = process.cwd()): CardAssets {
  const known = assets.get(root);
  if (known) return known;
  const css = readFileSync(`${root}/src/styles/global.css`, 'utf8');
  const svg = readFileSync(`${root}/public/favicon.svg`);
  const colours = brandColours(css);
  const hash = createHash('sha256').update(JSON.stringify(colours)).update(svg);
  for (const font of [...BASE_FONTS, ...Object.values(FALLBACK_FONTS).flat()]) hash.update(font.file).update(readFont(font, root));
  const read = { colours, mark: `data:image/svg+xml;base64,${svg.toString('base64')}`, digest: hash.digest('hex') };
  assets.set(root, read);
  return read;
}

/** The installed release of a package, as the repository at `root` resolves it (from its entry up to its package.json: sharp exports no package.json). */
export function packageVersion(name: string, root: string): string {
  const require = createRequire(resolve(root, 'package.json'));
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (pkg.name === name) return pkg.version;
  }
  throw new Error(`no package.json of ${name} above ${require.resolve(name)}`);
}

const renderers = new Map<string, string>();
/**
 * Digest of what draws and encodes the cards: every module of this folder (drawing, fitting the title, an
 * editor's picture, the version mark …, read from the repository at `root`) and the satori and sharp
 * releases. No number to remember to bump: a change to any of them gives every card a new version.
 */
export function rendererDigest(root = process.cwd()): string {
  const known = renderers.get(root);
  if (known) return known;
  const hash = createHash('sha256');
  const dir = join(root, CARDS_SOURCE_DIR);
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  for (const name of RENDERER_PACKAGES) hash.update(`${name}@${packageVersion(name, root)}\0`);
  const digest = hash.digest('hex');
  renderers.set(root, digest);
  return digest;
}
