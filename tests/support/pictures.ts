/**
 * Pictures of pages, as the look check keeps and compares them (tests/e2e/checks/look.ts): decoded to
 * raw RGBA, compared pixel by pixel, and kept as lossless WebP, which holds a page's picture in about
 * half the bytes of Playwright's PNG (the whole set of 2400-px tops: 19.4 MB as PNG, 10.2 MB as WebP),
 * so whole pages fit the set's budget (scripts/check-repo.mjs). Lossless: the baseline is the page's
 * pixels, not an approximation that a tolerance would have to absorb.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** A picture's pixels, RGBA, row by row. */
export interface Picture {
  width: number;
  height: number;
  data: Buffer;
}

/** How a picture is judged against its baseline. */
export interface Tolerance {
  /** Share of the pixels that may differ (0 to 1). */
  maxDiffPixelRatio: number;
  /** How far a pixel's colour may move before it counts (pixelmatch's OKLab HyAB distance, 0 to 1). */
  threshold: number;
}

/**
 * A page's tolerance. The same build gives the same pixels (ten runs, no pixel apart), so the share is
 * headroom for a rounding in the engine, far under a moved column or a changed background (tens of
 * thousands of pixels). The colour distance tells every two colours of the palette apart: the closest,
 * ink-50 and white, are 0.022 apart, so pixelmatch's default of 0.1 would let a section's background
 * change to another tint pass unseen (tests/unit/support/pictures.test.ts holds it to the palette).
 */
export const PAGE_TOLERANCE: Tolerance = { maxDiffPixelRatio: 0.001, threshold: 0.01 };
/** A state's: a tenth of a page's share, since its change is small (a notice's icon drawn wrong is 900 pixels of a window). */
export const STATE_TOLERANCE: Tolerance = { ...PAGE_TOLERANCE, maxDiffPixelRatio: PAGE_TOLERANCE.maxDiffPixelRatio / 10 };

export type Comparison = { same: true; differing: number } | { same: false; reason: string; differing?: number; diff?: Picture };

/** WebP's largest side, px. A taller picture is kept folded: its bands side by side (fold, unfold). */
export const WEBP_MAX_SIDE = 16_383;

export async function decode(file: Buffer | string): Promise<Picture> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const toSharp = ({ width, height, data }: Picture) => sharp(data, { raw: { width, height, channels: 4 } });

/** For a person to look at, in the test's report (any height). */
export const toPng = (picture: Picture): Promise<Buffer> => toSharp(picture).png().toBuffer();

/** A folded baseline's page height, in its XMP (a fold's last band is padded, so its size alone does not tell). */
const FOLD_XMP = (height: number) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description xmlns:look="urn:corvana:look" look:height="${height}"/></rdf:RDF></x:xmpmeta>`;

/**
 * A page's picture as its baseline keeps it: lossless WebP, folded when taller than WebP allows. Effort 4
 * of 6: 6 makes the files 5% larger here and takes twice as long.
 */
export function toBaseline(picture: Picture): Promise<Buffer> {
  const folded = fold(picture);
  const image = toSharp(folded).removeAlpha();
  return (folded === picture ? image : image.withXmp(FOLD_XMP(picture.height))).webp({ lossless: true, effort: 4 }).toBuffer();
}

/** A baseline back to the page's picture. */
export async function fromBaseline(file: Buffer | string): Promise<Picture> {
  const [picture, { xmpAsString }] = await Promise.all([decode(file), sharp(file).metadata()]);
  const height = /look:height="(\d+)"/.exec(xmpAsString ?? '')?.[1];
  return height ? unfold(picture, Number(height)) : picture;
}

const bandsOf = (height: number) => Math.max(1, Math.ceil(height / WEBP_MAX_SIDE));

/**
 * A picture taller than WebP's side as bands of WEBP_MAX_SIDE px laid side by side (the last one padded
 * with transparent rows). A shorter one is returned as it is.
 */
export function fold(picture: Picture): Picture {
  const bands = bandsOf(picture.height);
  if (bands === 1) return picture;
  const { width, height, data } = picture;
  const row = width * 4;
  if (width * bands > WEBP_MAX_SIDE) throw new Error(`a picture ${width}×${height} px cannot be folded into ${WEBP_MAX_SIDE} px`);
  const out = Buffer.alloc(row * bands * WEBP_MAX_SIDE);
  for (let y = 0; y < height; y++) {
    const band = Math.floor(y / WEBP_MAX_SIDE);
    data.copy(out, (y % WEBP_MAX_SIDE) * row * bands + band * row, y * row, (y + 1) * row);
  }
  return { width: width * bands, height: WEBP_MAX_SIDE, data: out };
}

/** The inverse of fold, for a picture of `height` px. */
export function unfold(picture: Picture, height: number): Picture {
  const bands = bandsOf(height);
  if (bands === 1) return picture;
  if (picture.height !== WEBP_MAX_SIDE || picture.width % bands !== 0)
    throw new Error(`a picture ${picture.width}×${picture.height} px is not a fold of ${bands} bands`);
  const width = picture.width / bands;
  const row = width * 4;
  const out = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const band = Math.floor(y / WEBP_MAX_SIDE);
    picture.data.copy(out, y * row, (y % WEBP_MAX_SIDE) * row * bands + band * row, (y % WEBP_MAX_SIDE) * row * bands + (band + 1) * row);
  }
  return { width, height, data: out };
}

/** `picture` on a canvas of `width`×`height`, the new space magenta (a colour no page uses, as Playwright's masks). */
function padded(picture: Picture, width: number, height: number): Picture {
  if (picture.width === width && picture.height === height) return picture;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([255, 0, 255, 255], i * 4);
  for (let y = 0; y < picture.height; y++) picture.data.copy(data, y * width * 4, y * picture.width * 4, (y + 1) * picture.width * 4);
  return { width, height, data };
}

/**
 * The new picture against its baseline. A different size is a difference in itself (a page grown or shrunk
 * by a row moves everything under it), and its difference picture still shows where: both laid on the
 * larger canvas. The same bytes are the same picture without a pixel's arithmetic.
 */
export function comparePictures(expected: Picture, actual: Picture, tolerance: Tolerance): Comparison {
  if (expected.width === actual.width && expected.height === actual.height && expected.data.equals(actual.data))
    return { same: true, differing: 0 };
  const [width, height] = [Math.max(expected.width, actual.width), Math.max(expected.height, actual.height)];
  const diff = Buffer.alloc(width * height * 4);
  const differing = pixelmatch(padded(expected, width, height).data, padded(actual, width, height).data, diff, width, height, {
    threshold: tolerance.threshold,
  });
  const share = `${((differing / (width * height)) * 100).toFixed(3)}%`;
  if (expected.width !== actual.width || expected.height !== actual.height)
    return {
      same: false,
      differing,
      reason: `the picture is ${actual.width}×${actual.height} px, its baseline ${expected.width}×${expected.height} px (${differing} pixels differ, ${share})`,
      diff: { width, height, data: diff },
    };
  const allowed = Math.floor(width * height * tolerance.maxDiffPixelRatio);
  if (differing <= allowed) return { same: true, differing };
  return {
    same: false,
    differing,
    reason: `${differing} pixels differ (${share} of ${width}×${height}; at most ${allowed} may)`,
    diff: { width, height, data: diff },
  };
}
