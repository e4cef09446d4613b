/** The site configuration (src/lib/content/schemas/site.ts). */
import { describe, it, expect } from 'vitest';
import { siteSchema } from '../../../../src/lib/content/schemas';
import { fixtureSite } from '../../../fixtures';

describe('site configuration', () => {
  it('refuses a bad email', () => {
    const site = fixtureSite;
    expect(siteSchema.safeParse({ ...site, email: { ...site.email, support: 'support' } }).success).toBe(false);
  });
});
