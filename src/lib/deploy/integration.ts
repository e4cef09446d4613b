/**
 * The files Netlify reads from the publish folder, written by the build from
 * what it publishes (an Astro integration on `astro:build:done`):
 * - dist/_headers: each page's Content-Security-Policy, with the hashes of
 *   that page's own inline scripts, its Cross-Origin-Opener-Policy, its
 *   Cache-Control and its Speculation-Rules (the CMS at /admin has none); the
 *   RSS feed's and the rules file's Content-Type;
 * - dist/speculation-rules.json: which links browsers may load before the
 *   click (src/lib/routes/speculation.ts). Sent as a header, the rules add no
 *   inline script to the pages: Chromium fetches a header's rules whatever the
 *   page's script-src, and the CSP draft that would check them falls back to
 *   script-src, whose 'self' admits this file;
 * - dist/_redirects: every path earlier builds published that no page serves
 *   now (src/lib/routes/published.ts): a forced 301 where it moved (a renamed
 *   page, an editor's redirect), with a meta-refresh page at the old path for
 *   other hosts, a forced 410 with its gone page where its entry is gone; and
 *   each entry's link for editors (/_entry/…, 302);
 * - dist/publishing.json: when the build ran, when its scheduled entries
 *   are due and when security.txt expires, which the database's rebuild
 *   trigger reads (./publishing-file.ts, supabase/README.md);
 * - dist/social-cards/: each page's social card (src/lib/social-cards/), the
 *   picture its og:image names, kept between builds in Astro's cache folder.
 * Nothing build-dependent is committed, so an inline script or a redirect
 * cannot ship without its header or rule. The site stays static: the Netlify
 * adapter (`staticHeaders`) would bring its own build output and server
 * tooling for the same two plain files.
 *
 * Each rule names one exact path, and netlify.toml sets none of these
 * headers, so exactly one rule gives a page each of them. Netlify merges the
 * two files (for the same path and header, netlify.toml's value replaces
 * _headers'), and what it sends when a `/*` rule and a page's rule both set a
 * header is not something to depend on (a joined pair, or either value): a
 * `/*` COOP would leave /admin's sign-in to chance. The pre-publish check
 * refuses any second value. An unknown path matches none: Netlify answers it
 * with 404.html, whose CSP <meta> (same directives, its own hashes) and
 * netlify.toml's X-Frame-Options still apply; it gets no opener policy, which
 * guards nothing on a page that holds nothing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineScripts, renderHeadersFile, renderRedirectsFile, type HeaderRule } from './netlify';
import { goneHeaderRules, redirectRules, writeRedirectPages, type PublishedRules, type RedirectPage } from './published-files';
import { PUBLISHING_FILE_PATH, publishingFile } from './publishing-file';
import { markPreview } from './preview';
import { builtPages, distFiles, pagePath } from './dist-folder';
import type { Route } from '../routes/build';
import {
  ADMIN_PATH,
  ADMIN_POLICY,
  headerCsp,
  OPENER_POLICY,
  RESOURCE_POLICY,
  RESOURCE_POLICY_FOLDERS,
  PAGE_CACHE,
  type CspInput,
} from './csp';
import { FEED_CONTENT_TYPE, FEED_PATH } from '../seo/feed';
import { writeSocialCards, type CardPage } from '../social-cards/write';
import type { Site } from '../content/schemas';
import { SPECULATION_RULES_HEADER, SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE, type SpeculationRules } from '../routes/speculation';

export interface PageHtml {
  /** Relative to the build folder: about.html, services/x.html … */
  file: string;
  html: string;
}

/**
 * One rule per page: its CSP (script hashes of that page only; the CMS's own
 * additions on /admin), its Cross-Origin-Opener-Policy (the CMS's sign-in popup
 * needs its own on /admin), Cache-Control and, with `speculation`, the rules
 * file (not on /admin, the editors' application).
 */
export function pageHeaderRules(pages: PageHtml[], input: CspInput, speculation = false): HeaderRule[] {
  return pages.map(({ file, html }) => {
    const path = pagePath(file);
    const scriptHashes = inlineScripts(html).map((s) => s.hash);
    const policy = path === ADMIN_PATH ? ADMIN_POLICY : undefined;
    return {
      for: path,
      values: {
        'Content-Security-Policy': headerCsp({ ...input, scriptHashes }, policy),
        'Cross-Origin-Opener-Policy': policy?.openerPolicy ?? OPENER_POLICY,
        'Cross-Origin-Resource-Policy': RESOURCE_POLICY,
        'Cache-Control': PAGE_CACHE,
        ...(speculation && path !== ADMIN_PATH ? { 'Speculation-Rules': SPECULATION_RULES_HEADER } : {}),
      },
    };
  });
}

/**
 * Cross-Origin-Resource-Policy of each file that is not a page and not in a folder netlify.toml covers
 * (the feed, the sitemaps, robots.txt, the favicon …): one exact rule each, as /* cannot leave the cards out.
 */
export function resourcePolicyRules(distDir: string): HeaderRule[] {
  return distFiles(distDir)
    .filter((file) => !file.endsWith('.html') && !['_headers', '_redirects'].includes(file))
    .filter((file) => !RESOURCE_POLICY_FOLDERS.includes(file.split('/')[0]))
    .map((file) => ({ for: `/${file}`, values: { 'Cross-Origin-Resource-Policy': RESOURCE_POLICY } }));
}

/** Rules for the same path joined into one, in the order of their first appearance (their header names differ). */
export function oneRulePerPath(rules: HeaderRule[]): HeaderRule[] {
  const byPath = new Map<string, HeaderRule>();
  for (const rule of rules) {
    const joined = byPath.get(rule.for);
    if (joined) joined.values = { ...joined.values, ...rule.values };
    else byPath.set(rule.for, { for: rule.for, values: { ...rule.values } });
  }
  return [...byPath.values()];
}

/** The feed's Content-Type, when the build has a feed (Netlify would send application/xml). */
export function feedHeaderRules(distDir: string): HeaderRule[] {
  return existsSync(join(distDir, FEED_PATH.slice(1))) ? [{ for: FEED_PATH, values: { 'Content-Type': FEED_CONTENT_TYPE } }] : [];
}

export interface DeployInput extends CspInput {
  published: PublishedRules & { builtAt: Date; due: readonly Date[] };
  /** The meta-refresh page of each moved path, for hosts without dist/_redirects. */
  redirectPages?: readonly RedirectPage[];
  /** A deploy preview or branch deploy: noindex everywhere (markPreview). */
  preview?: boolean;
  /** The site's speculation rules (src/lib/routes/speculation.ts); without them, no rules file and no header. */
  speculationRules?: SpeculationRules;
  /** The pages that get a social card (every page with the site's head), the site and its canonical origin. */
  socialCards?: { pages: CardPage[]; site: Site; host: string };
}

/** Writes dist/_headers, dist/_redirects and the speculation rules for the pages in `distDir`; returns what it wrote. */
export function writeDeployFiles(
  distDir: string,
  { published, redirectPages = [], speculationRules, preview = false, socialCards: _cards, ...csp }: DeployInput,
) {
  // First the pages the rules below are made from: the moved paths' pages, then a preview's robots meta on every page.
  writeRedirectPages(distDir, redirectPages, csp);
  const previewRules = preview ? markPreview(distDir) : [];
  if (speculationRules) writeFileSync(join(distDir, SPECULATION_RULES_PATH.slice(1)), `${JSON.stringify(speculationRules, null, 2)}\n`);
  writeFileSync(join(distDir, PUBLISHING_FILE_PATH.slice(1)), publishingFile(published));
  const pageRules = pageHeaderRules(builtPages(distDir), csp, Boolean(speculationRules));
  const headers = oneRulePerPath([
    ...pageRules,
    ...goneHeaderRules(pageRules, published.gone),
    ...feedHeaderRules(distDir),
    // Netlify types a file by its extension: application/json, which browsers refuse for rules.
    ...(speculationRules ? [{ for: SPECULATION_RULES_PATH, values: { 'Content-Type': SPECULATION_RULES_TYPE } }] : []),
    ...resourcePolicyRules(distDir),
    ...previewRules,
  ]);
  const generated = 'Written by the build (src/lib/deploy/integration.ts); never edit or commit.';
  writeFileSync(
    join(distDir, '_headers'),
    renderHeadersFile(headers, [
      generated,
      "Each page: its CSP with the hashes of its own inline scripts, its opener and resource policies, its caching, its Speculation-Rules; each removed page's old path: those of the gone page it serves. The RSS feed and the rules: their Content-Type. Every other file outside /_astro, /pagefind and /social-cards: its resource policy.",
    ]),
  );
  const rules = redirectRules(published);
  writeFileSync(
    join(distDir, '_redirects'),
    renderRedirectsFile(rules, [
      generated,
      'Every path an earlier build published that no page serves now (src/lib/routes/published.ts): 301 where it moved, 410 where its entry is gone; then the CMS links to each entry (302).',
    ]),
  );
  return { headers, redirects: rules };
}

/** The pages that get a social card: every route but the CMS at /admin (which has no social head), with a post's cover. */
export function cardPages(routes: readonly Pick<Route, 'kind' | 'path' | 'meta' | 'source'>[]): CardPage[] {
  return routes
    .filter((route) => route.path !== ADMIN_PATH)
    .map(({ kind, meta, source }) => ({ kind, meta, ...(source.cover ? { cover: source.cover } : {}) }));
}

/** The Astro integration that writes the deploy files once the pages are built. */
export function deployFiles(input: DeployInput): AstroIntegration {
  let cacheDir: string | undefined;
  return {
    name: 'deploy-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = join(fileURLToPath(config.cacheDir), 'social-cards');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        if (input.socialCards) {
          const cards = await writeSocialCards({ dist, cacheDir, ...input.socialCards });
          logger.info(
            `social cards: ${cards.cards.length} (${cards.drawn} drawn, ${cards.cached} from the cache) in ${(cards.milliseconds / 1000).toFixed(2)} s (CPU ${(cards.cpuMilliseconds / 1000).toFixed(2)} s)`,
          );
        }
        const written = writeDeployFiles(dist, input);
        const { moved, gone, entryLinks } = input.published;
        logger.info(
          `_headers: ${written.headers.length} rules; _redirects: ${moved.length} moved (301), ${gone.length} gone (410), ${entryLinks.length} entry links (302)`,
        );
      },
    },
  };
}
