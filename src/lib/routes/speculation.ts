/**
 * Which links may be loaded before the click, in one place for both ways the
 * site does it:
 * - browsers with the Speculation Rules API (Chromium) read the rules file the
 *   build writes (dist/speculation-rules.json, named by every page's
 *   `Speculation-Rules` header: src/lib/deploy/integration.ts). A page link is
 *   prerendered once the visitor shows intent (eagerness "moderate": a hover of
 *   200 ms or a press), and its HTML is prefetched sooner ("eager": a brief hover
 *   on a desktop, a link that stays in view on a phone), so the prerender starts
 *   with the page in hand: started by the hover alone, it waited a round trip for
 *   its HTML, and a click 400 ms into a hover on a 150 ms link often came before
 *   the page had arrived and showed it 100-200 ms late (the bench's next page,
 *   scripts/bench/next-page.mjs). A prefetch is the page's HTML only (about 8 KB
 *   compressed), fresh in the browser for a minute; browsers skip all of it when
 *   the visitor spares data;
 * - the other engines prefetch a link's HTML on the same intent with the same
 *   predicate (src/lib/routes/prefetch-on-intent.ts).
 *
 * Never loaded ahead: the pages with a page file of their own (sign-in, the
 * CMS, the search and not-found pages run their own scripts when they load,
 * so rendering them unseen could act on the visitor's behalf), anything with
 * a query (a search), a path with a file extension (the feed, downloads),
 * other origins, the page itself, and links that open elsewhere or are
 * marked otherwise (download, target, rel external or nofollow, data-no-speculation).
 *
 * The file is free of Node and DOM imports: the build and the browser both load it.
 */

/** Where the build writes the rules, at the site's root. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
/** The only type browsers accept for a rules file (a header rule sets it; Netlify would send application/json). */
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';
/** The `Speculation-Rules` header value naming the file (a structured-field list of strings, so quoted). */
export const SPECULATION_RULES_HEADER = `"${SPECULATION_RULES_PATH}"`;
/** Marks a link that must never be loaded before its click. */
export const NO_SPECULATION_ATTRIBUTE = 'data-no-speculation';
/** Links never loaded ahead, whatever they point at. */
export const UNSPECULATED_LINKS = [
  '[download]',
  '[target]',
  '[rel~="external"]',
  '[rel~="nofollow"]',
  `[${NO_SPECULATION_ATTRIBUTE}]`,
  '[href*="?"]',
  // The page the visitor is on (the header marks it).
  '[aria-current="page"]',
];
/** The part of a route this module reads. */
export interface SpeculatedRoute {
  path: string;
  /** The page has a page file of its own (layout "custom"), with its own scripts. */
  ownFile: boolean;
}

/** The paths never loaded ahead: every page with a page file of its own. */
export function unspeculatedPaths(routes: readonly SpeculatedRoute[]): string[] {
  return [...new Set(routes.filter((route) => route.ownFile).map((route) => route.path))].sort();
}

type Predicate = { href_matches: string | string[] } | { selector_matches: string | string[] } | { not: Predicate } | { and: Predicate[] };
export interface SpeculationRule {
  source: 'document';
  where: Predicate;
  eagerness: 'immediate' | 'eager' | 'moderate' | 'conservative';
}
export interface SpeculationRules {
  prefetch: SpeculationRule[];
  prerender: SpeculationRule[];
}

/** URL patterns (relative to the rules file, so same-origin) of a path and everything under it. */
const pathAndBelow = (path: string) => (path === '/' ? '/*' : `${path}{/*}?`);

/** The rules file: page links of this origin, less the paths of `unspeculated` and the links above. */
export function speculationRules(unspeculated: readonly string[]): SpeculationRules {
  const pageLink: Predicate[] = [
    { href_matches: '/*' },
    // A dot in the path: a file (the feed, an image, a download), not a page.
    { not: { href_matches: [...unspeculated.map(pathAndBelow), '/*.*'] } },
    { not: { selector_matches: UNSPECULATED_LINKS } },
  ];
  return {
    prefetch: [{ source: 'document', where: { and: pageLink }, eagerness: 'eager' }],
    prerender: [{ source: 'document', where: { and: pageLink }, eagerness: 'moderate' }],
  };
}

/** The part of a link element the predicate reads (an HTMLAnchorElement in the browser). */
export interface LinkLike {
  href: string;
  matches(selectors: string): boolean;
}

/**
 * The same predicate as the rules, for the engines without them: true when
 * `link`, on the page at `pageUrl`, leads to another page of this site that
 * may be fetched before its click.
 */
export function mayLoadAhead(link: LinkLike, pageUrl: string, unspeculated: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(link.href, pageUrl);
  } catch {
    return false;
  }
  const page = new URL(pageUrl);
  if (url.origin !== page.origin || url.search !== '' || url.pathname === page.pathname) return false;
  if (url.pathname.includes('.')) return false;
  if (unspeculated.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return false;
  return !link.matches(UNSPECULATED_LINKS.join(', '));
}
