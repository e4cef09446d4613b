/**
 * Links that name a page's old path are rendered with its new one. Content
 * is free text: a path can sit in any field (a menu's link, a button, a
 * card, a page's `parent`) and in a markdown body, so every value that
 * reaches a page passes through here, after its placeholders are filled
 * (./collections.ts, the bodies in src/components/EntryBody.astro). The old
 * paths and where each leads are the build's (src/lib/routes/published.ts:
 * renames, chains collapsed, and the editors' redirects), handed to the pages
 * as `__PUBLISHED_PATHS__` (astro.config.mjs).
 *
 * A value is a link to a moved page when it is exactly an old path, with or
 * without a query or fragment (/about, /about#team, /about?x=1, or the same on
 * the site's own origin): words that merely contain a path are left alone.
 */

/** Old path → where it now leads. */
export type Moves = ReadonlyMap<string, string>;

const LINK = /^(https?:\/\/[^/?#\s]+)?(\/[^?#\s]*)([?#][^\s]*)?$/;

/** `value` with its path replaced when it is a link to an old path (on `origin`, or relative); else unchanged. */
export function followMove(value: string, moves: Moves, origin?: string): string {
  const match = LINK.exec(value);
  if (!match) return value;
  const [, host = '', path, rest = ''] = match;
  if (host && (!origin || host.toLowerCase() !== origin.replace(/\/+$/, '').toLowerCase())) return value;
  const to = moves.get(path);
  return to === undefined ? value : `${host}${to}${rest}`;
}

/** Every string of a plain data structure with its links to old paths followed (Dates and other objects pass through). */
export function followMoves<T>(value: T, moves: Moves, origin?: string): T {
  if (moves.size === 0) return value;
  if (typeof value === 'string') return followMove(value, moves, origin) as T;
  if (Array.isArray(value)) return value.map((item) => followMoves(item, moves, origin)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, followMoves(v, moves, origin)])) as T;
  }
  return value;
}

/** Rendered HTML (a markdown body) with each `href` that names an old path rewritten. */
export function followMovesInHtml(html: string, moves: Moves, origin?: string): string {
  if (moves.size === 0) return html;
  return html.replace(/(\shref=)(["'])([^"']*)\2/gi, (all, attribute: string, quote: string, url: string) => {
    const moved = followMove(url.replace(/&amp;/g, '&'), moves, origin);
    return moved === url.replace(/&amp;/g, '&') ? all : `${attribute}${quote}${moved.replace(/&/g, '&amp;')}${quote}`;
  });
}
