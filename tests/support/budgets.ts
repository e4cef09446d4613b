/**
 * Size budgets per page, gzip -9 bytes (1 KB = 1000 bytes, the stricter reading).
 * HTML fits the first round trip (TCP initial window, ~14.6 kB); JavaScript is
 * what a page loads before any interaction; CSS is every stylesheet the page
 * links plus its inline <style> blocks.
 */
import { gzipSync } from 'node:zlib';

export const KB = 1000;

export const BUDGETS = {
  html: 14 * KB,
  css: 12 * KB,
  js: {
    /** Pages without a form or sign-in: no React runtime at load. */
    plain: 10 * KB,
    /** The home page (its parallax hero is a React island; it now hydrates on the first scroll, so it loads none at page load). */
    home: 75 * KB,
    /** Pages with a form island (detected in the HTML). */
    form: 90 * KB,
    /** The sign-in page. */
    login: 100 * KB,
  },
} as const;

export type JsBudgetKind = keyof typeof BUDGETS.js;

export function jsBudgetKind(path: string, hasFormIsland: boolean): JsBudgetKind {
  if (path === '/') return 'home';
  if (path === '/login') return 'login';
  return hasFormIsland ? 'form' : 'plain';
}

export const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

export const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** A plain-text table (for test output). */
export function table(header: string[], rows: (string | number)[][]): string {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}
