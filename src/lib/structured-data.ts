/**
 * JSON-LD builders (schema.org). Pure functions of content, unit-tested, and
 * rendered by the head. Every page gets Organization and WebSite (with the
 * SearchAction SPEC §7 asks for); pages below the home page get a BreadcrumbList.
 */
import type { Site } from './schemas';
import { absoluteUrl } from './urls';

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
      { '@type': 'ContactPoint', contactType: 'customer support', email: site.email.support, telephone: site.phone, areaServed: 'Worldwide', availableLanguage: ['English'] },
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
