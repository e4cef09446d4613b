/**
 * Where each collection's files live under `content/` and which files count.
 * The content collections (src/content.config.ts) and the route manifest that
 * astro.config.mjs reads from disk (src/lib/routes/manifest.ts) both take their file
 * lists from here, so a file is either part of the site for both or for neither.
 *
 * A file whose name starts with `_` is a draft: no collection loads it, so it
 * gets no page, no sitemap entry and no redirect target.
 */
export const COLLECTION_FILES = {
  pages: { dir: 'pages', extensions: ['.yaml', '.yml'] },
  products: { dir: 'products', extensions: ['.md'] },
  services: { dir: 'services', extensions: ['.md'] },
  posts: { dir: 'posts', extensions: ['.md'] },
} as const;

export type RoutedCollection = keyof typeof COLLECTION_FILES;

/** Glob patterns for Astro's `glob()` loader: the collection's extensions, drafts (`_*`) excluded. */
export function globPatterns(collection: RoutedCollection): string[] {
  const exts = COLLECTION_FILES[collection].extensions.map((e) => e.slice(1));
  return [exts.length === 1 ? `*.${exts[0]}` : `*.{${exts.join(',')}}`, '!_*'];
}

/** The same rule for a file name read from disk. */
export function isContentFile(collection: RoutedCollection, fileName: string): boolean {
  const extensions: readonly string[] = COLLECTION_FILES[collection].extensions;
  return !fileName.startsWith('_') && extensions.some((ext) => fileName.endsWith(ext));
}

/** The entry id Astro's glob loader gives a file: its name without the extension. */
export function entryId(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '');
}
