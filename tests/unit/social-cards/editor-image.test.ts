import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { editorImageProblem, fitEditorImage } from '../../../src/lib/social-cards/editor-image';
import { imageInfo } from '../../../src/lib/social-cards/image-file';

// Noise compresses badly: a photo-like picture to bring under the size limit.
const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 12 } } });

describe('editorImageProblem', () => {
  it('takes a PNG, JPEG or WebP of card shape, at least half the card', () => {
    expect(editorImageProblem({ format: 'jpeg', width: 1200, height: 630 })).toBeUndefined();
    expect(editorImageProblem({ format: 'webp', width: 2400, height: 1260 })).toBeUndefined();
    expect(editorImageProblem({ format: 'png', width: 600, height: 315 })).toBeUndefined();
  });

  it('says why it refuses one, and what would do', () => {
    expect(editorImageProblem({ format: 'gif', width: 1200, height: 630 })).toBe('it is a GIF file; upload a PNG, JPEG or WebP');
    expect(editorImageProblem({ format: 'png', width: 400, height: 210 })).toMatch(/^it is 400×210 px; it needs at least 600×315 px/);
    expect(editorImageProblem({ format: 'jpeg', width: 1000, height: 1000 })).toMatch(
      /^it is 1000×1000 px, 1\.00 times as wide as high; it must be between 1\.5 and 2\.4/,
    );
  });
});

describe('fitEditorImage', () => {
  it('crops a picture to a 1200×630 JPEG under 150 KB with its version marked', async () => {
    const picture = await noisy(1600, 900).png().toBuffer();
    const card = await fitEditorImage(picture, { page: '/about', src: '/images/team.png', version: 'abcdef012345' });
    expect(imageInfo(card)).toEqual({ format: 'jpeg', width: 1200, height: 630, version: 'abcdef012345' });
    expect(card.length).toBeLessThanOrEqual(150 * 1024);
  });

  it('refuses a picture it cannot use, naming the page, the file and the reason', async () => {
    const square = await noisy(800, 800).jpeg().toBuffer();
    await expect(fitEditorImage(square, { page: '/about', src: '/images/square.jpg', version: 'x' })).rejects.toThrow(
      'The social image /images/square.jpg of the page /about (meta › image) cannot be used: it is 800×800 px, 1.00 times as wide as high',
    );
    await expect(fitEditorImage(Buffer.from('not a picture'), { page: '/about', src: '/images/a.png', version: 'x' })).rejects.toThrow(
      /cannot be used: it is not a picture the build can read/,
    );
  });
});
