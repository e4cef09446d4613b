/**
 * What kind of picture a file holds and its size, read from its header
 * without a decoder, synchronously, and without reading a 4 MB photo whole:
 * the content check runs before every build and on every save in `astro dev`.
 * A JPEG, PNG or WebP whose size can be read is one the image pipeline
 * (sharp) can open; anything else (a HEIC renamed .jpg, an SVG, an empty or
 * cut-off upload) is named by the content check before the build starts.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type PictureFormat = 'jpeg' | 'png' | 'webp';

export interface PictureInfo {
  format: PictureFormat;
  width: number;
  height: number;
}

/** Bytes of a file or a buffer: `length` bytes at `offset` (fewer at the end). */
export type Reader = (offset: number, length: number) => Buffer;

export const bufferReader =
  (bytes: Buffer): Reader =>
  (offset, length) =>
    bytes.subarray(offset, offset + length);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function formatOf(head: Buffer): PictureFormat | undefined {
  if (head.length >= 24 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 16 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface JpegSegment {
  marker: number;
  /** Where the segment's marker starts. */
  offset: number;
  /** The segment's length field: its bytes after the marker, the length field included. */
  length: number;
}

/** The segments of a JPEG up to its first frame header (start of frame), where its size is. */
export function* jpegSegments(read: Reader): Generator<JpegSegment> {
  for (let offset = 2; ;) {
    const head = read(offset, 4);
    if (head.length < 4 || head[0] !== 0xff) return;
    // Fill bytes (0xff repeated) may sit between segments.
    if (head[1] === 0xff) {
      offset++;
      continue;
    }
    const segment = { marker: head[1], offset, length: head.readUInt16BE(2) };
    yield segment;
    if (isFrameHeader(segment.marker) || segment.length < 2) return;
    offset += 2 + segment.length;
  }
}

/** Start of frame (baseline, progressive …), not the markers that share the range (DHT, JPG, DAC). */
export const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(read: Reader): { width: number; height: number } | undefined {
  for (const segment of jpegSegments(read)) {
    if (!isFrameHeader(segment.marker)) continue;
    const frame = read(segment.offset + 5, 4);
    return frame.length === 4 ? { height: frame.readUInt16BE(0), width: frame.readUInt16BE(2) } : undefined;
  }
  return undefined;
}

function webpSize(read: Reader): { width: number; height: number } | undefined {
  const chunk = read(12, 18);
  if (chunk.length < 18) return undefined;
  const type = chunk.toString('latin1', 0, 4);
  // Lossy: the key frame's 14-bit sizes; lossless: 14-bit sizes less one; extended: 24-bit canvas size less one.
  if (type === 'VP8 ') return { width: chunk.readUInt16LE(14) & 0x3fff, height: chunk.readUInt16LE(16) & 0x3fff };
  if (type === 'VP8L') {
    const bits = chunk.readUInt32LE(9);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (type === 'VP8X') return { width: chunk.readUIntLE(12, 3) + 1, height: chunk.readUIntLE(15, 3) + 1 };
  return undefined;
}

/** Format and size of a picture, or undefined when it is not a JPEG, PNG or WebP whose size can be read. */
export function pictureInfo(read: Reader): PictureInfo | undefined {
  const format = formatOf(read(0, 32));
  const size =
    format === 'png'
      ? { width: read(16, 4).readUInt32BE(0), height: read(20, 4).readUInt32BE(0) }
      : format === 'jpeg'
        ? jpegSize(read)
        : format === 'webp'
          ? webpSize(read)
          : undefined;
  if (!format || !size || size.width < 1 || size.height < 1) return undefined;
  return { format, ...size };
}

/** A picture file's format and size, reading only its header; undefined when it is not a picture the pipeline can read. */
export function readPictureInfo(file: string): PictureInfo | undefined {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const read: Reader = (offset, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      readSync(fd, buffer, 0, buffer.length, offset);
      return buffer;
    };
    return pictureInfo(read);
  } finally {
    closeSync(fd);
  }
}
