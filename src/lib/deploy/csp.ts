/**
 * The site's Content-Security-Policy as data: one source for the policy Astro
 * writes into every page (`security.csp` in astro.config.mjs, a <meta> with
 * the page's script hashes) and the one Netlify sends as a real header
 * (dist/_headers, written by the build from the very pages it publishes:
 * src/lib/deploy/integration.ts), and each page's Cross-Origin-Opener-Policy,
 * written there too because /admin needs another one. The build-independent
 * headers (HSTS, framing, caching of /_astro) live in netlify.toml.
 *
 * Browsers enforce BOTH policies, so a request must pass each of them:
 * - scripts: no 'unsafe-inline' / 'unsafe-eval' anywhere. Inline scripts run only
 *   when their sha256 hash is listed (Astro's island bootstrap, client
 *   directives and small inlined component scripts). 'wasm-unsafe-eval' lets the
 *   search page compile Pagefind's WebAssembly; it does not allow eval().
 * - styles: 'unsafe-inline' because React renders `style=""` attributes (hero)
 *   and the notice library injects <style> at runtime.
 * - connect-src: the site and the exact Supabase origin of the build
 *   (PUBLIC_SUPABASE_URL, custom domains included), in the meta and the header alike.
 * - frame-ancestors only works as a header (browsers ignore it in a <meta>).
 */

import type { AstroUserConfig } from 'astro';

export interface CspInput {
  /** Origin of the Supabase project (PUBLIC_SUPABASE_URL); omitted when the build has none. */
  supabase?: string;
}

/** Origin of a URL such as PUBLIC_SUPABASE_URL, or undefined when unset or not an http(s) URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Directives shared by the meta and the header, except script-src and
 * style-src (Astro owns those in the meta). Every fetch type falls back to
 * default-src 'none' unless it is listed here.
 */
export function commonDirectives({ supabase }: CspInput): string[] {
  return [
    "default-src 'none'",
    `connect-src 'self'${supabase ? ` ${supabase}` : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/** script-src sources besides the hashes. */
export const SCRIPT_RESOURCES = ["'self'", "'wasm-unsafe-eval'"];
/** style-src sources (see the module comment for 'unsafe-inline'). */
export const STYLE_RESOURCES = ["'self'", "'unsafe-inline'"];
/** Directives that a <meta> policy cannot carry. */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

type AstroCspOption = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;

/** The `security.csp` option of astro.config.mjs. */
export function astroCsp(input: CspInput): AstroCspOption {
  return {
    algorithm: 'SHA-256',
    directives: commonDirectives(input) as NonNullable<AstroCspOption['directives']>,
    scriptDirective: { resources: SCRIPT_RESOURCES },
    styleDirective: { resources: STYLE_RESOURCES },
  };
}

/**
 * What one page needs beyond the public policy. Only /admin has any: the CMS
 * (Sveltia CMS, src/pages/admin.astro) talks to the GitHub API (REST and
 * GraphQL) and reads GitHub's status API at boot; it fetches its logo, first
 * its own as a data: URL, then the site's; it shows avatars from GitHub, and
 * its logo, assets and uploads as blob: images. It needs no eval. Its sign-in
 * opens Netlify's OAuth page in a popup, a navigation no CSP directive
 * governs, whose token comes back by postMessage: what that needs is the
 * opener policy below.
 */
export interface PagePolicy {
  scriptResources: string[];
  /** Whole directives whose sources are added to the common directive of the same name. */
  directives: string[];
  /** The page's Cross-Origin-Opener-Policy. */
  openerPolicy: string;
}

/**
 * Cross-Origin-Opener-Policy of every public page: a window of another origin
 * that opens the site, or that the site opens, gets no handle on it.
 */
export const OPENER_POLICY = 'same-origin';

/** The path of the CMS, which gets its own policy (content/pages/admin.yaml serves it). */
export const ADMIN_PATH = '/admin';
/** The GitHub API, and the status page the CMS reads before signing in. */
export const GITHUB_API_ORIGIN = 'https://api.github.com';
export const GITHUB_STATUS_ORIGIN = 'https://www.githubstatus.com';
export const ADMIN_POLICY: PagePolicy = {
  scriptResources: [],
  directives: [`connect-src ${GITHUB_API_ORIGIN} ${GITHUB_STATUS_ORIGIN} data:`, 'img-src blob: https://avatars.githubusercontent.com'],
  // The sign-in popup (Netlify's OAuth page) must keep its opener to hand the token back;
  // with same-origin the browser severs it and the editor never signs in.
  openerPolicy: 'same-origin-allow-popups',
};

/** `base` with the sources of `extra` added to the directive of the same name (or appended). */
export function mergeDirectives(base: string[], extra: string[]): string[] {
  const out = [...base];
  for (const directive of extra) {
    const [name, ...sources] = directive.split(/\s+/);
    const index = out.findIndex((d) => d.split(/\s+/)[0] === name);
    if (index === -1) out.push(directive);
    else {
      const existing = out[index].split(/\s+/);
      out[index] = [...existing, ...sources.filter((s) => !existing.includes(s))].join(' ');
    }
  }
  return out;
}

/** The <meta> policy of a page the build writes itself (no inline script, no header-only directive): a moved path's page. */
export function scriptlessMetaCsp(input: CspInput): string {
  return [...commonDirectives(input), `script-src ${SCRIPT_RESOURCES.join(' ')}`, `style-src ${STYLE_RESOURCES.join(' ')}`].join('; ');
}

/** The Content-Security-Policy header of one page, given the sha256 sources of its inline scripts. */
export function headerCsp({ scriptHashes, ...input }: CspInput & { scriptHashes: string[] }, page?: PagePolicy): string {
  const hashes = [...new Set(scriptHashes)].sort().map((h) => `'${h}'`);
  return [
    ...mergeDirectives(commonDirectives(input), page?.directives ?? []),
    `script-src ${[...SCRIPT_RESOURCES, ...(page?.scriptResources ?? []), ...hashes].join(' ')}`,
    `style-src ${STYLE_RESOURCES.join(' ')}`,
    ...HEADER_ONLY_DIRECTIVES,
  ].join('; ');
}

/**
 * Cache-Control of HTML pages: fresh in the browser for a minute, then revalidated. A page prefetched on intent
 * (Firefox, Safari: src/lib/routes/prefetch-on-intent.ts) is then shown on the click without a round trip, as
 * Chromium shows a prerendered one. The cost, a page up to a minute old, is safe: a page naming scripts a later
 * deploy removed recovers by itself (src/lib/forms/recovery.ts), and a reload always revalidates. Netlify's
 * CDN keeps static files until the next deploy whatever this says, so every visitor's first load is current.
 */
export const PAGE_CACHE = 'public, max-age=60, must-revalidate';

/** Cross-Origin-Resource-Policy of everything but the social cards (which other sites' pages show: cross-origin). */
export const RESOURCE_POLICY = 'same-origin';
/** Folders whose Cross-Origin-Resource-Policy netlify.toml sets (fixed folders of every build); the build sets every other file's. */
export const RESOURCE_POLICY_FOLDERS = ['_astro', 'pagefind', 'social-cards'];
