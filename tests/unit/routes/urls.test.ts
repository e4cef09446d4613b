import { describe, it, expect } from 'vitest';
import { absoluteUrl, normalizePath, isExternal, pagePath } from '../../../src/lib/routes/urls';

describe('urls', () => {
  it('one trailing-slash rule', () => {
    expect(normalizePath('/about/')).toBe('/about');
    expect(normalizePath('/')).toBe('/');
    expect(absoluteUrl('https://x.example/', '/')).toBe('https://x.example/');
    expect(absoluteUrl('https://x.example', '/a/')).toBe('https://x.example/a');
  });
  it('turns the path a page renders at into the path links use', () => {
    // build.format 'file': Astro.url.pathname of /about is /about.html, of the home page /index.html.
    expect(pagePath('/about.html')).toBe('/about');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/services/managed-business.html')).toBe('/services/managed-business');
    expect(pagePath('/blog/2.html')).toBe('/blog/2');
    // The dev server and directory builds.
    expect(pagePath('/about')).toBe('/about');
    expect(pagePath('/about/')).toBe('/about');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/blog/index.html')).toBe('/blog');
    expect(pagePath('/reindex.html')).toBe('/reindex');
  });
  it('tells external links apart', () => {
    expect(isExternal('/about')).toBe(false);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('https://acme.example/x', 'https://acme.example')).toBe(false);
    expect(isExternal('https://planner.acme.example', 'https://acme.example')).toBe(true);
  });
});
