/**
 * Netlify's deploy previews and branch deploys are public addresses: search engines must not index them
 * (src/lib/content/publishing.ts isPreviewContext reads Netlify's CONTEXT).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages } from './dist-folder';
import type { HeaderRule } from './netlify';

/** The header and meta a deploy that is not the live site sends: search engines must not index a preview. */
export const PREVIEW_ROBOTS = 'noindex, nofollow';

/**
 * A deploy preview or branch deploy (Netlify's CONTEXT, src/lib/content/publishing.ts): every page gets a robots
 * meta of PREVIEW_ROBOTS (in place of its own, if it has one) and every path the X-Robots-Tag header (one `/*`
 * rule: no other rule sets it). Canonical links and the sitemap keep naming the live site's host (SITE_URL, or
 * content/site.yaml's `host`), so whatever a crawler finds on a preview points it at the real pages.
 */
export function markPreview(distDir: string): HeaderRule[] {
  for (const { file, html } of builtPages(distDir)) {
    const tag = `<meta name="robots" content="${PREVIEW_ROBOTS}">`;
    const marked = /<meta\s+name="robots"[^>]*>/i.test(html)
      ? html.replace(/<meta\s+name="robots"[^>]*>/i, tag)
      : html.replace(/<meta\s+charset="utf-8"\s*\/?>/i, (charset) => `${charset}${tag}`);
    if (marked === html && !html.includes(tag))
      throw new Error(`${file}: no <meta charset="utf-8"> to put the preview's robots meta after`);
    writeFileSync(join(distDir, file), marked);
  }
  return [{ for: '/*', values: { 'X-Robots-Tag': PREVIEW_ROBOTS } }];
}
