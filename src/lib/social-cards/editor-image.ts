/**
 * An editor's picture as a page's card (its social image, or a post's
 * cover), fitted to 1200×630 and written as a JPEG under the size limit. No
 * shape stops the build: a landscape picture (1.3 to 2.4 times as wide as
 * high: a 4:3 or 3:2 photo, a banner) at least half the card's size is cropped
 * to fill it,
 * around its most striking part; any other (a square logo, a portrait photo,
 * a small picture) is placed whole in the middle of a white card, never
 * enlarged, so nothing of it is cut off or blurred. Only a file that is not a
 * picture at all is refused (the content check names it before the build).
 */
import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH, MAX_CARD_BYTES } from './card';
import { markVersion } from './image-file';

/** The least a picture may measure to be cropped to fill the card: below half the card's size it would look blurred. */
export const MIN_WIDTH = CARD_WIDTH / 2;
export const MIN_HEIGHT = CARD_HEIGHT / 2;
/** Width to height: the card is 1.9:1; a 4:3 photo loses a third of its height to the crop, a squarer picture would lose too much. */
export const MIN_RATIO = 1.3;
export const MAX_RATIO = 2.4;
/** A placed picture keeps this much of the card's white around it. */
export const MARGIN = 48;
/** The card behind a placed picture (and behind a cropped one's transparent parts). */
export const BACKGROUND = '#ffffff';

export interface SourceImage {
  width?: number;
  height?: number;
}

export type Fitting = 'crop' | 'place';

/** How a picture of this size becomes a card: cropped to fill it, or placed whole on it. */
export function fittingOf({ width, height }: SourceImage): Fitting {
  if (!width || !height || width < MIN_WIDTH || height < MIN_HEIGHT) return 'place';
  const ratio = width / height;
  return ratio >= MIN_RATIO && ratio <= MAX_RATIO ? 'crop' : 'place';
}

/** The editor's picture as the page's card: a 1200×630 JPEG under MAX_CARD_BYTES, its version marked; throws only for a file that is not a picture. */
export async function fitEditorImage(
  bytes: Buffer,
  { page, src, version }: { page: string; src: string; version: string },
): Promise<Buffer> {
  const refuse = (why: string) => new Error(`The picture ${src} of the page ${page}'s social card cannot be used: ${why}.`);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw refuse('it is not a picture the build can read; upload a PNG, JPEG or WebP');
  }
  // The size as shown: a photo turned by its EXIF orientation has width and height swapped.
  const turned = (metadata.orientation ?? 1) >= 5;
  const shown = { width: turned ? metadata.height : metadata.width, height: turned ? metadata.width : metadata.height };
  const fitted = fittingOf(shown) === 'crop' ? cropped(bytes) : await placed(bytes);
  // Lower quality until the card is under the limit; a picture that is still over it (fine noise everywhere) is softened.
  const attempts = [...[82, 72, 62, 52, 42].map((quality) => ({ quality, blur: 0 })), ...[1, 2, 4].map((blur) => ({ quality: 42, blur }))];
  for (const { quality, blur } of attempts) {
    const image = blur ? fitted.clone().blur(blur) : fitted.clone();
    const jpeg = await image.jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_CARD_BYTES) return markVersion(jpeg, version);
  }
  throw refuse(`even softened it is over ${MAX_CARD_BYTES / 1024} KB as a JPEG`);
}

/** Cropped to fill the card, around its most striking part (sharp's attention strategy). */
const cropped = (bytes: Buffer) =>
  sharp(bytes).rotate().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' }).flatten({ background: BACKGROUND });

/** Placed whole in the middle of a white card, shrunk to fit inside its margin, never enlarged. */
async function placed(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(CARD_WIDTH - 2 * MARGIN, CARD_HEIGHT - 2 * MARGIN, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: BACKGROUND })
    .toBuffer({ resolveWithObject: true });
  const left = Math.floor((CARD_WIDTH - info.width) / 2);
  const top = Math.floor((CARD_HEIGHT - info.height) / 2);
  return sharp(data).extend({
    left,
    right: CARD_WIDTH - info.width - left,
    top,
    bottom: CARD_HEIGHT - info.height - top,
    background: BACKGROUND,
  });
}
