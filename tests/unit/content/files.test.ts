/** Which files of a content folder count (src/lib/content/files.ts): the rule the collections and the disk reader share. */
import { describe, it, expect } from 'vitest';
import { entryId, globPatterns, isContentFile } from '../../../src/lib/content/files';

describe('content files', () => {
  it('counts the extensions of the format, and no draft (a name starting with _)', () => {
    expect(isContentFile('markdown', 'widget.md')).toBe(true);
    expect(isContentFile('markdown', 'widget.yaml')).toBe(false);
    expect(isContentFile('yaml', 'about.yml')).toBe(true);
    expect(isContentFile('yaml', '_about.yaml')).toBe(false);
  });
  it("gives Astro's glob loader the same rule", () => {
    expect(globPatterns('markdown')).toEqual(['*.md', '!_*']);
    expect(globPatterns('yaml')).toEqual(['*.{yaml,yml}', '!_*']);
  });
  it('names an entry by its file name without the extension', () => {
    expect(entryId('join.yaml')).toBe('join');
  });
});
