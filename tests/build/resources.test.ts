/**
 * What the pages load besides their own bytes, read from dist/: no web font
 * without a size-adjusted fallback, and no third-party resource in the markup.
 * The byte budgets themselves (HTML and CSS per page) are the pre-publish
 * check's (src/lib/deploy/gate/budgets.ts, tests/build/gate.test.ts);
 * JavaScript loaded at page load is measured in a browser (each page's visit, tests/e2e/visit.spec.ts).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { distFiles, readDist, requireDist, sitePages } from '../support/site-under-test';

describe('resources of the built pages', () => {
  beforeAll(() => requireDist());

  it('no web font shifts the layout: any @font-face comes with a size-adjusted fallback face', () => {
    // A self-hosted font must come with a metric-matched fallback face (size-adjust) so the swap does not move text.
    const unadjusted = (text: string) => (/size-adjust/.test(text) ? [] : (text.match(/@font-face\s*{[^}]*}/g) ?? []));
    expect(unadjusted('@font-face{font-family:Brand;src:url(/brand.woff2)}')).toHaveLength(1);
    expect(unadjusted('@font-face{font-family:Brand;src:url(/b.woff2)}@font-face{font-family:F;src:local(Arial);size-adjust:97%}')).toEqual(
      [],
    );
    const found = distFiles()
      .filter((f) => f.endsWith('.css') || f.endsWith('.html'))
      .flatMap((file) => unadjusted(readDist(file)).map((face) => `${file}: ${face.slice(0, 80)}`));
    expect(found).toEqual([]);
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
