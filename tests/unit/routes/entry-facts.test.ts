/**
 * What a version of a content file says about the site's paths (src/lib/routes/entry-facts.ts): an entry's
 * paths, title and publishAt, placeholders filled; a version of content/site.yaml's values, also when today's
 * schema refuses it; which files are entries.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryOf, factsOf, NO_FACTS, siteValuesOf } from '../../../src/lib/routes/entry-facts';
import { FIXTURE_CONTENT } from '../../fixtures';

const values = { slug: 'acme', brand: 'Acme' };

describe('an entry file', () => {
  it('gives its paths (aliases too), title, parent and publishAt, placeholders filled', () => {
    const yaml =
      'meta:\n  path: /join-{slug}\n  title: Join {brand}\n  aliases: [/careers, /bad path]\n  parent: /company\npublishAt: 2025-01-15T09:00:00Z\n';
    expect(factsOf(yaml, false, values)).toEqual({
      paths: ['/join-acme', '/careers'],
      title: 'Join Acme',
      parent: '/company',
      publishAt: Date.parse('2025-01-15T09:00:00Z'),
      blog: false,
    });
    expect(factsOf(`---\n${yaml}---\nText.\n`, true, values).paths).toEqual(['/join-acme', '/careers']);
  });

  it('gives no path for an unknown placeholder, a file without a page or one that cannot be read', () => {
    expect(factsOf('meta:\n  path: /join-{slugg}\n', false, values)).toEqual(NO_FACTS);
    expect(factsOf('layout: blog\n', false, values)).toEqual({ ...NO_FACTS, blog: true });
    expect(factsOf('meta: [\n', false, values)).toEqual(NO_FACTS);
    expect(factsOf('no frontmatter\n', true, values)).toEqual(NO_FACTS);
  });

  it('is a file directly in a routed folder with its format, drafts included', () => {
    expect(entryOf('content', 'content/posts/_x.md')).toEqual({ collection: 'posts', id: '_x' });
    expect(entryOf('', 'pages/home.yaml')).toEqual({ collection: 'pages', id: 'home' });
    expect(entryOf('content', 'content/posts/x.yaml')).toBeUndefined();
    expect(entryOf('content', 'content/lists/values.yaml')).toBeUndefined();
  });
});

describe('a version of content/site.yaml', () => {
  const fallback = { slug: 'today', brand: 'Today', 'email.support': 'help@today.example' };
  const site = readFileSync(join(FIXTURE_CONTENT, 'site.yaml'), 'utf8');

  it("gives the values a build filled placeholders with that day, today's where it says nothing", () => {
    expect(siteValuesOf(site, fallback)).toMatchObject({ slug: 'acme', brand: 'Acme', host: 'https://acme.example' });
    // A shape today's schema refuses (a field since removed, none of the newer ones): its own words still count.
    expect(siteValuesOf('site:\n  brand: OldCo\n  slug: oldco\n  retired: true\n', fallback)).toEqual({
      ...fallback,
      slug: 'oldco',
      brand: 'OldCo',
    });
    expect(siteValuesOf('site: [\n', fallback)).toEqual(fallback);
    expect(siteValuesOf('', fallback)).toEqual(fallback);
  });
});
