import { describe, it, expect } from 'vitest';
import { baseWidth, cropOf, FIRST_SCREEN_TEXT, loadingOf, PICTURE_FORMATS, PLACES, widthsFor } from '../../../src/lib/images/layout';
import { slotWidth } from '../../../src/lib/deploy/gate/pictures';

describe('the places of a picture', () => {
  it('are as wide as the layout shows them: the text column, the cover, the blog card', () => {
    const at = (width: number, sizes: string) => slotWidth(sizes, { width, dpr: 1 });
    // The column: 100vw less 2 × 1rem on a phone, 2 × 1.5rem from 640 px, 48rem less 2 × 1.5rem, then 2 × 2rem.
    expect([320, 390, 700, 800, 1280].map((w) => at(w, PLACES.body.sizes))).toEqual([288, 358, 652, 720, 704]);
    expect(PLACES.cover.sizes).toBe(PLACES.body.sizes);
    expect([390, 1280].map((w) => at(w, PLACES.thumbnail.sizes))).toEqual([96, 160]);
  });

  it('offer a version sharp on a phone at 2 and 3 device pixels per px and on a desktop at 1 and 2', () => {
    const fits = (place: (typeof PLACES)[keyof typeof PLACES], slot: number, dpr: number) =>
      place.widths.find((w) => w >= slot * dpr)! / (slot * dpr);
    for (const [slot, dpr] of [
      [358, 2],
      [358, 3],
      [704, 1],
      [704, 2],
    ])
      expect(fits(PLACES.body, slot, dpr), `${slot} px at ${dpr}x`).toBeLessThan(1.1);
    for (const [slot, dpr] of [
      [96, 2],
      [96, 3],
      [160, 1],
      [160, 2],
    ])
      expect(fits(PLACES.thumbnail, slot, dpr), `${slot} px at ${dpr}x`).toBeLessThan(1.3);
    expect(PICTURE_FORMATS).toEqual(['avif', 'webp']);
  });
});

describe('the versions of an upload', () => {
  it('never wider than the upload, which adds its own width when it is narrower than the largest', () => {
    expect(widthsFor(PLACES.body, 4000)).toEqual([360, 720, 1080, 1440]);
    expect(widthsFor(PLACES.body, 1440)).toEqual([360, 720, 1080, 1440]);
    expect(widthsFor(PLACES.body, 900)).toEqual([360, 720, 900]);
    expect(widthsFor(PLACES.body, 200)).toEqual([200]);
    expect(baseWidth(PLACES.body, 4000)).toBe(720);
    expect(baseWidth(PLACES.body, 500)).toBe(500);
  });

  it('cropped to the place’s shape, the largest part of it that fits', () => {
    expect(cropOf(PLACES.cover, 4000, 3000)).toEqual({ width: 4000, height: 2250 });
    expect(cropOf(PLACES.cover, 3000, 1000)).toEqual({ width: 1778, height: 1000 });
    expect(cropOf(PLACES.thumbnail, 1600, 900)).toEqual({ width: 1200, height: 900 });
    expect(cropOf(PLACES.body, 1000, 3000)).toEqual({ width: 1000, height: 3000 });
  });
});

describe('how a picture loads', () => {
  it('at once and first when it leads the page, else when it comes into view', () => {
    expect(loadingOf(true)).toEqual({ loading: 'eager', fetchpriority: 'high', decoding: 'sync' });
    expect(loadingOf(false)).toEqual({ loading: 'lazy', decoding: 'async' });
    expect(FIRST_SCREEN_TEXT).toBeGreaterThan(0);
  });
});
