/**
 * The accessibility statement (content/pages/accessibility.yaml) as built: in
 * the sitemap, linked from the footer of every page, naming the standard the
 * site meets, and telling visitors how to report a barrier at the contact
 * address of content/site.yaml (filled in from the settings, never retyped).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { builtPages } from '../../src/lib/deploy/dist-folder';
import { CONTENT, DIST, pagesOfEarlierPaths, readPage, requireDist, sitemapPaths } from '../support/site-under-test';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

const manifest = readManifest(CONTENT);
const statement = manifest.routes.find((r) => r.kind === 'page' && r.id === 'accessibility');

describe('the accessibility statement', () => {
  beforeAll(() => requireDist());

  it('is a page of the route list, listed in the sitemap', () => {
    expect(statement, 'content/pages/accessibility.yaml').toBeDefined();
    expect(sitemapPaths()).toContain(statement!.path);
  });

  it('is linked from the footer of every page', () => {
    const redirects = pagesOfEarlierPaths();
    const pages = builtPages(DIST).filter((p) => !redirects.has(p.path) && p.path !== ADMIN_PATH);
    expect(pages.length).toBeGreaterThan(1);
    const without = pages.filter((page) => {
      const footer = /<footer\b[\s\S]*?<\/footer>/.exec(page.html)?.[0] ?? '';
      return !footer.includes(`href="${statement!.path}"`);
    });
    expect(without.map((p) => p.path)).toEqual([]);
  });

  it('names the standard and how to report a barrier to the contact address', () => {
    const html = readPage(statement!.path);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('WCAG) 2.2 at level AA');
    const email = manifest.site.email.support;
    expect(text).toContain(email);
    expect(html).toMatch(new RegExp(`href="mailto:${email.replace(/[.]/g, '\\.')}\\?subject=`));
    expect(html).not.toContain('{email.');
  });
});
