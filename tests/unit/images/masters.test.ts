import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  digestOf,
  MASTER_WIDTH,
  masterName,
  masterOf,
  pruneMasters,
  readIndex,
  uploadDigest,
  writeIndex,
  type DigestIndex,
} from '../../../src/lib/images/masters';

let dir: string;
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc', noise: { type: 'gaussian', mean: 120, sigma: 10 } } });
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'masters-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the copy the pipeline is given', () => {
  it('is as wide as the widest version any place makes', () => {
    expect(MASTER_WIDTH).toBe(1440);
  });

  it('of a wide upload: that wide, in its format, named after it and its bytes, made once', async () => {
    const file = join(dir, 'Team.JPEG');
    const bytes = await picture(4000, 3000).jpeg().toBuffer();
    writeFileSync(file, bytes);
    const copy = await masterOf(file, join(dir, 'cache'));
    expect(copy).toBe(join(dir, 'cache', masterName(file, digestOf(bytes))));
    expect(masterName(file, digestOf(bytes))).toMatch(/^Team-[0-9a-f]{16}\.jpg$/);
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'jpeg', width: 1440, height: 1080 });
    // Made once: the second build finds it.
    const made = readdirSync(join(dir, 'cache'));
    expect(await masterOf(file, join(dir, 'cache'))).toBe(copy);
    expect(readdirSync(join(dir, 'cache'))).toEqual(made);
    // Other bytes, another copy.
    writeFileSync(file, await picture(3000, 2000).jpeg().toBuffer());
    expect(await masterOf(file, join(dir, 'cache'))).not.toBe(copy);
  });

  it('of a photo turned by its EXIF orientation: upright', async () => {
    const file = join(dir, 'portrait.jpg');
    writeFileSync(file, await picture(2000, 1500).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    const copy = await masterOf(file, join(dir, 'cache'));
    expect(await sharp(copy).metadata()).toMatchObject({ width: 1440, height: 1920 });
  });

  it('of a narrow upright upload: the upload itself', async () => {
    const file = join(dir, 'logo.png');
    writeFileSync(file, await picture(600, 600).png().toBuffer());
    expect(await masterOf(file, join(dir, 'cache'))).toBe(file);
  });

  it('reads an upload again only when its size or modification time changed', () => {
    const file = join(dir, 'digest.jpg');
    writeFileSync(file, 'first bytes');
    const index: DigestIndex = {};
    expect(uploadDigest(file, index)).toBe(digestOf(Buffer.from('first bytes')));
    // While the file's size and time stand, the index is believed: a planted digest shows the file is not read again.
    index[file] = { ...index[file], digest: 'from-the-index' };
    expect(uploadDigest(file, index)).toBe('from-the-index');
    writeFileSync(file, 'other bytes');
    utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(uploadDigest(file, index)).toBe(digestOf(Buffer.from('other bytes')));
    writeIndex(join(dir, 'index-test'), index);
    expect(readIndex(join(dir, 'index-test'))).toEqual(index);
    expect(readIndex(join(dir, 'nowhere'))).toEqual({});
  });

  it('leaves the cache when no build used it for a month', () => {
    const cache = mkdtempSync(join(dir, 'prune-'));
    const [old, used, recent] = ['old.jpg', 'used.jpg', 'recent.jpg'].map((name) => join(cache, name));
    for (const file of [old, used, recent]) writeFileSync(file, 'x');
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    for (const file of [old, used]) utimesSync(file, longAgo, longAgo);
    pruneMasters(cache, new Set(['used.jpg']));
    expect([old, used, recent].map((file) => existsSync(file))).toEqual([false, true, true]);
  });
});
