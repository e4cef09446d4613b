/** The real content/ passes the content check and reads as a route manifest (the build would stop otherwise). */
import { describe, it, expect } from 'vitest';
import { contentProblems } from '../../src/lib/content/check-content';
import { readManifest } from '../../src/lib/routes/manifest';

describe('content/', () => {
  it('has no problem', () => {
    expect(contentProblems('content')).toEqual([]);
  });
  it('makes a route for every page of the site, the home page among them', () => {
    const paths = readManifest('content').routes.map((r) => r.path);
    expect(paths).toContain('/');
    expect(new Set(paths).size).toBe(paths.length);
  });
});
