/**
 * An editor's picture in place of the drawn card (`meta.image`): cropped to
 * 1200×630 around its most interesting part and written as a JPEG under the
 * size limit, or refused with a message that says why and what to upload.
 */
import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH, MAX_CARD_BYTES } from './card';
import { markVersion } from './image-file';

/** The least the picture may measure: below half the card's size it would look blurred. */
export const MIN_WIDTH = CARD_WIDTH / 2;
export const MIN_HEIGHT = CARD_HEIGHT / 2;
/** Width to height: the card is 1.9:1; outside these, cropping would cut off too much. */
export const MIN_RATIO = 1.5;
export const MAX_RATIO = 2.4;
const FORMATS = ['jpeg', 'png', 'webp'];

export interface SourceImage {
  format?: string;
  width?: number;
  height?: number;
}

/** Why the picture cannot be a card, or undefined when it can. */
export function editorImageProblem({ format, width, height }: SourceImage): string | undefined {
  if (!format || !FORMATS.includes(format))
    return `it is ${format ? `a ${format.toUpperCase()} file` : 'not a picture'}; upload a PNG, JPEG or WebP`;
  if (!width || !height) return 'its size cannot be read; save it again as PNG or JPEG';
  if (width < MIN_WIDTH || height < MIN_HEIGHT)
    return `it is ${width}×${height} px; it needs at least ${MIN_WIDTH}×${MIN_HEIGHT} px (shown at ${CARD_WIDTH}×${CARD_HEIGHT}, a smaller picture looks blurred)`;
  const ratio = width / height;
  if (ratio < MIN_RATIO || ratio > MAX_RATIO)
    return `it is ${width}×${height} px, ${ratio.toFixed(2)} times as wide as high; it must be between ${MIN_RATIO} and ${MAX_RATIO} (the card is ${(CARD_WIDTH / CARD_HEIGHT).toFixed(2)}), or cropping it to ${CARD_WIDTH}×${CARD_HEIGHT} would cut off too much`;
  return undefined;
}

/** The editor's picture as the page's card: a 1200×630 JPEG under MAX_CARD_BYTES, its version marked; throws with the reason it cannot be. */
export async function fitEditorImage(
  bytes: Buffer,
  { page, src, version }: { page: string; src: string; version: string },
): Promise<Buffer> {
  const refuse = (why: string) => new Error(`The social image ${src} of the page ${page} (meta › image) cannot be used: ${why}.`);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw refuse('it is not a picture the build can read; upload a PNG, JPEG or WebP');
  }
  const problem = editorImageProblem(metadata);
  if (problem) throw refuse(problem);
  const fitted = sharp(bytes)
    .rotate()
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' });
  for (const quality of [82, 72, 62, 52]) {
    const jpeg = await fitted.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_CARD_BYTES) return markVersion(jpeg, version);
  }
  throw refuse(`even at low quality it is over ${MAX_CARD_BYTES / 1024} KB as a JPEG; upload a simpler picture`);
}
