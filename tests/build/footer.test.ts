/**
 * Social links (footer, socials section) read "LinkedIn corvana", not
 * "LinkedIncorvana": label and handle keep their space through the compressed HTML.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { CONTENT, readDist, requireDist } from '../support/site-under-test';

describe('social links', () => {
  beforeAll(() => requireDist());

  it('separate each network from its handle', () => {
    const html = readDist('index.html');
    const texts = [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    const { social } = readManifest(CONTENT).site;
    expect(social.length).toBeGreaterThan(0);
    for (const profile of social) {
      // Every link that names the network (footer and socials section) separates it from the handle.
      const links = texts.filter((text) => text.startsWith(profile.label));
      expect(links.length, profile.label).toBeGreaterThan(0);
      for (const text of links) expect(text.startsWith(`${profile.label} ${profile.handle}`), text).toBe(true);
    }
  });
});
