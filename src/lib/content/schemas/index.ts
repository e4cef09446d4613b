/**
 * Zod schemas for everything under `content/`, one file per part: the shared
 * building blocks, page sections, pages, entries (products, services, posts),
 * the site configuration and the copy files. Import from here.
 */
export * from './common';
export * from './sections';
export * from './pages';
export * from './entries';
export * from './site';
export * from './ui';
export * from './forms';
export * from './search';
