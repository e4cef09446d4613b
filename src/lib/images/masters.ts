/**
 * The file the image pipeline is given for an upload: a copy no wider than the
 * widest version any place makes, kept in the build cache under the upload's
 * digest. Astro makes its versions from a copy of the picture Vite writes into
 * the build, on every build, cached or not: for a 4 MB photo straight from a
 * phone that is 4 MB read, hashed and written each time (100 such photos made a
 * cached build two seconds slower), for a copy of ~0.3 MB a tenth of it. The
 * copy is turned as the photo's EXIF orientation says, so its size is the one
 * shown. An upload already no wider is given as it is. An upload's digest is
 * kept with its size and modification time (index.json), so a build reads only
 * the uploads that changed since the last one (a fresh clone, whose files are
 * all new to it, reads each once).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { PLACES } from './layout';

/** The widest version any place makes: wider than this, an upload is copied down to it. */
export const MASTER_WIDTH = Math.max(...Object.values(PLACES).flatMap((place) => place.widths));
/** Copies no build used for this long leave the cache. */
const KEEP_DAYS = 30;
const INDEX = 'index.json';

/** The digest of an upload's bytes. */
export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The name of an upload's copy: its own name (the versions' file names start with it) and the digest of its bytes. */
export function masterName(file: string, digest: string): string {
  const extension = extname(file).toLowerCase();
  return `${basename(file, extname(file))}-${digest}${extension === '.jpeg' ? '.jpg' : extension}`;
}

/** Digests of uploads by path, with the size and modification time they were read at. */
export type DigestIndex = Record<string, { size: number; mtimeMs: number; digest: string }>;

export function readIndex(dir: string): DigestIndex {
  try {
    return JSON.parse(readFileSync(join(dir, INDEX), 'utf8')) as DigestIndex;
  } catch {
    return {};
  }
}

export function writeIndex(dir: string, index: DigestIndex): void {
  mkdirSync(dir, { recursive: true });
  writeAtomically(join(dir, INDEX), Buffer.from(JSON.stringify(index)));
}

/** The digest of an upload: the index's while the file's size and modification time are those it was read at, else read now (and noted). */
export function uploadDigest(file: string, index: DigestIndex): string {
  const { size, mtimeMs } = statSync(file);
  const known = index[file];
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.digest;
  const digest = digestOf(readFileSync(file));
  index[file] = { size, mtimeMs, digest };
  return digest;
}

/** Writes under a temporary name, then renames: a build stopped while writing leaves the old file or none, never half of one. */
function writeAtomically(target: string, bytes: Buffer) {
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, target);
}

/** The file to give the pipeline for `file`: the upload itself when it is narrow enough and upright, else its copy in `dir`. */
export async function masterOf(file: string, dir: string, index: DigestIndex = {}): Promise<string> {
  const target = join(dir, masterName(file, uploadDigest(file, index)));
  if (existsSync(target)) {
    const now = new Date();
    utimesSync(target, now, now); // used: kept by pruneMasters
    return target;
  }
  const { width = 0, orientation = 1 } = await sharp(file).metadata();
  if (width <= MASTER_WIDTH && orientation === 1) return file;
  const resized = sharp(file).rotate().resize({ width: MASTER_WIDTH, withoutEnlargement: true });
  const format =
    extname(target) === '.png'
      ? resized.png()
      : extname(target) === '.webp'
        ? resized.webp({ quality: 92 })
        : resized.jpeg({ quality: 92 });
  mkdirSync(dir, { recursive: true });
  writeAtomically(target, await format.toBuffer());
  return target;
}

/** Removes the copies this build did not use that no build used for KEEP_DAYS (`used`: their file names). */
export function pruneMasters(dir: string, used: ReadonlySet<string>): void {
  if (!existsSync(dir)) return;
  const before = Date.now() - KEEP_DAYS * 86_400_000;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (name !== INDEX && !used.has(name) && statSync(file).mtimeMs < before) rmSync(file, { force: true });
  }
}
