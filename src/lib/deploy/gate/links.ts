/**
 * Every link of the built site lands. Action and navigation links in content/
 * are free text, so this is what keeps an editor's typo from shipping:
 * - an internal href/src/action (a path, or a URL on the site's own origin)
 *   must name a built file (pretty URL: /about -> about.html) or an old path
 *   that leads to one (a moved page, a redirect of content/redirects.yaml); a
 *   removed page's old path (410) is named as such;
 * - a fragment (#id, /page#id) must name an element id on that page (for a
 *   redirect, on the page it leads to);
 * - mailto: needs well-formed addresses, tel: a global number (+ and digits).
 * Attributes are read from the markup outside <script> and <style>, including
 * the module URLs of Astro islands.
 */
import type { Redirect } from '../../routes/build';
import { servedFile } from '../dist-folder';

export interface LinkProblem {
  /** The site path of the page holding the link. */
  page: string;
  link: string;
  reason: string;
}

export interface LinkedPage {
  /** Relative to the build folder, e.g. about.html. */
  file: string;
  /** The site path it answers, e.g. /about. */
  path: string;
  html: string;
}

export interface LinkCheckInput {
  pages: LinkedPage[];
  /** Every file of the build, relative to it (about.html, _astro/x.js, favicon.svg …). */
  files: Set<string>;
  redirects: readonly Redirect[];
  /** The old paths of removed pages (they answer 410). */
  gone?: readonly { path: string }[];
  /** The site's canonical origin: absolute URLs on it are internal. */
  origin: string;
}

/** Attributes that hold one URL; srcset holds several. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'xlink:href', 'component-url', 'renderer-url', 'before-hydration-url']);
/** <meta property|name> whose content is a URL. */
const URL_METAS = new Set(['og:url', 'og:image', 'twitter:image']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
    if (ENTITIES[name.toLowerCase()]) return ENTITIES[name.toLowerCase()];
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entity;
  });

/** The markup without script and style contents (an island's JSON props or a script's strings are not links). */
const markup = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?(<\/script\s*>)/gi, '$1$2')
    .replace(/(<style\b[^>]*>)[\s\S]*?(<\/style\s*>)/gi, '$1$2');

function* tags(html: string): Generator<{ name: string; attrs: Map<string, string> }> {
  for (const tag of markup(html).matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g)) {
    const attrs = new Map<string, string>();
    for (const attr of tag[2].matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set(attr[1].toLowerCase(), decode(attr[2] ?? attr[3] ?? attr[4] ?? ''));
    }
    yield { name: tag[1].toLowerCase(), attrs };
  }
}

/** Every URL a page refers to, with the attribute it sits in. */
export function pageLinks(html: string): { attribute: string; url: string }[] {
  const links: { attribute: string; url: string }[] = [];
  for (const { name, attrs } of tags(html)) {
    for (const [attribute, value] of attrs) {
      if (URL_ATTRIBUTES.has(attribute)) links.push({ attribute, url: value.trim() });
      if (attribute === 'srcset' || attribute === 'imagesrcset') {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) links.push({ attribute, url });
        }
      }
    }
    const property = attrs.get('property') ?? attrs.get('name');
    if (name === 'meta' && property && URL_METAS.has(property))
      links.push({ attribute: `meta ${property}`, url: (attrs.get('content') ?? '').trim() });
  }
  return links;
}

/** Every id on a page. */
export function pageIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const { attrs } of tags(html)) if (attrs.has('id')) ids.add(attrs.get('id')!);
  return ids;
}

/** decodeURIComponent that leaves a malformed escape as written. */
const unescape = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const EMAIL = /^[^@\s,;?]+@[^@\s,;?]+\.[a-z]{2,}$/i;

/** Why a mailto: URL is malformed, or undefined. */
export function mailtoProblem(url: string): string | undefined {
  if (/\s/.test(url)) return 'has a raw space (write %20)';
  const [to, query] = url.slice('mailto:'.length).split(/\?(.*)/s);
  const addresses = unescape(to).split(',').filter(Boolean);
  const cc = new URLSearchParams(query ?? '');
  const all = [...addresses, ...['cc', 'bcc', 'to'].flatMap((key) => cc.getAll(key).flatMap((v) => v.split(',')))];
  if (all.length === 0) return 'names no address';
  const bad = all.filter((a) => !EMAIL.test(a.trim()));
  return bad.length ? `malformed address ${bad.join(', ')}` : undefined;
}

/** Why a tel: URL is malformed (a global number: +, 7 to 15 digits, optional - . ( ) separators), or undefined. */
export function telProblem(url: string): string | undefined {
  const number = url.slice('tel:'.length);
  if (!/^\+[\d().-]+$/.test(number)) return 'is not a global number (+ then digits, no spaces)';
  const digits = number.replace(/\D/g, '').length;
  return digits < 7 || digits > 15 ? `has ${digits} digits (a phone number has 7 to 15)` : undefined;
}

export function checkLinks({ pages, files, redirects, gone = [], origin }: LinkCheckInput): LinkProblem[] {
  const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));
  const removed = new Set(gone.map((g) => g.path));
  const idCache = new Map<string, Set<string>>();
  const byFile = new Map(pages.map((p) => [p.file, p]));
  const idsOf = (file: string) => {
    if (!idCache.has(file)) idCache.set(file, pageIds(byFile.get(file)?.html ?? ''));
    return idCache.get(file)!;
  };

  const problems: LinkProblem[] = [];
  for (const page of pages) {
    const seen = new Set<string>();
    for (const { attribute, url } of pageLinks(page.html)) {
      const key = `${attribute} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const problem = (reason: string) => problems.push({ page: page.path, link: `${attribute}="${url}"`, reason });

      if (url === '') {
        problem('is empty');
        continue;
      }
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
      if (scheme === 'mailto') {
        const why = mailtoProblem(url);
        if (why) problem(`mailto: ${why}`);
        continue;
      }
      if (scheme === 'tel') {
        const why = telProblem(url);
        if (why) problem(`tel: ${why}`);
        continue;
      }
      if (scheme === 'javascript') {
        problem('is a javascript: URL (the CSP blocks it)');
        continue;
      }
      if (scheme === 'data') continue;

      let resolved: URL;
      try {
        resolved = new URL(url, `${origin}${page.path}`);
      } catch {
        problem('is not a valid URL');
        continue;
      }
      if (resolved.origin !== origin) continue; // another site: not ours to check

      const path = unescape(resolved.pathname);
      const fragment = unescape(resolved.hash.slice(1));
      const target = redirectTo.get(path) ?? path;
      const file = servedFile(target, (candidate) => files.has(candidate));
      if (!file) {
        problem(
          path.endsWith('/') && path !== '/'
            ? `ends in "/": the site's paths never do (${path.replace(/\/+$/, '')})`
            : removed.has(path)
              ? `names ${path}, a page that was removed (it answers 410): remove the link, or name a successor for ${path} in content/redirects.yaml`
              : `no page or file at ${path}, and no redirect from it in content/redirects.yaml`,
        );
        continue;
      }
      if (fragment && fragment !== 'top' && file.endsWith('.html') && !idsOf(file).has(fragment)) {
        problem(`no element with id "${fragment}" on ${target === page.path ? 'this page' : target}`);
      }
    }
  }
  return problems;
}
