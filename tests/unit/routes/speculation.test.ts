/**
 * The speculation rules and their predicate for other engines
 * (src/lib/routes/speculation.ts): the rules are evaluated here as a browser
 * would (URL patterns with URLPattern, selectors on a fake link), so a link
 * the rules would load ahead is named, not only the shape of the JSON.
 */
import { describe, it, expect } from 'vitest';
import {
  mayLoadAhead,
  speculationRules,
  unspeculatedPaths,
  type LinkLike,
  type SpeculationRule,
  type SpeculationRules,
} from '../../../src/lib/routes/speculation';
import { readManifest } from '../../../src/lib/routes/manifest';
import { FIXTURE_CONTENT } from '../../fixtures';

const ORIGIN = 'https://site.test';
const RULES_URL = `${ORIGIN}/speculation-rules.json`;
const PAGE = `${ORIGIN}/services`;

interface FakeLink extends LinkLike {
  inHeader: boolean;
}

/** A link with the given href and attributes; `matches` knows the selector forms the rules use, and throws on others. */
function link(href: string, attributes: Record<string, string> = {}, inHeader = false): FakeLink {
  const attrs: Record<string, string> = { href, ...attributes };
  const one = (selector: string): boolean => {
    if (selector === 'header a[href]') return inHeader;
    const match = /^\[([\w-]+)(?:([~*]?)="([^"]*)")?\]$/.exec(selector);
    if (!match) throw new Error(`the fake link cannot evaluate the selector ${selector}`);
    const [, name, operator, value] = match;
    const actual = attrs[name];
    if (actual === undefined) return false;
    if (value === undefined) return true;
    if (operator === '~') return actual.split(/\s+/).includes(value);
    if (operator === '*') return actual.includes(value);
    return actual === value;
  };
  return { href: new URL(href, PAGE).href, inHeader, matches: (selectors) => selectors.split(/,\s*/).some(one) };
}

type Predicate = SpeculationRule['where'];
function holds(predicate: Predicate, target: FakeLink): boolean {
  if ('and' in predicate) return predicate.and.every((p) => holds(p, target));
  if ('not' in predicate) return !holds(predicate.not, target);
  if ('href_matches' in predicate)
    return [predicate.href_matches].flat().some((pattern) => new URLPattern(pattern, RULES_URL).test(target.href));
  return [predicate.selector_matches].flat().some((selector) => target.matches(selector));
}

/** The actions the rules take for a link: prefetch, prerender, both or none. */
const actions = (rules: SpeculationRules, target: FakeLink) =>
  (['prefetch', 'prerender'] as const).filter((action) => rules[action].some((rule) => holds(rule.where, target)));

const routes = [
  { path: '/', ownFile: false },
  { path: '/about', ownFile: false },
  { path: '/services/managed', ownFile: false },
  { path: '/login', ownFile: true },
  { path: '/admin', ownFile: true },
  { path: '/search', ownFile: true },
  { path: '/404', ownFile: true },
];

describe('speculation rules', () => {
  const never = unspeculatedPaths(routes);
  const rules = speculationRules(never);

  it('leave out every page with a page file of its own', () => {
    expect(never).toEqual(['/404', '/admin', '/login', '/search']);
  });

  it('prerender page links on intent (moderate) and prefetch their HTML sooner (eager), in the header or not', () => {
    expect(rules.prerender.map((r) => r.eagerness)).toEqual(['moderate']);
    expect(rules.prefetch.map((r) => r.eagerness)).toEqual(['eager']);
    for (const inHeader of [false, true]) {
      expect(actions(rules, link('/about', {}, inHeader))).toEqual(['prefetch', 'prerender']);
      expect(actions(rules, link('/services/managed', {}, inHeader))).toEqual(['prefetch', 'prerender']);
      expect(actions(rules, link('/', {}, inHeader))).toEqual(['prefetch', 'prerender']);
      expect(actions(rules, link(`${ORIGIN}/about#team`, {}, inHeader))).toEqual(['prefetch', 'prerender']);
    }
  });

  it('never load ahead sign-in, the CMS, the search, a query, a file, another origin or a marked link', () => {
    const refused = [
      link('/login', {}, true),
      link('/login/', {}, true),
      link('/admin', {}, true),
      link('/admin/config.json'),
      link('/search', {}, true),
      link('/search?q=widgets'),
      link('/about?ref=header', {}, true),
      link('/rss.xml'),
      link('/files/brochure.pdf'),
      link('https://elsewhere.test/about'),
      link('http://site.test/about'),
      link('/about', { download: '' }),
      link('/about', { target: '_blank' }),
      link('/about', { rel: 'noopener external' }),
      link('/about', { rel: 'nofollow' }),
      link('/about', { 'data-no-speculation': '' }, true),
      link('/about', { 'aria-current': 'page' }, true),
    ];
    for (const target of refused) expect(actions(rules, target), target.href).toEqual([]);
  });

  it('agree with the predicate the other engines use', () => {
    const cases = [
      link('/about'),
      link('/services/managed'),
      link('/login'),
      link('/admin/config.json'),
      link('/search?q=x'),
      link('/rss.xml'),
      link('https://elsewhere.test/'),
      link('/about', { download: '' }),
      link('/about', { 'data-no-speculation': '' }),
    ];
    for (const target of cases) {
      expect(mayLoadAhead(target, PAGE, never), target.href).toBe(actions(rules, target).includes('prerender'));
      expect(actions(rules, target).includes('prefetch'), target.href).toBe(actions(rules, target).includes('prerender'));
    }
    // The page itself is never fetched again (the rules leave that to the browser, which skips it too).
    expect(mayLoadAhead(link('/services'), PAGE, never)).toBe(false);
    expect(mayLoadAhead({ href: 'http://[bad', matches: () => false }, PAGE, never)).toBe(false);
  });
});

describe('speculation rules over a route list read from content', () => {
  const manifest = readManifest(FIXTURE_CONTENT);
  const rules = speculationRules(unspeculatedPaths(manifest.routes));

  it("never prefetch or prerender a page with its own file (the fixture's /login), even from the header", () => {
    const own = manifest.routes.filter((route) => route.ownFile).map((route) => route.path);
    expect(own).toContain('/login');
    for (const path of own) for (const inHeader of [false, true]) expect(actions(rules, link(path, {}, inHeader)), path).toEqual([]);
  });

  it('prefetch and prerender every other page that shares the site layouts', () => {
    const shared = manifest.routes.filter((route) => !route.ownFile);
    expect(shared.length).toBeGreaterThan(5);
    for (const route of shared) expect(actions(rules, link(route.path)), route.path).toEqual(['prefetch', 'prerender']);
  });
});
