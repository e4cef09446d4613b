/**
 * Drawing a card: satori lays the card out as SVG (flexbox, text wrapped with
 * the committed fonts), sharp turns it into a PNG. The title's type size
 * comes from ./fit.ts; fonts for other scripts are handed to satori only when
 * it reports text the Latin font lacks (`loadAdditionalAsset`), so a Latin
 * title never loads the 2 MB CJK font.
 */
import satori from 'satori';
import sharp from 'sharp';
import { BASE_FONTS, FALLBACK_FONTS, readFont, type CardAssets, type CardFont } from './assets';
import { CARD_HEIGHT, CARD_WIDTH, type DrawnSpec } from './card';
import { fitTitle, type TitleBox } from './fit';
import { markVersion } from './image-file';
import { scriptsOf, type Script } from './text';

const PADDING_X = 80;
const PADDING_Y = 64;
/** The title's box: the card less its padding, header and footer rows. */
export const TITLE_BOX: TitleBox = { width: CARD_WIDTH - 2 * PADDING_X, height: 300, lineHeight: 1.15, sizes: [76, 68, 60, 52, 46, 40] };

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[]; [key: string]: unknown };
};
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: Node['props']['children'],
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style: { display: 'flex', boxSizing: 'border-box', ...style }, ...(children === undefined ? {} : { children }) },
});

/** The card as satori's element tree. */
export function cardTree(spec: DrawnSpec, { colours, mark }: Pick<CardAssets, 'colours' | 'mark'>): Node {
  const fitted = spec.title ? fitTitle(spec.title, TITLE_BOX) : undefined;
  const header = h('div', { alignItems: 'center', width: '100%' }, [
    h('img', { width: 72, height: 72 }, undefined, { src: mark, width: 72, height: 72 }),
    h('div', { marginLeft: 24, fontSize: 44, fontWeight: 700, color: '#ffffff' }, spec.brand),
    h(
      'div',
      {
        marginLeft: 'auto',
        padding: '10px 24px',
        borderRadius: 999,
        backgroundColor: colours.brand700,
        color: '#ffffff',
        fontSize: 28,
        fontWeight: 500,
      },
      spec.label,
    ),
  ]);
  const title = fitted
    ? h(
        'div',
        {
          display: 'block',
          width: '100%',
          fontSize: fitted.fontSize,
          lineHeight: TITLE_BOX.lineHeight,
          fontWeight: 700,
          color: '#ffffff',
          wordBreak: 'break-word',
          // The last guard: the fit's estimate errs wide, so this should never cut a word.
          lineClamp: fitted.maxLines,
        },
        spec.title,
      )
    : h('div', {
        width: '100%',
        height: 12,
        backgroundImage: `linear-gradient(90deg, ${colours.brand700}, ${colours.accent600})`,
        borderRadius: 6,
      });
  return h(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `${PADDING_Y}px ${PADDING_X}px`,
      backgroundColor: colours.ink900,
      fontFamily: 'Inter',
      position: 'relative',
    },
    [
      h('div', {
        position: 'absolute',
        top: 0,
        left: 0,
        width: CARD_WIDTH,
        height: 14,
        backgroundImage: `linear-gradient(90deg, ${colours.brand700}, ${colours.accent600})`,
      }),
      header,
      h('div', { width: '100%', height: TITLE_BOX.height, alignItems: 'center' }, title),
      h('div', { width: '100%', alignItems: 'center', fontSize: 28, fontWeight: 500, color: colours.ink200 }, spec.host),
    ],
  );
}

/** The fallback fonts for a run of text the loaded fonts lack: those of its scripts (none for emoji or unknown symbols). */
export function fallbackFontsFor(segment: string): CardFont[] {
  return scriptsOf(segment).flatMap((script: Script) => FALLBACK_FONTS[script]);
}

export interface RenderOptions {
  /** Called with each script's fonts as they are loaded (tests, timing). */
  onFallback?: (segment: string, fonts: CardFont[]) => void;
}

const toFont = (font: CardFont) => ({ name: font.name, data: readFont(font), weight: font.weight, style: 'normal' as const });
let baseFonts: ReturnType<typeof toFont>[] | undefined;

/** The PNG of a drawn card, its version marked in the file. */
export async function renderCard(spec: DrawnSpec, assets: CardAssets, version: string, options: RenderOptions = {}): Promise<Buffer> {
  // One array for every card: satori keeps the fonts it parsed for the array it was given (a new one is parsed anew).
  baseFonts ??= BASE_FONTS.map(toFont);
  const svg = await satori(cardTree(spec, assets) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: baseFonts,
    loadAdditionalAsset: async (_language, segment) => {
      const fonts = fallbackFontsFor(segment);
      options.onFallback?.(segment, fonts);
      return fonts.map(toFont);
    },
    // An unsupported style must fail the build loudly, not draw a broken card.
    onStyleError: (error) => {
      throw new Error(`social card style: ${error.message}`);
    },
  });
  // True colour at zlib level 6: measured ~2 ms of CPU over the rasterising (~60 KB a card), where a palette PNG takes
  // ~13 ms more for ~25 KB; the build time is the tighter goal (≤ 60 s per 1,000 cold), the size limit is 150 KB.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  return markVersion(png, version);
}
