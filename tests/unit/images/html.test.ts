import { describe, it, expect } from 'vitest';
import {
  leadOf,
  leadsBody,
  pictureHtml,
  preloadOf,
  replaceBodyPictures,
  writtenPictures,
  type WrittenPicture,
} from '../../../src/lib/images/html';
import { FIRST_SCREEN_TEXT } from '../../../src/lib/images/layout';

describe('pictureHtml', () => {
  it('writes the sources, best first, then the <img> with its attributes escaped and the unset ones left out', () => {
    const html = pictureHtml({
      sources: [{ type: 'image/avif', srcset: '/_astro/a.avif 360w, /_astro/b.avif 720w' }],
      img: {
        src: '/_astro/b.webp',
        srcset: '/_astro/a.webp 360w, /_astro/b.webp 720w',
        sizes: 'calc(100vw - 32px)',
        width: 720,
        height: 540,
        alt: 'The "A" team & friends',
        loading: 'lazy',
        fetchpriority: undefined,
      },
    });
    expect(html).toBe(
      '<picture><source type="image/avif" srcset="/_astro/a.avif 360w, /_astro/b.avif 720w" sizes="calc(100vw - 32px)">' +
        '<img src="/_astro/b.webp" srcset="/_astro/a.webp 360w, /_astro/b.webp 720w" sizes="calc(100vw - 32px)" width="720" height="540" alt="The &quot;A&quot; team &amp; friends" loading="lazy"></picture>',
    );
  });
});

describe('replaceBodyPictures', () => {
  const body =
    '<p>Some words before.</p>\n<p><img src="/images/team.jpg" alt="The team &amp; guests"></p>\n' +
    '<p>More.</p><p><img src="/images/rule.png" alt="" title="decorative"> <img src="https://elsewhere.example/x.png" alt="x"></p>';

  it('hands each picture to the renderer, with its place in the body, and swaps in what it returns', async () => {
    const seen: WrittenPicture[] = [];
    const html = await replaceBodyPictures(body, async (picture) => {
      seen.push(picture);
      return picture.src.startsWith('/images/') ? `<picture data-n="${picture.index}"></picture>` : undefined;
    });
    expect(seen).toEqual([
      { src: '/images/team.jpg', alt: 'The team & guests', decorative: false, index: 0, textBefore: 'Some words before.'.length },
      { src: '/images/rule.png', alt: '', decorative: true, index: 1, textBefore: 'Some words before. More.'.length },
      { src: 'https://elsewhere.example/x.png', alt: 'x', decorative: false, index: 2, textBefore: 'Some words before. More.'.length },
    ]);
    expect(html).toBe(
      '<p>Some words before.</p>\n<p><picture data-n="0"></picture></p>\n' +
        '<p>More.</p><p><picture data-n="1"></picture> <img src="https://elsewhere.example/x.png" alt="x"></p>',
    );
  });

  it('leaves a body without pictures as it is', async () => {
    expect(await replaceBodyPictures('<p>No pictures.</p>', async () => '<picture></picture>')).toBe('<p>No pictures.</p>');
  });
});

describe('preloadOf', () => {
  it("names the best format's versions with the picture's sizes, else the <img>'s own", () => {
    const markup = {
      sources: [{ type: 'image/avif', srcset: '/_astro/a.avif 360w, /_astro/b.avif 720w' }],
      img: {
        src: '/_astro/b.webp',
        srcset: '/_astro/a.webp 360w, /_astro/b.webp 720w',
        sizes: '(min-width: 1024px) 704px, calc(100vw - 32px)',
      },
    };
    expect(preloadOf(markup)).toEqual({
      type: 'image/avif',
      imagesrcset: '/_astro/a.avif 360w, /_astro/b.avif 720w',
      imagesizes: '(min-width: 1024px) 704px, calc(100vw - 32px)',
    });
    // Without a <source>, the <img>'s own versions, for every browser.
    expect(preloadOf({ sources: [], img: markup.img })).toEqual({
      type: undefined,
      imagesrcset: '/_astro/a.webp 360w, /_astro/b.webp 720w',
      imagesizes: '(min-width: 1024px) 704px, calc(100vw - 32px)',
    });
  });
});

describe('leadsBody', () => {
  const words = (n: number) => `<p>${'x'.repeat(n)}</p>`;
  it('is the first picture after little text, never a later one', () => {
    const [first, second] = writtenPictures(
      `${words(FIRST_SCREEN_TEXT)}<p><img src="/images/a.jpg" alt="a"><img src="/images/b.jpg" alt="b"></p>`,
    );
    expect(leadsBody(first)).toBe(true);
    expect(leadsBody(second)).toBe(false);
    const [late] = writtenPictures(`${words(FIRST_SCREEN_TEXT + 1)}<p><img src="/images/a.jpg" alt="a"></p>`);
    expect(leadsBody(late)).toBe(false);
  });
});

describe('leadOf', () => {
  const has = (src: string) => src.startsWith('/images/');
  const body = '<p>A short opening.</p><p><img src="/images/team.jpg" alt="The team"></p>';
  it('is the cover, else the body’s leading picture when the pipeline has it, else nothing', () => {
    expect(leadOf({ src: '/images/cover.jpg' }, body, has)).toEqual({ src: '/images/cover.jpg', place: 'cover' });
    expect(leadOf(undefined, body, has)).toEqual({ src: '/images/team.jpg', place: 'body' });
    expect(leadOf(undefined, body.replace('/images/', 'https://elsewhere.example/'), has)).toBeUndefined();
    expect(leadOf(undefined, `<p>${'x'.repeat(FIRST_SCREEN_TEXT + 1)}</p>${body}`, has)).toBeUndefined();
    expect(leadOf(undefined, '<p>Only words.</p>', has)).toBeUndefined();
  });
});
