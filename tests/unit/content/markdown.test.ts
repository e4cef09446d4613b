/** Placeholders in markdown that the content layer rendered to HTML (src/lib/content/markdown.ts). */
import { describe, it, expect } from 'vitest';
import { fillHtml } from '../../../src/lib/content/markdown';
import { PlaceholderError } from '../../../src/lib/content/placeholders';
import { fixtureValues as values } from '../../fixtures';

describe('fillHtml (placeholders in rendered markdown)', () => {
  it('fills text and encoded hrefs', () => {
    const html = '<p>{brand} rebuilt <a href="%7Burl.prsafe%7D">{url.prsafe}</a></p>';
    expect(fillHtml(html, values)).toBe('<p>Acme rebuilt <a href="https://safe.acme.example">https://safe.acme.example</a></p>');
  });
  it('escapes values for HTML', () => {
    expect(fillHtml('<p>{brand}</p>', { brand: 'A & <B>' })).toBe('<p>A &amp; &lt;B&gt;</p>');
  });
  it('fails on an unknown placeholder', () => {
    expect(() => fillHtml('<p>{brnad}</p>', values)).toThrow(PlaceholderError);
  });
});
