/**
 * A built page's pictures as a phone receives them, for the pre-publish
 * check: which file each <img> (or the <picture> around it) makes a browser
 * fetch in a 390 px window at 2 device pixels per px, and how many bytes all
 * of them come to, the page scrolled to its end. The choice is the one the
 * HTML standard leaves to browsers, made the way Firefox and Safari make it
 * (the first <source> of a format they show whose media matches, then the
 * smallest candidate at least as dense as the screen); Chromium sometimes
 * takes the next smaller one, so the figure errs on the heavy side. Each
 * <img> must also carry its width and height, or the text jumps when it
 * arrives.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

export interface Viewport {
  /** Window width, CSS px. */
  width: number;
  /** Device pixels per CSS px. */
  dpr: number;
}

/** The phone the budget is counted for (BUDGETS.pictures, ./budgets.ts). */
export const PHONE: Viewport = { width: 390, dpr: 2 };

/** Formats a current browser shows; a <source> of another type is skipped, as a browser would. */
const SHOWN = new Set(['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'image/gif', 'image/svg+xml']);

export interface Candidate {
  url: string;
  /** The `w` descriptor, or undefined for a density one. */
  width?: number;
  density?: number;
}

/** A srcset attribute's candidates (a URL alone counts as 1x). */
export function parseSrcset(srcset: string): Candidate[] {
  return srcset
    .split(/,\s+(?=\S)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [url, descriptor = '1x'] = part.split(/\s+/);
      if (descriptor.endsWith('w')) return { url, width: Number(descriptor.slice(0, -1)) };
      return { url, density: Number(descriptor.slice(0, -1)) };
    });
}

/** Whether a media condition holds in the window: (min-width: …) and (max-width: …) in px or em, joined by `and`; anything else does not. */
export function mediaMatches(media: string, viewport: Viewport): boolean {
  const parts = media.trim().split(/\s+and\s+/i);
  return parts.every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|em|rem)\s*\)$/i.exec(part.trim());
    if (!match) return false;
    const px = Number(match[2]) * (match[3].toLowerCase() === 'px' ? 1 : 16);
    return match[1].toLowerCase() === 'min' ? viewport.width >= px : viewport.width <= px;
  });
}

/** Top-level comma-separated parts (commas inside parentheses stay). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** A CSS length in px for the window: px, vw, em/rem (16 px), calc() of sums and differences, min(), max(); undefined when unknown. */
export function lengthPx(length: string, viewport: Viewport): number | undefined {
  const text = length.trim();
  const fn = /^(calc|min|max)\((.*)\)$/is.exec(text);
  if (fn) {
    const name = fn[1].toLowerCase();
    if (name === 'calc') {
      const terms = fn[2].split(/\s+([+-])\s+/);
      let total = lengthPx(terms[0], viewport);
      for (let i = 1; i < terms.length && total !== undefined; i += 2) {
        const term = lengthPx(terms[i + 1], viewport);
        total = term === undefined ? undefined : terms[i] === '+' ? total + term : total - term;
      }
      return total;
    }
    const values = splitTop(fn[2]).map((arg) => lengthPx(arg, viewport));
    if (values.some((v) => v === undefined)) return undefined;
    return name === 'min' ? Math.min(...(values as number[])) : Math.max(...(values as number[]));
  }
  const match = /^([\d.]+)(px|vw|em|rem)$/i.exec(text);
  if (!match) return text === '0' ? 0 : undefined;
  const value = Number(match[1]);
  const unit = match[2].toLowerCase();
  return unit === 'px' ? value : unit === 'vw' ? (value * viewport.width) / 100 : value * 16;
}

/** The width a `sizes` attribute gives the picture in the window: the first entry whose media matches (100vw without one). */
export function slotWidth(sizes: string | undefined, viewport: Viewport): number {
  for (const entry of splitTop(sizes ?? '')) {
    const match = /^(\(.*\))\s+(\S.*)$/s.exec(entry);
    if (match && !mediaMatches(match[1], viewport)) continue;
    const px = lengthPx(match ? match[2] : entry, viewport);
    if (px !== undefined) return px;
  }
  return viewport.width;
}

/** The candidate a browser fetches: the smallest at least as dense as the screen, or the densest there is. */
export function chooseCandidate(candidates: Candidate[], slot: number, dpr: number): Candidate | undefined {
  const dense = candidates
    .map((c) => ({ c, density: c.width !== undefined ? c.width / slot : (c.density ?? 1) }))
    .sort((a, b) => a.density - b.density);
  return (dense.find((d) => d.density >= dpr) ?? dense.at(-1))?.c;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');

export interface FetchedPicture {
  /** The <img>'s src, naming the picture in messages. */
  src: string;
  /** The file the browser fetches (a path on the site). */
  url: string;
  bytes: number;
  /** Its width and height attributes are there. */
  sized: boolean;
}

/** Every picture of a page and the file a browser in `viewport` fetches for it, with its bytes in `dist` (0 when it is not there: the link rule says so). */
export function pagePictures(dist: string, html: string, viewport: Viewport = PHONE): FetchedPicture[] {
  const pictures: FetchedPicture[] = [];
  // Each <img>, with the <picture> it ends, if any.
  const IMG = /(<picture\b[^>]*>((?:(?!<\/picture>)[\s\S])*?))?(<img\b[^>]*>)/gi;
  for (const match of html.matchAll(IMG)) {
    const img = match[3];
    const src = attr(img, 'src') ?? '';
    const sources = [...(match[2] ?? '').matchAll(/<source\b[^>]*>/gi)].map((m) => m[0]);
    const source = sources.find((s) => {
      const type = attr(s, 'type');
      const media = attr(s, 'media');
      return (!type || SHOWN.has(type)) && (!media || mediaMatches(media, viewport));
    });
    const from = source ?? img;
    const candidates = parseSrcset(attr(from, 'srcset') ?? '');
    // The <img>'s src joins its own candidates as 1x, unless they are widths or have a 1x (the HTML standard's rule).
    if (!source && src && !candidates.some((c) => c.width !== undefined || c.density === 1)) candidates.push({ url: src, density: 1 });
    const chosen = chooseCandidate(candidates, slotWidth(attr(from, 'sizes') ?? attr(img, 'sizes'), viewport), viewport.dpr);
    const url = chosen?.url ?? src;
    const width = Number(attr(img, 'width'));
    const height = Number(attr(img, 'height'));
    pictures.push({ src, url, bytes: url.startsWith('/') ? fileBytes(dist, url) : 0, sized: width > 0 && height > 0 });
  }
  return pictures;
}

function fileBytes(dist: string, url: string): number {
  try {
    return statSync(join(dist, decodeURIComponent(url.split(/[?#]/)[0]))).size;
  } catch {
    return 0;
  }
}
