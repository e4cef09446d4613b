import { describe, it, expect } from 'vitest';
import { blogPosting, faqPage, productItemList, softwareApplication } from '../../../src/lib/seo/structured-data';
import { fixtureSite } from '../../fixtures';

const site = fixtureSite;
const host = 'https://acme.example/';

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
    expect(app.url).toBe('https://acme.example/newsbox');
    expect(app.publisher).toEqual({ '@id': 'https://acme.example/#organization' });
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
    expect(post.url).toBe('https://acme.example/post/welcome');
    expect(post.datePublished).toBe('2024-12-27');
    expect(post.keywords).toBe('a, b');
  });
  it('has an author and the company as publisher', () => {
    expect(post.author).toMatchObject({ '@type': 'Organization', name: 'The Team' });
    expect(post.publisher).toMatchObject({ '@type': 'Organization', name: site.brand, '@id': 'https://acme.example/#organization' });
  });
});
