import { describe, it, expect } from 'vitest';
import { robotsTxt } from '../../../src/lib/seo/robots';

describe('robots.txt', () => {
  it('allows all, sets a crawl delay of 1 and links the sitemap on the site host', () => {
    const text = robotsTxt('https://acme.example/');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Crawl-delay: 1$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/acme\.example\/sitemap-index\.xml$/m);
  });
});
