import { describe, it, expect } from 'vitest';
import { cardBase, drawnAlt, drawnSpec, socialCard, type CardInput } from '../../../src/lib/social-cards/card';
import { fixtureSite } from '../../fixtures';

const site = fixtureSite;
const host = 'https://acme.example/';
const input = (path: string, title: string, kind: CardInput['kind'] = 'page'): CardInput => ({ meta: { path, title }, kind, site, host });

describe('the card of a page', () => {
  it('has a stable path per page: the home page index, the others their path', () => {
    expect(cardBase('/')).toBe('social-cards/index');
    expect(cardBase('/services/telecommunications')).toBe('social-cards/services/telecommunications');
    expect(socialCard(input('/about', 'About Acme | Acme')).file).toBe('social-cards/about.png');
  });

  it('shows the brand, the kind (the tagline on the home page), the title without the brand, and the host', () => {
    expect(drawnSpec(input('/newsbox', 'Newsbox: News Platform | Acme', 'product'))).toEqual({
      type: 'drawn',
      brand: 'Acme',
      label: 'Product',
      title: 'Newsbox: News Platform',
      host: 'acme.example',
    });
    expect(drawnSpec(input('/', 'Acme | Things that work')).label).toBe(site.tagline);
    expect(drawnSpec(input('/post/x', 'A post | Acme', 'post')).label).toBe('Blog post');
  });

  it('says its own words as alt text, and only those when the title is left off', () => {
    expect(socialCard(input('/services/x', 'Managed Business Services | Acme', 'service')).alt).toBe(
      'Acme · Service: Managed Business Services',
    );
    expect(drawnAlt({ type: 'drawn', brand: 'Acme', label: 'Blog post', host: 'acme.example' })).toBe('Acme · Blog post');
  });

  it('is absolute on the canonical origin with a version that changes when what it shows changes, and only then', () => {
    const card = socialCard(input('/about', 'About Acme | Acme'));
    expect(card.url).toBe(`https://acme.example/social-cards/about.png?v=${card.version}`);
    expect(card.version).toMatch(/^[0-9a-f]{12}$/);
    expect(card).toMatchObject({ mimeType: 'image/png', width: 1200, height: 630 });
    expect(socialCard(input('/about', 'About Acme | Acme')).version).toBe(card.version);
    // A brand part or emoji the card does not show changes nothing; a new title, kind or host does.
    expect(socialCard(input('/about', 'About Acme 🚀 | Acme')).version).toBe(card.version);
    expect(socialCard(input('/about', 'About us | Acme')).version).not.toBe(card.version);
    expect(socialCard(input('/about', 'About Acme | Acme', 'service')).version).not.toBe(card.version);
    expect(socialCard({ ...input('/about', 'About Acme | Acme'), host: 'https://www.acme.example' }).version).not.toBe(card.version);
  });

  it("is the editor's image, as a JPEG with the editor's alt text, when the page names one, and says which file is missing", () => {
    const meta = { path: '/about', title: 'About Acme | Acme', image: { src: '/favicon.svg', alt: 'The Acme mark' } };
    const card = socialCard({ meta, kind: 'page', site, host, root: '.' });
    expect(card).toMatchObject({ file: 'social-cards/about.jpg', mimeType: 'image/jpeg', alt: 'The Acme mark' });
    expect(() => socialCard({ meta: { ...meta, image: { src: '/images/gone.png', alt: 'x' } }, kind: 'page', site, host })).toThrow(
      /^The page \/about names the social image \/images\/gone\.png \(meta › image › src\), which is not in public\/images\/gone\.png: upload it/,
    );
  });
});
