/**
 * The social cards of a build, as platforms fetch them: every routed page
 * (canonical paths and aliases; not the CMS, not the redirect stubs) names a
 * card in its head with the tags LinkedIn, X, Slack, Mastodon … read, and the
 * card it names is in the build, 1200×630, of the type the head says, marked
 * with the version of the head's URL (so neither a stale nor another page's
 * card), within the size limit, and served with a year of cache and
 * Cross-Origin-Resource-Policy: cross-origin (other sites show it).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HeaderRule } from '../netlify';
import { matchesRule } from '../netlify';
import { CARD_HEIGHT, CARD_WIDTH, CARDS_DIR, MAX_CARD_BYTES } from '../../social-cards/card';
import { imageInfo } from '../../social-cards/image-file';

export interface CardCheckInput {
  dist: string;
  /** The routed pages to check: site path and HTML. */
  pages: { path: string; html: string }[];
  rules: HeaderRule[];
  /** The site's canonical origin. */
  origin: string;
}

export interface CardProblem {
  page: string;
  detail: string;
}

const YEAR = 31_536_000;
const MIME = { png: 'image/png', jpeg: 'image/jpeg' } as const;

/** The content of each <meta property|name> of a page's head, by property or name. */
export function headMetas(html: string): Map<string, string> {
  const metas = new Map<string, string>();
  const head = html.slice(0, html.search(/<\/head>/i) + 1 || undefined);
  for (const tag of head.matchAll(/<meta\s([^>]*)>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag[1])?.[1];
    const key = attr('property') ?? attr('name');
    const content = attr('content');
    if (key && content !== undefined && !metas.has(key))
      metas.set(
        key,
        content
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>'),
      );
  }
  return metas;
}

const values = (rules: HeaderRule[], path: string, name: string) =>
  rules
    .filter((rule) => matchesRule(rule.for, path))
    .flatMap((rule) =>
      Object.entries(rule.values)
        .filter(([key]) => key.toLowerCase() === name.toLowerCase())
        .map(([, value]) => value),
    );

/** Every problem of the pages' cards. */
export function checkCards({ dist, pages, rules, origin }: CardCheckInput): CardProblem[] {
  const problems: CardProblem[] = [];
  const checkedFiles = new Set<string>();
  for (const page of pages) {
    const add = (detail: string) => problems.push({ page: page.path, detail });
    const metas = headMetas(page.html);
    const image = metas.get('og:image');
    if (!image) {
      add('the head names no og:image');
      continue;
    }
    let url: URL;
    try {
      url = new URL(image);
    } catch {
      add(`og:image "${image}" is not an absolute URL`);
      continue;
    }
    if (url.origin !== origin) add(`og:image ${image} is not on the site's origin ${origin}`);
    if (!url.pathname.startsWith(`/${CARDS_DIR}/`)) add(`og:image ${image} is not a card of /${CARDS_DIR}/`);
    const version = url.searchParams.get('v');
    if (!version) add(`og:image ${image} has no ?v= version (platforms keep a card by its URL for days)`);
    for (const [name, expected] of [
      ['og:image:width', String(CARD_WIDTH)],
      ['og:image:height', String(CARD_HEIGHT)],
      ['twitter:card', 'summary_large_image'],
      ['twitter:image', image],
    ])
      if (metas.get(name) !== expected) add(`${name} is "${metas.get(name) ?? ''}", not "${expected}"`);
    const alt = metas.get('og:image:alt') ?? '';
    if (alt.trim() === '') add('og:image:alt is missing or empty');
    if (metas.get('twitter:image:alt') !== alt.slice(0, 420)) add(`twitter:image:alt is not og:image:alt ("${alt}")`);

    const file = decodeURIComponent(url.pathname.slice(1));
    const path = join(dist, file);
    if (!existsSync(path)) {
      add(`its card ${url.pathname} is not in the build`);
      continue;
    }
    const info = imageInfo(readFileSync(path));
    if (!info) {
      add(`its card ${url.pathname} is not a PNG or JPEG file`);
      continue;
    }
    if (info.width !== CARD_WIDTH || info.height !== CARD_HEIGHT)
      add(`its card ${url.pathname} is ${info.width}×${info.height}, not ${CARD_WIDTH}×${CARD_HEIGHT}`);
    if (metas.get('og:image:type') !== MIME[info.format])
      add(`og:image:type is "${metas.get('og:image:type') ?? ''}", but ${url.pathname} is ${MIME[info.format]}`);
    if (version && info.version !== version)
      add(`its card ${url.pathname} is version ${info.version ?? '(none)'}, not the ${version} its head names (a stale or foreign card)`);
    if (checkedFiles.has(file)) continue;
    checkedFiles.add(file);
    const bytes = statSync(path).size;
    if (bytes > MAX_CARD_BYTES) add(`its card ${url.pathname} is ${Math.round(bytes / 1024)} KB, over ${MAX_CARD_BYTES / 1024} KB`);
    const cache = values(rules, url.pathname, 'Cache-Control');
    const maxAge = Number(/max-age=(\d+)/.exec(cache[0] ?? '')?.[1] ?? 0);
    if (cache.length !== 1 || !/\bimmutable\b/.test(cache[0]) || maxAge < YEAR)
      add(`its card ${url.pathname} has Cache-Control "${cache.join(', ')}", not one immutable value of a year or more`);
    const resource = values(rules, url.pathname, 'Cross-Origin-Resource-Policy');
    if (resource.join() !== 'cross-origin')
      add(
        `its card ${url.pathname} has Cross-Origin-Resource-Policy "${resource.join(', ')}", not "cross-origin" (other sites could not show it)`,
      );
  }
  return problems;
}
