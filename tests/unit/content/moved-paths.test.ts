/** Links to moved pages rendered with the new path (src/lib/content/moved-paths.ts): in any field, in rendered markdown. */
import { describe, it, expect } from 'vitest';
import { followMove, followMoves, followMovesInHtml } from '../../../src/lib/content/moved-paths';

const moves = new Map([
  ['/about', '/company/about-us'],
  ['/careers', '/join-acme'],
]);
const origin = 'https://acme.example';

describe('a value', () => {
  it('that is exactly an old path, with a query or fragment, on the site or relative, gets the new path', () => {
    expect(followMove('/about', moves)).toBe('/company/about-us');
    expect(followMove('/about#team', moves)).toBe('/company/about-us#team');
    expect(followMove('/about?x=1#t', moves)).toBe('/company/about-us?x=1#t');
    expect(followMove('https://acme.example/careers', moves, origin)).toBe('https://acme.example/join-acme');
    expect(followMove('https://ACME.example/careers', moves, `${origin}/`)).toBe('https://ACME.example/join-acme');
  });

  it('is left alone otherwise: another path, another site, words around a path, mail', () => {
    for (const value of ['/about-us', '/about/team', 'https://other.example/about', 'See /about', 'mailto:a@acme.example', '', 'about'])
      expect(followMove(value, moves, origin), value).toBe(value);
    expect(followMove('https://acme.example/about', moves)).toBe('https://acme.example/about'); // origin unknown: not ours
  });
});

describe('content', () => {
  it('has every string of its fields followed, other values and unmoved strings as they were', () => {
    const published = new Date('2025-01-01');
    const data = {
      nav: [
        { label: 'About', href: '/about' },
        { label: 'Blog', href: '/blog' },
      ],
      meta: { path: '/team', parent: '/about' },
      published,
      count: 3,
    };
    const followed = followMoves(data, moves, origin);
    expect(followed).toEqual({
      nav: [
        { label: 'About', href: '/company/about-us' },
        { label: 'Blog', href: '/blog' },
      ],
      meta: { path: '/team', parent: '/company/about-us' },
      published,
      count: 3,
    });
    expect(followMoves(data, new Map())).toBe(data);
  });

  it('has the links of rendered markdown followed, escaped as HTML, and nothing else of the text', () => {
    const html =
      '<p>Read <a href="/about">/about</a>, <a href="/careers?a=1&amp;b=2">jobs</a>, <a href=\'https://acme.example/about#x\'>here</a> and <a href="/blog">the blog</a>.</p>';
    expect(followMovesInHtml(html, moves, origin)).toBe(
      '<p>Read <a href="/company/about-us">/about</a>, <a href="/join-acme?a=1&amp;b=2">jobs</a>, <a href=\'https://acme.example/company/about-us#x\'>here</a> and <a href="/blog">the blog</a>.</p>',
    );
  });
});
