import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { BACKGROUND, fitEditorImage, fittingOf, MARGIN } from '../../../src/lib/social-cards/editor-image';
import { imageInfo } from '../../../src/lib/social-cards/image-file';

// Noise compresses badly: a photo-like picture to bring under the size limit.
const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 12 } } });
const options = { page: '/about', src: '/images/team.png', version: 'abcdef012345' };
/** The colour of the card's pixel at (x, y). */
const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};
const white = (rgb: number[]) => rgb.every((c) => c > 245);

describe('fittingOf', () => {
  it('crops a landscape picture (a 4:3 photo too) at least half the card’s size, and places any other whole', () => {
    expect(fittingOf({ width: 1200, height: 630 })).toBe('crop');
    expect(fittingOf({ width: 2400, height: 1260 })).toBe('crop');
    expect(fittingOf({ width: 600, height: 315 })).toBe('crop');
    expect(fittingOf({ width: 1500, height: 1000 })).toBe('crop');
    expect(fittingOf({ width: 4000, height: 3000 })).toBe('crop');
    expect(fittingOf({ width: 1200, height: 1000 })).toBe('place');
    expect(fittingOf({ width: 1000, height: 1000 })).toBe('place');
    expect(fittingOf({ width: 900, height: 1600 })).toBe('place');
    expect(fittingOf({ width: 3000, height: 1000 })).toBe('place');
    expect(fittingOf({ width: 400, height: 210 })).toBe('place');
    expect(fittingOf({})).toBe('place');
  });
});

describe('fitEditorImage', () => {
  it('crops a picture of the card’s shape to a 1200×630 JPEG under 150 KB with its version marked', async () => {
    const card = await fitEditorImage(await noisy(1600, 900).png().toBuffer(), options);
    expect(imageInfo(card)).toEqual({ format: 'jpeg', width: 1200, height: 630, version: 'abcdef012345' });
    expect(card.length).toBeLessThanOrEqual(150 * 1024);
    expect(white(await pixel(card, 5, 5))).toBe(false);
  });

  it('places a square logo whole on a white card, never enlarged: nothing stops the build', async () => {
    const logo = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 1 } } })
      .png()
      .toBuffer();
    const card = await fitEditorImage(logo, options);
    expect(imageInfo(card)).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(white(await pixel(card, 5, 5))).toBe(true);
    expect(white(await pixel(card, 600 - 160, 315))).toBe(true); // left of the logo: it kept its 300 px
    const [r, g, b] = await pixel(card, 600, 315);
    expect(b > 150 && r < 80 && g < 120, `the logo's blue in the middle, not ${[r, g, b]}`).toBe(true);
    expect(BACKGROUND).toBe('#ffffff');
  });

  it('shrinks a tall portrait to fit inside the card’s margin', async () => {
    const card = await fitEditorImage(await noisy(1000, 2000).jpeg().toBuffer(), options);
    expect(imageInfo(card)).toMatchObject({ width: 1200, height: 630 });
    expect(white(await pixel(card, 600, MARGIN - 2))).toBe(true);
    expect(white(await pixel(card, 600, MARGIN + 10))).toBe(false);
    expect(white(await pixel(card, 300, 315))).toBe(true);
  });

  it('keeps even pure noise under the size limit, softened', async () => {
    const noise = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 90 } },
    })
      .png()
      .toBuffer();
    const card = await fitEditorImage(noise, options);
    expect(card.length).toBeLessThanOrEqual(150 * 1024);
  });

  it('refuses only a file that is not a picture, naming the page and the file', async () => {
    await expect(fitEditorImage(Buffer.from('not a picture'), { ...options, src: '/images/a.png' })).rejects.toThrow(
      "The picture /images/a.png of the page /about's social card cannot be used: it is not a picture the build can read",
    );
  });
});
