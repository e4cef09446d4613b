/**
 * A build folder (dist/) as Netlify serves it, the one reader of a built site for
 * the build (the deploy files), the gate, the tests and the scripts:
 * - its pages and the site path each answers: Astro writes `build.format: 'file'`
 *   (about.html), Netlify serves it at /about (pretty URLs);
 * - the file a request path is served from, as Netlify looks it up;
 * - the URLs its sitemap lists;
 * - the header rules Netlify applies: netlify.toml's fixed ones plus the build's
 *   dist/_headers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseHeadersFile, type HeaderRule } from './netlify';
import { SITEMAP_INDEX_PATH } from '../routes/sitemap';

/** What Netlify answers an unknown path with (status 404). */
export const NOT_FOUND_FILE = '404.html';

export interface BuiltPage {
  /** Relative to the build folder, "/" separated: index.html, services/x.html … */
  file: string;
  /** The site path it answers: /, /about, /services/x … */
  path: string;
  html: string;
}

const posix = (path: string) => path.split(sep).join('/');

/** Every file of the build folder, relative to it, "/" separated. */
export function distFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => posix(relative(dist, join(entry.parentPath, entry.name))))
    .sort();
}

/** Every HTML page of the build (Pagefind's bundle and /_astro left out), relative paths, sorted. */
export function htmlFiles(dist: string): string[] {
  return distFiles(dist).filter((file) => file.endsWith('.html') && !/^(pagefind|_astro)\//.test(file));
}

/** The site path a built HTML file answers: about.html -> /about, index.html -> /, post/index.html -> /post. */
export function pagePath(file: string): string {
  const path = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
  return path === '' ? '/' : path;
}

/** The file Astro writes for a site path (build.format 'file'): / -> index.html, /about -> about.html. */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}

/** Every page of the build with its site path and HTML. */
export function builtPages(dist: string): BuiltPage[] {
  return htmlFiles(dist).map((file) => ({ file, path: pagePath(file), html: readFileSync(join(dist, file), 'utf8') }));
}

/**
 * The build file Netlify serves for a request path (decoded), or undefined
 * (Netlify then answers NOT_FOUND_FILE with 404): the file itself, else the
 * page written for it. The site's paths never end in "/", so such a path
 * serves nothing; nor does one that climbs out of the folder.
 */
export function servedFile(path: string, exists: (file: string) => boolean): string | undefined {
  if (path === '/') return exists('index.html') ? 'index.html' : undefined;
  if (!path.startsWith('/') || path.endsWith('/') || path.split(/[/\\]/).includes('..')) return undefined;
  const name = path.slice(1);
  return [name, `${name}.html`, `${name}/index.html`].find((candidate) => exists(candidate));
}

const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]);

/** Every URL the build's sitemap lists (through the index, as a crawler reads it), each once. */
export function sitemapUrls(dist: string): string[] {
  const index = join(dist, SITEMAP_INDEX_PATH.slice(1));
  if (!existsSync(index)) throw new Error(`${index} is missing: the build writes it (@astrojs/sitemap in astro.config.mjs).`);
  const files = locs(readFileSync(index, 'utf8')).map((url) => new URL(url).pathname.slice(1));
  return [...new Set(files.flatMap((file) => locs(readFileSync(join(dist, file), 'utf8'))))];
}

/** The site paths of the sitemap's URLs. */
export function sitemapPaths(dist: string): string[] {
  return sitemapUrls(dist).map((url) => new URL(url).pathname);
}

/**
 * The header rules Netlify applies to the build: netlify.toml's `[[headers]]`
 * (its text given) and the per-page ones the build wrote to dist/_headers
 * (none when that file is missing). Every rule matching a path applies.
 */
export function headerRules(dist: string, netlifyToml: string): HeaderRule[] {
  const file = join(dist, '_headers');
  const fixed = (parseToml(netlifyToml) as { headers?: HeaderRule[] }).headers ?? [];
  return [...fixed, ...(existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : [])];
}
