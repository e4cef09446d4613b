/**
 * Where editors' pictures live and how content names them. The CMS stores an
 * upload in the content folder's `images/` (content/images), outside public/,
 * so only the image pipeline's versions of it are published, and writes
 * `/images/<name>` into the content, the form every picture field and every
 * picture in a markdown body uses. Pictures uploaded before, to public/images
 * (or from a CMS tab opened before the move), keep working under the same
 * name: a name is looked up in content/images first, then in public/images.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** How content names a picture: /images/<name>. */
export const PICTURE_PREFIX = '/images/';
/** The CMS's media folder, inside the content folder. */
export const MEDIA_DIR = 'images';
/** Where the CMS stored uploads before: published as they are, so only looked up. */
export const LEGACY_DIR = 'public/images';
/** The kinds of picture editors may upload (the pipeline writes AVIF and WebP from them). */
export const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** The same as media types, for the CMS's upload dialog. */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

const EXTENSION = new RegExp(`\\.(${PICTURE_EXTENSIONS.join('|')})$`, 'i');
/** A name under /images: folders and file names of letters, digits, dots, dashes and underscores. */
const NAME = /^\/images\/[\w.-]+(\/[\w.-]+)*$/;

/** Whether `src` names an uploaded picture (/images/<name>.jpg …). */
export function isPictureName(src: string): boolean {
  return NAME.test(src) && EXTENSION.test(src) && !src.split('/').includes('..');
}

export interface PictureFolders {
  /** The content folder (CONTENT_DIR, content by default). */
  contentDir: string;
  /** The repository root, for public/images; the working directory by default. */
  root?: string;
}

/** The folders a picture name is looked up in, in order. */
export function pictureFolders({ contentDir, root = process.cwd() }: PictureFolders): string[] {
  return [resolve(root, contentDir, MEDIA_DIR), resolve(root, LEGACY_DIR)];
}

/** The file a picture name stands for, or undefined when no folder has it. */
export function pictureFile(src: string, folders: PictureFolders): string | undefined {
  if (!isPictureName(src)) return undefined;
  const rest = src.slice(PICTURE_PREFIX.length);
  return pictureFolders(folders)
    .map((folder) => join(folder, rest))
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every picture of the folders by its name (/images/…), the media folder's winning over public/images'. */
export function allPictureFiles(folders: PictureFolders): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string, dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(folder, file);
      else {
        const src = `${PICTURE_PREFIX}${relative(folder, file).split('\\').join('/')}`;
        if (entry.isFile() && isPictureName(src) && !found.has(src)) found.set(src, file);
      }
    }
  };
  for (const folder of pictureFolders(folders)) walk(folder, folder);
  return found;
}

/** Where an editor finds the media folder, for messages: content/images. */
export function mediaFolderName(contentDir: string): string {
  return join(contentDir, MEDIA_DIR).split('\\').join('/').replace(/^\.\//, '');
}
