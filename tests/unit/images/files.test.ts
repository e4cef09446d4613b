import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPictureFiles, isPictureName, mediaFolderName, pictureFile, pictureFolders } from '../../../src/lib/images/files';

describe('picture names', () => {
  it('are /images/<name> of a JPEG, PNG or WebP, in folders too, in any case', () => {
    for (const src of ['/images/team.jpg', '/images/2026/launch-day.JPEG', '/images/logo.png', '/images/a_b.c.webp'])
      expect(isPictureName(src), src).toBe(true);
    for (const src of [
      '/images/team.gif',
      '/images/doc.pdf',
      '/img/team.jpg',
      'images/team.jpg',
      '/images/../secret.jpg',
      '/images/team offsite.jpg',
    ])
      expect(isPictureName(src), src).toBe(false);
  });
});

describe('the file of a picture', () => {
  let root: string;
  const folders = () => ({ root, contentDir: 'content' });
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'picture-files-'));
    mkdirSync(join(root, 'content', 'images', '2026'), { recursive: true });
    mkdirSync(join(root, 'public', 'images'), { recursive: true });
    writeFileSync(join(root, 'content', 'images', 'team.jpg'), 'new');
    writeFileSync(join(root, 'content', 'images', '2026', 'launch.png'), 'new');
    writeFileSync(join(root, 'content', 'images', 'notes.txt'), 'not a picture');
    // Uploaded before the media folder moved: still found, and the media folder wins over it.
    writeFileSync(join(root, 'public', 'images', 'old.webp'), 'old');
    writeFileSync(join(root, 'public', 'images', 'team.jpg'), 'old');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is in the content folder’s images/, or else in public/images', () => {
    expect(pictureFolders(folders())).toEqual([join(root, 'content', 'images'), join(root, 'public', 'images')]);
    expect(pictureFile('/images/team.jpg', folders())).toBe(join(root, 'content', 'images', 'team.jpg'));
    expect(pictureFile('/images/2026/launch.png', folders())).toBe(join(root, 'content', 'images', '2026', 'launch.png'));
    expect(pictureFile('/images/old.webp', folders())).toBe(join(root, 'public', 'images', 'old.webp'));
    expect(pictureFile('/images/gone.jpg', folders())).toBeUndefined();
    expect(pictureFile('/images/2026', folders())).toBeUndefined();
  });

  it('lists every picture once by its name, the media folder’s first', () => {
    expect(allPictureFiles(folders())).toEqual(
      new Map([
        ['/images/2026/launch.png', join(root, 'content', 'images', '2026', 'launch.png')],
        ['/images/team.jpg', join(root, 'content', 'images', 'team.jpg')],
        ['/images/old.webp', join(root, 'public', 'images', 'old.webp')],
      ]),
    );
    expect(allPictureFiles({ root, contentDir: 'elsewhere' }).size).toBe(2);
  });

  it('names the media folder for messages as the editor sees it', () => {
    expect(mediaFolderName('content')).toBe('content/images');
    expect(mediaFolderName('./content/')).toBe('content/images');
  });
});
