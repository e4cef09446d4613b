/** The real site configuration (content/site.yaml): the company's values. */
import { describe, it, expect } from 'vitest';
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
});
