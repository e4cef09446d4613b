import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chooseCandidate,
  lengthPx,
  mediaMatches,
  pagePictures,
  parseSrcset,
  PHONE,
  slotWidth,
} from '../../../../src/lib/deploy/gate/pictures';

const phone = PHONE;
const desktop = { width: 1280, dpr: 1 };

describe('reading the markup', () => {
  it('parses srcset candidates, a lone URL counting as 1x', () => {
    expect(parseSrcset('/a.avif 360w, /b.avif 720w')).toEqual([
      { url: '/a.avif', width: 360 },
      { url: '/b.avif', width: 720 },
    ]);
    expect(parseSrcset('/a.png, /b.png 2x')).toEqual([
      { url: '/a.png', density: 1 },
      { url: '/b.png', density: 2 },
    ]);
  });

  it('evaluates width media conditions, lengths and sizes for a window', () => {
    expect(mediaMatches('(min-width: 1024px)', desktop)).toBe(true);
    expect(mediaMatches('(min-width: 40em) and (max-width: 400px)', phone)).toBe(false);
    expect(mediaMatches('(orientation: portrait)', phone)).toBe(false);
    expect(lengthPx('calc(100vw - 32px)', phone)).toBe(358);
    expect(lengthPx('min(100vw, 40rem)', desktop)).toBe(640);
    expect(lengthPx('max(50vw, 300px)', phone)).toBe(300);
    expect(lengthPx('auto', phone)).toBeUndefined();
    const sizes = '(min-width: 1024px) 704px, (min-width: 768px) 720px, calc(100vw - 32px)';
    expect(slotWidth(sizes, phone)).toBe(358);
    expect(slotWidth(sizes, desktop)).toBe(704);
    expect(slotWidth(undefined, phone)).toBe(390);
    expect(slotWidth('(min-width: 600px) 50vw, nonsense', phone)).toBe(390);
  });

  it('chooses the smallest candidate at least as dense as the screen, or the densest', () => {
    const candidates = parseSrcset('/360.avif 360w, /720.avif 720w, /1080.avif 1080w');
    expect(chooseCandidate(candidates, 358, 2)?.url).toBe('/720.avif');
    expect(chooseCandidate(candidates, 358, 3)?.url).toBe('/1080.avif');
    expect(chooseCandidate(candidates, 704, 2)?.url).toBe('/1080.avif');
    expect(chooseCandidate(parseSrcset('/a.png, /b.png 2x'), 100, 2)?.url).toBe('/b.png');
    expect(chooseCandidate([], 100, 2)).toBeUndefined();
  });
});

describe('pagePictures', () => {
  let dist: string;
  const sizes = 'calc(100vw - 32px)';
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'gate-pictures-'));
    mkdirSync(join(dist, '_astro'));
    for (const [name, bytes] of Object.entries({ 'a360.avif': 10, 'a720.avif': 40, 'w720.webp': 60, 'w360.webp': 20, 'logo.png': 5 }))
      writeFileSync(join(dist, '_astro', name), Buffer.alloc(bytes));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('takes the first source of a format browsers show, the file it picks, and its bytes', () => {
    const html =
      '<p>x</p><picture><source type="image/jxl" srcset="/_astro/x.jxl 720w">' +
      `<source type="image/avif" srcset="/_astro/a360.avif 360w, /_astro/a720.avif 720w" sizes="${sizes}">` +
      `<img src="/_astro/w720.webp" srcset="/_astro/w360.webp 360w, /_astro/w720.webp 720w" sizes="${sizes}" width="720" height="540" alt="A"></picture>` +
      '<img src="/_astro/logo.png" alt="Logo">';
    expect(pagePictures(dist, html)).toEqual([
      { src: '/_astro/w720.webp', url: '/_astro/a720.avif', bytes: 40, sized: true },
      { src: '/_astro/logo.png', url: '/_astro/logo.png', bytes: 5, sized: false },
    ]);
    // A browser without a matching source falls back to the <img>'s own candidates.
    const webpOnly = `<picture><source media="(min-width: 2000px)" srcset="/_astro/a720.avif"><img src="/_astro/w720.webp" srcset="/_astro/w360.webp 360w, /_astro/w720.webp 720w" sizes="${sizes}" width="1" height="1" alt=""></picture>`;
    expect(pagePictures(dist, webpOnly)).toEqual([{ src: '/_astro/w720.webp', url: '/_astro/w720.webp', bytes: 60, sized: true }]);
    expect(pagePictures(dist, webpOnly, { width: 390, dpr: 0.9 })[0].url).toBe('/_astro/w360.webp');
  });

  it('counts nothing for a data URL or another site, and 0 for a file not in the build (the link rule names it)', () => {
    const html =
      '<img src="data:image/png;base64,AAAA" width="1" height="1"><img src="https://x.example/a.png" width="1" height="1"><img src="/_astro/gone.png" width="1" height="1">';
    expect(pagePictures(dist, html).map((p) => p.bytes)).toEqual([0, 0, 0]);
  });
});
