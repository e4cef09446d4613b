/**
 * Size budgets of every page, measured from dist/ (gzip -9): HTML ≤ 14 KB,
 * CSS ≤ 12 KB (linked stylesheets + inline <style>), no web font without a
 * size-adjusted fallback, and no third-party resource in the markup.
 * JavaScript loaded at page load is measured in a browser:
 * tests/e2e/budgets.spec.ts.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGETS, kb, pageWeight, type PageWeight } from '../../src/lib/deploy/gate/budgets';
import { table } from '../support/table';
import { DIST, distFiles, readDist, requireDist, sitePages } from '../support/site';

interface Figures extends PageWeight {
  path: string;
}

describe('page size budgets (gzip)', () => {
  let figures: Figures[] = [];
  beforeAll(() => {
    requireDist();
    figures = sitePages().map((p) => ({ path: p.path, ...pageWeight(DIST, p.file) }));
    console.log(
      `\nHTML and CSS per page, gzip -9 KB (budgets: HTML ${kb(BUDGETS.html)}, CSS ${kb(BUDGETS.css)})\n` +
        table(
          ['page', 'HTML', 'CSS'],
          figures.map((f) => [f.path, kb(f.html), kb(f.css)]),
        ),
    );
  });

  it('every page of the site exists in dist/', () => {
    for (const page of sitePages()) expect(existsSync(join(DIST, page.file)), `${page.path} -> ${page.file}`).toBe(true);
  });

  it(`HTML ≤ ${kb(BUDGETS.html)} KB per page`, () => {
    const over = figures.filter((f) => f.html > BUDGETS.html).map((f) => `${f.path}: ${kb(f.html)} KB`);
    expect(over).toEqual([]);
  });

  it(`CSS ≤ ${kb(BUDGETS.css)} KB per page`, () => {
    expect(figures.every((f) => f.stylesheets.length > 0 || f.css > 0)).toBe(true);
    const over = figures.filter((f) => f.css > BUDGETS.css).map((f) => `${f.path}: ${kb(f.css)} KB`);
    expect(over).toEqual([]);
  });

  it('no web font shifts the layout: any @font-face declares a size-adjusted fallback', () => {
    for (const file of distFiles().filter((f) => f.endsWith('.css') || f.endsWith('.html'))) {
      const text = readDist(file);
      for (const face of text.match(/@font-face\s*{[^}]*}/g) ?? []) {
        // A self-hosted font must come with a metric-matched fallback face (size-adjust) so the swap does not move text.
        expect(/size-adjust/.test(text), `${file}: @font-face without a size-adjusted fallback: ${face.slice(0, 80)}`).toBe(true);
      }
    }
  });

  it('no page references a third-party script, stylesheet, image, font or frame', () => {
    const external =
      /<(script|link|img|iframe|source|video|audio|embed|object)\b[^>]*\b(src|href|srcset|data)="(https?:)?\/\/[^"]+"[^>]*>/gi;
    const found = sitePages().flatMap((p) =>
      [...readDist(p.file).matchAll(external)]
        .filter((m) => !/rel="(canonical|alternate|sitemap)"/.test(m[0]) && !/rel="(me|author)"/.test(m[0]))
        .map((m) => `${p.path}: ${m[0].slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });
});
