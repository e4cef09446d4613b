/**
 * The two image formats cards are written in, read and marked without a
 * decoder: a card's size from its header, and the card's version written into
 * the file itself (a PNG tEXt chunk, a JPEG comment), so the pre-publish check
 * can tell that the file a page names is the card of that page's version and
 * not a stale or foreign one.
 */
import { crc32 } from 'node:zlib';

export type ImageFormat = 'png' | 'jpeg';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
  /** The version marked in the file, when there is one. */
  version?: string;
}

/** The key of the PNG text chunk and the prefix of the JPEG comment that hold the version. */
export const VERSION_KEY = 'social-card-version';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The image with its version marked: a tEXt chunk after a PNG's header chunk, a comment after a JPEG's start marker. */
export function markVersion(image: Buffer, version: string): Buffer {
  const format = formatOf(image);
  if (format === 'png') {
    const ihdrEnd = 8 + 8 + image.readUInt32BE(8) + 4;
    const text = pngChunk('tEXt', Buffer.from(`${VERSION_KEY}\0${version}`, 'latin1'));
    return Buffer.concat([image.subarray(0, ihdrEnd), text, image.subarray(ihdrEnd)]);
  }
  if (format === 'jpeg') {
    const comment = Buffer.from(`${VERSION_KEY}=${version}`, 'latin1');
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(comment.length + 2, 2);
    return Buffer.concat([image.subarray(0, 2), segment, comment, image.subarray(2)]);
  }
  throw new Error('not a PNG or JPEG file');
}

export function formatOf(image: Buffer): ImageFormat | undefined {
  if (image.length >= 24 && image.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (image.length >= 4 && image[0] === 0xff && image[1] === 0xd8) return 'jpeg';
  return undefined;
}

function pngInfo(image: Buffer): ImageInfo {
  const info: ImageInfo = { format: 'png', width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  for (let offset = 8; offset + 8 <= image.length;) {
    const length = image.readUInt32BE(offset);
    const type = image.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT' || type === 'IEND') break; // text chunks that matter come before the pixels
    if (type === 'tEXt') {
      const [key, value] = image.toString('latin1', offset + 8, offset + 8 + length).split('\0');
      if (key === VERSION_KEY) info.version = value;
    }
    offset += 12 + length;
  }
  return info;
}

function jpegInfo(image: Buffer): ImageInfo | undefined {
  let version: string | undefined;
  for (let offset = 2; offset + 4 <= image.length;) {
    if (image[offset] !== 0xff) return undefined;
    const marker = image[offset + 1];
    const length = image.readUInt16BE(offset + 2);
    if (marker === 0xfe) {
      const text = image.toString('latin1', offset + 4, offset + 2 + length);
      if (text.startsWith(`${VERSION_KEY}=`)) version = text.slice(VERSION_KEY.length + 1);
    }
    // Start of frame (baseline, progressive …, not DHT/JPG/DAC): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        format: 'jpeg',
        height: image.readUInt16BE(offset + 5),
        width: image.readUInt16BE(offset + 7),
        ...(version ? { version } : {}),
      };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** Format, size and marked version of a PNG or JPEG file; undefined for anything else. */
export function imageInfo(image: Buffer): ImageInfo | undefined {
  const format = formatOf(image);
  if (format === 'png') return pngInfo(image);
  if (format === 'jpeg') return jpegInfo(image);
  return undefined;
}
