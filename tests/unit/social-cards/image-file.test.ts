import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { imageInfo, markVersion } from '../../../src/lib/social-cards/image-file';

const blank = (format: 'png' | 'jpeg', width = 1200, height = 630) =>
  sharp({ create: { width, height, channels: 3, background: '#0f172a' } })
    [format]()
    .toBuffer();

describe('imageInfo and markVersion', () => {
  it('read the size of a PNG and a JPEG, and no version before one is marked', async () => {
    expect(imageInfo(await blank('png'))).toEqual({ format: 'png', width: 1200, height: 630 });
    expect(imageInfo(await blank('jpeg', 800, 420))).toEqual({ format: 'jpeg', width: 800, height: 420 });
  });

  it('mark the version so it can be read back, and the file stays an image its decoders read', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const marked = markVersion(await blank(format), '0123456789ab');
      expect(imageInfo(marked)).toEqual({ format, width: 1200, height: 630, version: '0123456789ab' });
      // sharp (libpng with its CRC checks, libjpeg) decodes it as before.
      expect(await sharp(marked).metadata()).toMatchObject({ format, width: 1200, height: 630 });
    }
  });

  it('know no other format', () => {
    expect(imageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(() => markVersion(Buffer.from('GIF89a'), 'x')).toThrow('not a PNG or JPEG');
  });
});
