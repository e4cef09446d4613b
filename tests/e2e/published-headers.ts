/**
 * The response headers Netlify would send, applied in the browser: each
 * response from the preview server gets the headers the build output gives
 * its path (netlify.toml's fixed ones and dist/_headers: each page's
 * Content-Security-Policy and Speculation-Rules, the rules file's and the
 * feed's Content-Type), replacing the preview server's own of the same name.
 * CSP violations are recorded for `cspViolations`.
 */
import type { Page } from '@playwright/test';
import { headersFor } from '../../src/lib/deploy/netlify';
import { publishedHeaderRules } from '../support/site';

const rules = publishedHeaderRules();

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

export async function applyPublishedHeaders(page: Page) {
  await page.addInitScript(() => {
    const list: unknown[] = ((window as unknown as { __csp: unknown[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  await page.route(
    (url) => /^(localhost|127\.0\.0\.1)$/.test(url.hostname),
    async (route) => {
      const response = await route.fetch();
      const published = headersFor(rules, new URL(route.request().url()).pathname);
      // Header names are case-insensitive: a published Content-Type replaces the server's content-type.
      const headers = { ...response.headers() };
      for (const [name, value] of Object.entries(published)) headers[name.toLowerCase()] = value;
      await route.fulfill({ response, headers });
    },
  );
}

/** The CSP violations the page has reported since it loaded. */
export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
