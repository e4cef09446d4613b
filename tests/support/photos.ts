/**
 * The large photo the picture tests and the benchmark use, generated rather
 * than committed (4 MB): 4000×3000, about 3.9 MB, like a photo straight from a
 * phone. Generating it takes a few seconds, so it is kept in .tmp/photos and
 * made again only when this generator changes (its name carries a version).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** The photo's size. */
export const PHOTO = { width: 4000, height: 3000 };
/** Bump when makePhoto changes: the kept file is made again. */
const GENERATION = 1;
/** Where the photo is kept between runs (tests/build/global-setup.ts makes it before the build tests start). */
export const KEPT_PHOTO = join('.tmp', 'photos', `photo-${PHOTO.width}x${PHOTO.height}-v${GENERATION}.jpg`);

/**
 * A photograph-like 4000×3000 JPEG of about 3.9 MB: broad areas of colour, and light and shade at three
 * scales (shapes, texture, grain), at quality 88. Busier than most photos (like foliage or a crowd), so
 * its smaller versions weigh as much as a photo's would or more.
 */
export async function makePhoto(): Promise<Buffer> {
  const { width, height } = PHOTO;
  const noise = (w: number, h: number, sigma: number, channels: 1 | 3) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } })
      .extractChannel(channels === 1 ? 0 : 'red')
      .toColourspace(channels === 1 ? 'b-w' : 'srgb')
      .raw()
      .toBuffer();
  const colour = async (w: number, h: number, sigma: number) => {
    const small = await sharp({
      create: { width: w, height: h, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } },
    })
      .raw()
      .toBuffer();
    return sharp(small, { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  };
  const shade = async (w: number, h: number, sigma: number) =>
    sharp(await noise(w, h, sigma, 1), { raw: { width: w, height: h, channels: 1 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  const grain = sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 9 } } })
    .raw()
    .toBuffer();
  const [broad, patches, shapes, texture, fine] = await Promise.all([
    colour(8, 6, 40),
    colour(40, 30, 14),
    shade(250, 188, 40),
    shade(1000, 750, 28),
    grain,
  ]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let p = 0, i = 0; p < width * height; p++) {
    const light = shapes[p] + texture[p] - 256;
    for (let c = 0; c < 3; c++, i++) {
      const value = broad[i] + patches[i] - 128 + light + fine[i] - 128;
      pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The photo's bytes, made once and kept in .tmp/photos. */
export async function largePhoto(): Promise<Buffer> {
  if (existsSync(KEPT_PHOTO)) return readFileSync(KEPT_PHOTO);
  const photo = await makePhoto();
  mkdirSync(join('.tmp', 'photos'), { recursive: true });
  // Whole or not at all: a run stopped while writing must not leave half a photo to the next.
  writeFileSync(`${KEPT_PHOTO}.${process.pid}.tmp`, photo);
  renameSync(`${KEPT_PHOTO}.${process.pid}.tmp`, KEPT_PHOTO);
  return photo;
}

/**
 * Another photo of the same kind: the same bytes but for one step of the JPEG's quantisation table (the finest
 * detail of every block comes out a little different), so another file whose pixels differ from the photo's and
 * every other variant's, and costs the pipeline the same, without encoding 12 megapixels again. A comment names it.
 */
export function photoVariant(photo: Buffer, variant: number): Buffer {
  const copy = Buffer.from(photo);
  // The first DQT segment (0xFFDB): its first table's 64 steps, in zigzag order, follow the precision/table byte.
  const dqt = copy.indexOf(Buffer.from([0xff, 0xdb]));
  if (dqt < 0 || copy[dqt + 4] >> 4 !== 0) throw new Error('the photo has no 8-bit quantisation table to vary');
  const last = dqt + 5 + 63;
  copy[last] = 1 + ((copy[last] - 1 + variant) % 255);
  const text = Buffer.from(`photo variant ${variant}`, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([copy.subarray(0, 2), segment, text, copy.subarray(2)]);
}
