import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bufferReader, formatOf, pictureInfo, readPictureInfo } from '../../../src/lib/images/info';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc', noise: { type: 'gaussian', mean: 120, sigma: 20 } } });
const info = (bytes: Buffer) => pictureInfo(bufferReader(bytes));

describe('pictureInfo', () => {
  it('reads the kind and size of a JPEG, PNG and WebP (lossy, lossless, with alpha) from the header', async () => {
    expect(info(await picture(640, 480).jpeg().toBuffer())).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(info(await picture(300, 200).png().toBuffer())).toEqual({ format: 'png', width: 300, height: 200 });
    expect(info(await picture(1001, 333).webp().toBuffer())).toEqual({ format: 'webp', width: 1001, height: 333 });
    expect(info(await picture(257, 129).webp({ lossless: true }).toBuffer())).toEqual({ format: 'webp', width: 257, height: 129 });
    const alpha = await picture(120, 90).ensureAlpha(0.5).webp().toBuffer();
    expect(info(alpha)).toEqual({ format: 'webp', width: 120, height: 90 });
  });

  it('finds a JPEG frame after large metadata segments (camera EXIF, a colour profile)', async () => {
    const withProfile = await picture(800, 600)
      .withIccProfile('p3')
      .withExif({ IFD0: { Copyright: 'x'.repeat(20_000) } })
      .jpeg()
      .toBuffer();
    expect(info(withProfile)).toEqual({ format: 'jpeg', width: 800, height: 600 });
  });

  it('knows nothing else: an SVG, a HEIC-like box, text, an empty file, a JPEG cut off before its frame', async () => {
    expect(info(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeUndefined();
    expect(info(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic'))).toBeUndefined();
    expect(info(Buffer.from('not a picture'))).toBeUndefined();
    expect(info(Buffer.alloc(0))).toBeUndefined();
    const jpeg = await picture(640, 480)
      .withExif({ IFD0: { Copyright: 'y'.repeat(5_000) } })
      .jpeg()
      .toBuffer();
    expect(info(jpeg.subarray(0, 1_000))).toBeUndefined();
    expect(formatOf(jpeg)).toBe('jpeg');
  });
});

describe('readPictureInfo', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'picture-info-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file by its header', async () => {
    const file = join(dir, 'team.jpg');
    writeFileSync(file, await picture(1600, 900).jpeg().toBuffer());
    expect(readPictureInfo(file)).toEqual({ format: 'jpeg', width: 1600, height: 900 });
    writeFileSync(join(dir, 'empty.png'), '');
    expect(readPictureInfo(join(dir, 'empty.png'))).toBeUndefined();
  });
});
