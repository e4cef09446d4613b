/**
 * Which files of a content folder count. The content collections
 * (src/content.config.ts) and the disk reader (./read.ts) both take their file
 * lists from here, so a file is either part of the site for both or for neither.
 *
 * A file whose name starts with `_` is a draft: no collection loads it, so it
 * gets no page, no sitemap entry and no redirect target.
 */
import type { FileFormat } from './model';

/** The file extensions of each format. */
export const EXTENSIONS: Record<FileFormat, readonly string[]> = { yaml: ['.yaml', '.yml'], markdown: ['.md'] };

/** Glob patterns for Astro's `glob()` loader: the format's extensions, drafts (`_*`) excluded. */
export function globPatterns(format: FileFormat): string[] {
  const exts = EXTENSIONS[format].map((e) => e.slice(1));
  return [exts.length === 1 ? `*.${exts[0]}` : `*.{${exts.join(',')}}`, '!_*'];
}

/** The same rule for a file name read from disk. */
export function isContentFile(format: FileFormat, fileName: string): boolean {
  return !fileName.startsWith('_') && EXTENSIONS[format].some((ext) => fileName.endsWith(ext));
}

/** The entry id Astro's glob loader gives a file: its name without the extension. */
export function entryId(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '');
}
