import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardBase, cardPicture, drawnAlt, drawnSpec, socialCard, type CardInput } from '../../../src/lib/social-cards/card';
import { fixtureSite } from '../../fixtures';

/** A content folder with an images/ of its own (the cards read the picture's bytes for their version). */
let media: string;
beforeAll(() => {
  media = mkdtempSync(join(tmpdir(), 'card-pictures-'));
  mkdirSync(join(media, 'images'));
  writeFileSync(join(media, 'images', 'share.png'), 'bytes of a picture');
  writeFileSync(join(media, 'images', 'cover.jpg'), 'bytes of a cover');
});
afterAll(() => rmSync(media, { recursive: true, force: true }));

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

  it("is the editor's picture, as a JPEG with the editor's alt text, when the page names one or a post has a cover", () => {
    const meta = { path: '/about', title: 'About Acme | Acme', image: { src: '/images/share.png', alt: 'The Acme mark' } };
    const card = socialCard({ meta, kind: 'page', site, host, contentDir: media });
    expect(card).toMatchObject({ file: 'social-cards/about.jpg', mimeType: 'image/jpeg', alt: 'The Acme mark' });
    expect(card.spec).toEqual({ type: 'image', src: '/images/share.png', alt: 'The Acme mark' });
    const post = { path: '/post/x', title: 'A post | Acme' };
    const cover = { src: '/images/cover.jpg', alt: 'The team', decorative: false };
    expect(socialCard({ meta: post, kind: 'post', cover, site, host, contentDir: media })).toMatchObject({
      alt: 'The team',
      mimeType: 'image/jpeg',
    });
    // The social image wins over the cover; a cover that is decoration is named by the card's words.
    expect(cardPicture({ meta: { ...post, image: meta.image }, kind: 'post', cover, site, host })?.src).toBe('/images/share.png');
    expect(cardPicture({ meta: post, kind: 'post', cover: { ...cover, alt: '', decorative: true }, site, host })?.alt).toBe(
      'Acme · Blog post: A post',
    );
    expect(cardPicture({ meta: post, kind: 'post', site, host })).toBeUndefined();
  });

  it("changes version with the picture's bytes", () => {
    const meta = { path: '/about', title: 'About Acme | Acme', image: { src: '/images/share.png', alt: 'The Acme mark' } };
    const before = socialCard({ meta, kind: 'page', site, host, contentDir: media }).version;
    writeFileSync(join(media, 'images', 'share.png'), 'other bytes');
    expect(socialCard({ meta, kind: 'page', site, host, contentDir: media }).version).not.toBe(before);
  });

  it('says which page names which missing picture', () => {
    const meta = { path: '/about', title: 'About Acme | Acme', image: { src: '/images/gone.png', alt: 'x' } };
    expect(() => socialCard({ meta, kind: 'page', site, host, contentDir: media })).toThrow(
      'The page /about names the picture /images/gone.png for its social card, which is not in the media folder: upload it or remove it.',
    );
  });
});
