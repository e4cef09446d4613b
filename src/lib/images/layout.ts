/**
 * Where an editor's picture appears and what each place asks of the image
 * pipeline: the widths it writes (device pixels), the `sizes` that tell the
 * browser how wide the picture is shown at each window width (CSS pixels, from
 * the layouts' classes), the shape it is cropped to, and which pictures load
 * at once. The browser then fetches the smallest version that is sharp on its
 * screen: about 720 px wide on a phone, the pre-publish check's budget assumes
 * the same (src/lib/deploy/gate/pictures.ts).
 */

/** The formats written, best first: each a <source> of the <picture>; the last is also the <img>'s, for browsers without the first. */
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormatOut = (typeof PICTURE_FORMATS)[number];
export const MIME: Record<PictureFormatOut, string> = { avif: 'image/avif', webp: 'image/webp' };

export interface Place {
  /** Widths written, in device pixels, smallest first; never wider than the upload. */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the picture is shown, by window width. */
  sizes: string;
  /** Width to height when the place crops the picture (around its most striking part); none: the upload's own shape. */
  aspect?: number;
  /** The width the <img>'s own `src` and `width`/`height` name: the version for a one-pixel-per-px screen. */
  base: number;
  /** Classes of the <img>. */
  className: string;
}

/**
 * The text column of posts, products and services (`container-page max-w-3xl`: 48rem less its side padding of
 * 1rem, 1.5rem from 640 px, 2rem from 1024 px): 100vw − 32 px on a phone, 720 px from 768 px, 704 px from 1024 px.
 */
const COLUMN_SIZES = '(min-width: 1024px) 704px, (min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';
/** 360 px for a small phone, 720 for a phone (2 device pixels per px) and the desktop column, 1080 and 1440 for denser screens. */
const COLUMN_WIDTHS = [360, 720, 1080, 1440];

export const PLACES = {
  /** A picture in a post's, product's or service's text: the column's width, its own shape. */
  body: { widths: COLUMN_WIDTHS, sizes: COLUMN_SIZES, base: 720, className: 'h-auto w-full rounded-lg' },
  /** A post's cover, above its text: the column's width, 16:9. */
  cover: { widths: COLUMN_WIDTHS, sizes: COLUMN_SIZES, aspect: 16 / 9, base: 720, className: 'h-auto w-full rounded-lg' },
  /** A post's cover on its /blog card: beside the title, 6rem wide on a phone, 10rem from 640 px, 4:3. */
  thumbnail: {
    widths: [160, 240, 320, 480],
    sizes: '(min-width: 640px) 160px, 96px',
    aspect: 4 / 3,
    base: 160,
    className: 'h-auto w-24 rounded-md sm:w-40',
  },
} as const satisfies Record<string, Place>;
export type PlaceName = keyof typeof PLACES;

export interface Crop {
  width: number;
  height: number;
}

/** The largest part of an upload of `width`×`height` in the place's shape (the whole upload when the place keeps its shape). */
export function cropOf(place: Place, width: number, height: number): Crop {
  if (!place.aspect) return { width, height };
  return width / height > place.aspect
    ? { width: Math.round(height * place.aspect), height }
    : { width, height: Math.round(width / place.aspect) };
}

/** The widths to write for an upload `available` px wide: the place's, none wider than the upload (which then adds its own width). */
export function widthsFor(place: Place, available: number): number[] {
  const fitting = place.widths.filter((w) => w < available);
  return fitting.length === place.widths.length ? [...fitting] : [...fitting, available];
}

/** The <img>'s own width (and the one its width/height attributes name): the place's base, or the upload's when narrower. */
export const baseWidth = (place: Place, available: number) => Math.min(place.base, available);

/**
 * Characters of a post's text before its first picture that still leave the picture on a phone's first
 * screen (390×844: the header, the title and the date take about half, a paragraph of ~300 characters
 * ~8 lines of the rest). Such a picture is the page's largest paint: it loads at once, first.
 */
export const FIRST_SCREEN_TEXT = 300;

export interface Loading {
  loading: 'eager' | 'lazy';
  fetchpriority?: 'high';
  decoding: 'sync' | 'async';
}

/**
 * How a picture loads: the one that leads the page (the largest paint of its first screen) at once, first, and
 * painted with the text around it; any other when it comes into view, decoded off the main thread.
 */
export function loadingOf(leads: boolean): Loading {
  return leads ? { loading: 'eager', fetchpriority: 'high', decoding: 'sync' } : { loading: 'lazy', decoding: 'async' };
}
