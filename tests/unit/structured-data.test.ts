import { describe, it, expect } from 'vitest';
import { blogPosting, faqPage, productItemList, softwareApplication } from '../../src/lib/seo/structured-data';
import { readSite } from '../../src/lib/content/read';
import { fillHtml } from '../../src/lib/content/markdown';
import { placeholderValues, PlaceholderError } from '../../src/lib/content/placeholders';

const site = readSite('content');
const host = 'https://corvana.example/';

describe('softwareApplication', () => {
  const app = softwareApplication(
    {
      name: 'Newsbox',
      description: 'A news platform.',
      category: 'Media & Publishing',
      applicationCategory: 'BusinessApplication',
      path: '/newsbox',
    },
    host,
  );

  it('is a SoftwareApplication with a free offer in USD', () => {
    expect(app['@type']).toBe('SoftwareApplication');
    expect(app.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
  });
  it('names the product, its category and its absolute URL on the canonical host', () => {
    expect(app.name).toBe('Newsbox');
    expect(app.applicationSubCategory).toBe('Media & Publishing');
    expect(app.url).toBe('https://corvana.example/newsbox');
    expect(app.publisher).toEqual({ '@id': 'https://corvana.example/#organization' });
  });
  it('publishes the application category given by the category list', () => {
    expect(
      softwareApplication(
        { name: 'ParIt', description: 'Golf.', category: 'Sports & Entertainment', applicationCategory: 'SportsApplication' },
        host,
      ).applicationCategory,
    ).toBe('SportsApplication');
  });
  it('has no url for a product without a page', () => {
    const noPage = softwareApplication(
      { name: 'StackSage', description: 'Stacks.', category: 'AI Technology', applicationCategory: 'DeveloperApplication' },
      host,
    );
    expect(noPage).not.toHaveProperty('url');
    expect(noPage).not.toHaveProperty('@id');
  });
});

describe('productItemList', () => {
  it('lists every product in order as a SoftwareApplication', () => {
    const list = productItemList(
      [
        { name: 'A', description: 'a', category: 'Education', applicationCategory: 'EducationalApplication', path: '/a' },
        { name: 'B', description: 'b', category: 'Marketing', applicationCategory: 'BusinessApplication' },
      ],
      host,
    );
    expect(list['@type']).toBe('ItemList');
    expect(list.numberOfItems).toBe(2);
    const items = list.itemListElement as { position: number; item: { '@type': string; name: string } }[];
    expect(items.map((i) => [i.position, i.item['@type'], i.item.name])).toEqual([
      [1, 'SoftwareApplication', 'A'],
      [2, 'SoftwareApplication', 'B'],
    ]);
  });
});

describe('faqPage', () => {
  it('turns question/answer pairs into Questions with accepted Answers', () => {
    const faq = faqPage([{ question: 'What is it?', answer: 'A thing.' }]);
    expect(faq).toEqual({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'What is it?', acceptedAnswer: { '@type': 'Answer', text: 'A thing.' } }],
    });
  });
});

describe('blogPosting', () => {
  const post = blogPosting(
    {
      headline: 'Welcome',
      description: 'The first post.',
      path: '/post/welcome',
      published: new Date('2024-12-27'),
      author: 'The Team',
      keywords: ['a', 'b'],
    },
    site,
    host,
  );
  it('has the headline, absolute URL and publication date', () => {
    expect(post['@type']).toBe('BlogPosting');
    expect(post.headline).toBe('Welcome');
    expect(post.url).toBe('https://corvana.example/post/welcome');
    expect(post.datePublished).toBe('2024-12-27');
    expect(post.keywords).toBe('a, b');
  });
  it('has an author and the company as publisher', () => {
    expect(post.author).toMatchObject({ '@type': 'Organization', name: 'The Team' });
    expect(post.publisher).toMatchObject({ '@type': 'Organization', name: site.brand, '@id': 'https://corvana.example/#organization' });
  });
});

describe('fillHtml (placeholders in rendered markdown)', () => {
  const values = placeholderValues(site);
  it('fills text and encoded hrefs', () => {
    const html = '<p>{brand} rebuilt <a href="%7Burl.prsafe%7D">{url.prsafe}</a></p>';
    expect(fillHtml(html, values)).toBe(`<p>${site.brand} rebuilt <a href="${site.urls.prsafe}">${site.urls.prsafe}</a></p>`);
  });
  it('escapes values for HTML', () => {
    expect(fillHtml('<p>{brand}</p>', { brand: 'A & <B>' })).toBe('<p>A &amp; &lt;B&gt;</p>');
  });
  it('fails on an unknown placeholder', () => {
    expect(() => fillHtml('<p>{brnad}</p>', values)).toThrow(PlaceholderError);
  });
});
