/** The real site configuration (content/site.yaml): the company's values, and the files it points at. */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { readSite } from '../../src/lib/content/read';

const site = readSite('content');

describe('content/site.yaml', () => {
  it('holds the company values', () => {
    expect(site.brand).toBe('Corvana');
    expect(site.slug).toBe('corvana');
    expect(site.host).toBe('https://corvana.example');
    expect(site.email.support).toBe('support@corvana.example');
    expect(site.phone).toBe('+1 (555) 010-0142');
  });

  it('names a social image that exists in public/ with the configured size', () => {
    const png = readFileSync(`public${site.ogImage.src}`);
    // PNG header: width and height are big-endian at bytes 16 and 20.
    expect(png.readUInt32BE(16)).toBe(site.ogImage.width);
    expect(png.readUInt32BE(20)).toBe(site.ogImage.height);
  });
});
