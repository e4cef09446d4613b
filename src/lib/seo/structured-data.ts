/**
 * JSON-LD builders (schema.org). Pure functions of content, unit-tested, and
 * rendered by the head. Every page gets Organization and WebSite (with the
 * SearchAction that lets search engines offer the site search); pages below the home page get a BreadcrumbList.
 */
import type { Site } from '../content/schemas';
import { absoluteUrl } from '../routes/urls';

export type JsonLd = Record<string, unknown> & { '@type': string };

export function organization(site: Site, host: string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': `${absoluteUrl(host, '/')}#organization`,
    name: site.brand,
    url: absoluteUrl(host, '/'),
    description: site.description,
    foundingDate: String(site.founded),
    email: site.email.support,
    telephone: site.phone,
    sameAs: site.social.map((s) => s.url),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: site.email.support,
        telephone: site.phone,
        areaServed: 'Worldwide',
        availableLanguage: ['English'],
      },
    ],
  };
}

export function webSite(site: Site, host: string): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': `${absoluteUrl(host, '/')}#website`,
    name: site.brand,
    url: absoluteUrl(host, '/'),
    publisher: { '@id': `${absoluteUrl(host, '/')}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(host, '/search')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: Crumb[], host: string): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(host, crumb.path),
    })),
  };
}

/** Wrap several nodes into one JSON-LD document. */
export function graph(nodes: JsonLd[]): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** Serialise for a <script type="application/ld+json">: escape "<" so no content can close the script element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/* ---------- Page-specific nodes (products, the Videus FAQ, the blog post) ---------- */

/** What a product contributes to structured data; `path` is absent for a product without a page. */
export interface ProductInfo {
  name: string;
  description: string;
  category: string;
  /** The schema.org category of `category` (content/lists/product-categories.yaml). */
  applicationCategory: string;
  path?: string;
}

/** A product as a SoftwareApplication with a free offer in USD (the products are free to try). */
export function softwareApplication(product: ProductInfo, host: string): JsonLd {
  const node: JsonLd = {
    '@type': 'SoftwareApplication',
    name: product.name,
    description: product.description,
    applicationCategory: product.applicationCategory,
    applicationSubCategory: product.category,
    operatingSystem: 'Web',
    publisher: { '@id': `${absoluteUrl(host, '/')}#organization` },
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
  if (product.path) {
    node['@id'] = `${absoluteUrl(host, product.path)}#software`;
    node.url = absoluteUrl(host, product.path);
  }
  return node;
}

/** All products, in order, as an ItemList of SoftwareApplication (the products page). */
export function productItemList(products: ProductInfo[], host: string, name = 'Products'): JsonLd {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: softwareApplication(product, host),
    })),
  };
}

/** FAQPage from question/answer pairs (plain text). */
export function faqPage(items: { question: string; answer: string }[]): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface PostInfo {
  headline: string;
  description: string;
  path: string;
  published: Date;
  author: string;
  keywords?: string[];
}

/** A blog post. The author is the team named in the post (an Organization); the publisher is the company. */
export function blogPosting(post: PostInfo, site: Site, host: string): JsonLd {
  const url = absoluteUrl(host, post.path);
  const date = post.published.toISOString().slice(0, 10);
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.headline,
    description: post.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: date,
    dateModified: date,
    inLanguage: 'en',
    ...(post.keywords?.length ? { keywords: post.keywords.join(', ') } : {}),
    author: { '@type': 'Organization', name: post.author, url: absoluteUrl(host, '/about') },
    publisher: {
      '@type': 'Organization',
      '@id': `${absoluteUrl(host, '/')}#organization`,
      name: site.brand,
      logo: { '@type': 'ImageObject', url: absoluteUrl(host, '/favicon.svg') },
    },
  };
}
