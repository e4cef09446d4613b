/**
 * The look check's pictures (tests/support/pictures.ts): kept without losing a pixel, tall ones folded
 * and back, and compared so that a change of the palette's closest tints counts while the same pixels pass.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  PAGE_TOLERANCE,
  STATE_TOLERANCE,
  WEBP_MAX_SIDE,
  comparePictures,
  decode,
  fold,
  fromBaseline,
  toBaseline,
  toPng,
  unfold,
  type Picture,
} from '../../support/pictures';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** A picture filled with `hex`, or with a pattern every pixel of which tells its place (for the fold's tests). */
function picture(width: number, height: number, hex?: string): Picture {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = hex ? rgb(hex) : [i & 255, (i >> 8) & 255, (i >> 16) & 255];
    data.set([r, g, b, 255], i * 4);
  }
  return { width, height, data };
}

/** `base` with `count` pixels of its first row painted black. */
function withPixels(base: Picture, count: number): Picture {
  const data = Buffer.from(base.data);
  for (let i = 0; i < count; i++) data.set([0, 0, 0, 255], i * 4);
  return { ...base, data };
}

const css = readFileSync('src/styles/global.css', 'utf8');
const palette: Record<string, string> = { white: '#ffffff' };
for (const m of css.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6})/gi)) palette[m[1]] = m[2];

describe('comparePictures', () => {
  it('passes the same pixels, without a difference', () => {
    const page = picture(40, 30, '#eef4ff');
    expect(comparePictures(page, picture(40, 30, '#eef4ff'), PAGE_TOLERANCE)).toEqual({ same: true, differing: 0 });
  });

  it('tells every two colours of the palette apart: a section turned from one tint to the next fails', () => {
    const names = Object.keys(palette);
    expect(names.length).toBeGreaterThan(10);
    const alike: string[] = [];
    for (const [i, a] of names.entries())
      for (const b of names.slice(i + 1)) {
        const result = comparePictures(picture(20, 20, palette[a]), picture(20, 20, palette[b]), PAGE_TOLERANCE);
        if (result.same || result.differing !== 400) alike.push(`${a}/${b}`);
      }
    expect(alike).toEqual([]);
  });

  it('allows a page a thousandth of its pixels and a state a ten-thousandth, and no more', () => {
    const page = picture(100, 100, '#ffffff');
    expect(comparePictures(page, withPixels(page, 10), PAGE_TOLERANCE)).toEqual({ same: true, differing: 10 });
    const over = comparePictures(page, withPixels(page, 11), PAGE_TOLERANCE);
    expect(over).toMatchObject({ same: false, differing: 11, reason: '11 pixels differ (0.110% of 100×100; at most 10 may)' });
    expect(comparePictures(page, withPixels(page, 1), STATE_TOLERANCE)).toEqual({ same: true, differing: 1 });
    expect(comparePictures(page, withPixels(page, 2), STATE_TOLERANCE)).toMatchObject({ same: false, differing: 2 });
  });

  it('marks the differing pixels in its difference picture', () => {
    const page = picture(50, 50, '#ffffff');
    const result = comparePictures(page, withPixels(page, 50), PAGE_TOLERANCE);
    if (result.same || !result.diff) throw new Error('expected a difference');
    const red = (x: number) => [...result.diff!.data.subarray(x * 4, x * 4 + 3)];
    expect(red(0)).toEqual([255, 0, 0]);
    expect(red(50 * 10)).not.toEqual([255, 0, 0]);
  });

  it('fails a picture of another size, naming both sizes, and shows where in its difference picture', () => {
    const result = comparePictures(picture(40, 30, '#ffffff'), picture(40, 31, '#ffffff'), PAGE_TOLERANCE);
    expect(result).toMatchObject({
      same: false,
      differing: 40,
      reason: 'the picture is 40×31 px, its baseline 40×30 px (40 pixels differ, 3.226%)',
    });
    if (result.same || !result.diff) throw new Error('expected a difference');
    expect([result.diff.width, result.diff.height]).toEqual([40, 31]);
    // The new row is the difference; the rows both have are not.
    expect([...result.diff.data.subarray(40 * 30 * 4, 40 * 30 * 4 + 3)]).toEqual([255, 0, 0]);
    expect([...result.diff.data.subarray(0, 3)]).not.toEqual([255, 0, 0]);
  });
});

describe('the baseline file', () => {
  it('keeps every pixel (lossless) in fewer bytes than the PNG', async () => {
    const page = picture(64, 48);
    const webp = await toBaseline(page);
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');
    expect((await fromBaseline(webp)).data.equals(page.data)).toBe(true);
    expect((await decode(await toPng(page))).data.equals(page.data)).toBe(true);
  });

  it('keeps a page taller than WebP allows folded, and gives it back whole', async () => {
    const tall = picture(3, WEBP_MAX_SIDE * 2 + 5);
    const webp = await toBaseline(tall);
    const meta = await decode(webp);
    expect([meta.width, meta.height]).toEqual([9, WEBP_MAX_SIDE]);
    const back = await fromBaseline(webp);
    expect([back.width, back.height]).toEqual([3, WEBP_MAX_SIDE * 2 + 5]);
    expect(back.data.equals(tall.data)).toBe(true);
  });
});

describe('fold and unfold', () => {
  it('leaves a picture WebP can hold as it is', () => {
    const page = picture(4, WEBP_MAX_SIDE);
    expect(fold(page)).toBe(page);
    expect(unfold(page, WEBP_MAX_SIDE)).toBe(page);
  });

  it('lays the bands side by side, the second band beside the first', () => {
    const tall = picture(2, WEBP_MAX_SIDE + 1);
    const folded = fold(tall);
    expect([folded.width, folded.height]).toEqual([4, WEBP_MAX_SIDE]);
    // The first row of the second band is the tall picture's row WEBP_MAX_SIDE.
    expect(folded.data.subarray(8, 16).equals(tall.data.subarray(WEBP_MAX_SIDE * 8, WEBP_MAX_SIDE * 8 + 8))).toBe(true);
    expect(unfold(folded, tall.height).data.equals(tall.data)).toBe(true);
  });

  it('refuses what it cannot fold or unfold', () => {
    // Refused before a pixel is read: two bands of 8,192 px would be wider than WebP's side.
    expect(() => fold({ width: 8_192, height: WEBP_MAX_SIDE + 1, data: Buffer.alloc(0) })).toThrow('cannot be folded');
    expect(() => unfold(picture(3, 100), WEBP_MAX_SIDE + 1)).toThrow('is not a fold of 2 bands');
  });
});
