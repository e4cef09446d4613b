/** The real content's routes: the paths the company agreed on, derived from the slug. */
import { describe, it, expect } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { blogRoute } from '../../src/lib/routes/build';
import { unspeculatedPaths } from '../../src/lib/routes/speculation';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';

const manifest = readManifest('content');
const slug = manifest.site.slug;

describe('routes of content/', () => {
  it('derives branded paths from the slug', () => {
    expect(manifest.routes.map((r) => r.path)).toContain(`/join-${slug}`);
    expect(manifest.redirects).toContainEqual({ from: '/careers', to: `/join-${slug}` });
  });
  it('has the blog at /blog, and it lists the welcome post at its existing path', () => {
    const blog = blogRoute(manifest.routes)!;
    expect(blog.path).toBe('/blog');
    expect(blog.listing!.posts.map((p) => p.path)).toContain(`/post/${slug}-blog-welcome`);
  });
  it("never loads sign-in, the CMS, the search, the team's action page or the not-found page before the click (their own page files)", () => {
    expect(unspeculatedPaths(manifest.routes)).toEqual(['/404', ADMIN_PATH, '/login', '/search', '/team-action'].sort());
  });
});
