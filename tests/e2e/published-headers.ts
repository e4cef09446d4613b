/**
 * The site as Netlify serves it: every response from the preview server gets
 * the headers Netlify would give its path from the build output (each page's
 * CSP, opener policy and Speculation-Rules from dist/_headers, the feed's and
 * the rules file's Content-Type, netlify.toml's fixed headers), replacing the
 * preview server's own of the same name, on top of the CSP <meta> Astro writes
 * into each page; and a recorder of the CSP violations the page reports
 * (securitypolicyviolation events).
 */
import type { Page } from '@playwright/test';
import { headersFor } from '../../src/lib/deploy/netlify';
import { publishedHeaderRules } from '../support/site-under-test';

const rules = publishedHeaderRules();

/**
 * The responses whose published headers change what the browser does: pages (their CSP, opener policy
 * and Speculation-Rules) and files whose Content-Type the rules set (the feed, the speculation rules).
 * Other files keep the preview server's headers: passing each through the test runner costs CPU on
 * every load and changes nothing a check reads (the pre-publish check reads all of dist/_headers).
 */
const isPage = (path: string) => path.endsWith('/') || path.endsWith('.html') || !/\.[a-z0-9]+$/i.test(path);
const typedFiles = new Set(
  rules.filter((rule) => Object.keys(rule.values).some((name) => name.toLowerCase() === 'content-type')).map((rule) => rule.for),
);

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/**
 * Serve the site under the published headers; `override` replaces headers of
 * one path (a test that proves what a header is for).
 */
export async function applyPublishedHeaders(page: Page, override?: { path: string; headers: Record<string, string> }) {
  await page.addInitScript(() => {
    const list: unknown[] = ((window as unknown as { __csp: unknown[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  await page.route(
    (url) =>
      /^(localhost|127\.0\.0\.1)$/.test(url.hostname) &&
      (isPage(url.pathname) || typedFiles.has(url.pathname) || url.pathname === override?.path),
    async (route) => {
      const response = await route.fetch();
      const path = new URL(route.request().url()).pathname;
      // Header names are case-insensitive: a published Content-Type replaces the server's content-type.
      const headers = { ...response.headers() };
      for (const [name, value] of Object.entries({ ...headersFor(rules, path), ...(override?.path === path ? override.headers : {}) }))
        headers[name.toLowerCase()] = value;
      await route.fulfill({ response, headers });
    },
  );
}

/** The CSP violations the page has reported since it loaded. */
export const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
