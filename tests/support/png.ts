/**
 * Reads the PNG screenshots Playwright takes (8-bit RGB or RGBA, not
 * interlaced) into RGBA pixels, so tests can measure colours as drawn.
 */
import { inflateSync } from 'node:zlib';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

export function decodePng(png: Buffer): Pixels {
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const body = png.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour ${colour})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      line[i] = (line[i] + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      out.set(line.subarray(x * channels, x * channels + 3), (y * width + x) * 4);
      out[(y * width + x) * 4 + 3] = channels === 4 ? line[x * channels + 3] : 255;
    }
    prev = line;
  }
  return { width, height, data: out };
}

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (d: Uint8Array, i: number) => 0.2126 * channel(d[i]) + 0.7152 * channel(d[i + 1]) + 0.0722 * channel(d[i + 2]);

/** WCAG contrast ratio between two sRGB pixels. */
export function contrastAt(a: Uint8Array, b: Uint8Array, i: number): number {
  const [hi, lo] = [luminance(a, i), luminance(b, i)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * How a focus indicator changes the pixels: the same area drawn unfocused
 * and focused; counts the pixels whose colour changes by at least 3:1 and
 * gives the largest change.
 */
export function focusChange(unfocused: Pixels, focused: Pixels): { strongPixels: number; maxRatio: number } {
  let strongPixels = 0;
  let maxRatio = 1;
  for (let i = 0; i < unfocused.data.length; i += 4) {
    const ratio = contrastAt(unfocused.data, focused.data, i);
    if (ratio >= 3) strongPixels++;
    if (ratio > maxRatio) maxRatio = ratio;
  }
  return { strongPixels, maxRatio };
}
