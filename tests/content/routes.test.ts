/** The real content's routes: the paths the company agreed on, derived from the slug. */
import { describe, it, expect } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { blogRoute } from '../../src/lib/routes/build';

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
});
