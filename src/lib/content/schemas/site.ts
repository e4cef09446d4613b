/** content/site.yaml: the one place for brand, contact values, URLs, navigation and retention. */
import { z } from 'astro/zod';
import { retentionSchema } from '../retention';
import { navLink, shortText } from './common';

export const siteSchema = z
  .object({
    brand: shortText(40).describe('Company name; written as {brand} in all other content.'),
    slug: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .describe('Brand slug used in routes, written as {slug} in paths.'),
    host: z.url().describe('Canonical origin, e.g. https://www.example.com (SITE_URL overrides it at build).'),
    tagline: shortText(120),
    description: z.string().min(50).max(160),
    logoText: shortText(20),
    socialCards: z
      .object({
        kinds: z
          .object({
            page: shortText(30),
            product: shortText(30),
            service: shortText(30),
            post: shortText(30),
          })
          .strict()
          .describe("The word on a page's social card that says what the page is, by kind (the home page's card shows the tagline)."),
      })
      .strict()
      .describe('The picture shown when a page is shared: drawn by the build for every page from its title.'),
    email: z
      .object({
        support: z.email(),
        partners: z.email(),
        security: z.email().describe('Where to report a security problem: the Contact of /.well-known/security.txt.'),
      })
      .strict(),
    phone: shortText(30),
    location: shortText(80),
    headquarters: shortText(80),
    hours: shortText(80),
    weekendSupport: shortText(120),
    founded: z.number().int().min(1900).max(2100),
    copyrightYear: z.number().int().min(2000).max(2100),
    urls: z.object({ planner: z.url(), preview: z.url(), teamAuth: z.url(), prsafe: z.url(), linkedinCompany: z.url() }).strict(),
    retention: retentionSchema,
    feed: z
      .object({
        title: shortText(80).describe(
          'Name of the RSS feed of the posts (/rss.xml) in feed readers and in the link every page announces, e.g. "{brand} Blog".',
        ),
        description: z.string().min(20).max(300).describe('What the feed is about, shown by feed readers.'),
      })
      .strict()
      .describe('The RSS feed of the blog (/rss.xml); its link is the blog page.'),
    social: z
      .array(
        z
          .object({
            network: z.enum(['linkedin', 'x', 'instagram', 'facebook']),
            label: shortText(20),
            handle: shortText(40),
            url: z.url(),
            onContactPage: z.boolean().default(true),
          })
          .strict(),
      )
      .min(1),
    repository: z
      .object({
        github: z
          .string()
          .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name: the part of the repository address after github.com/')
          .describe('The GitHub repository of this site, owner/name: where the CMS at /admin saves changes.'),
        branch: shortText(100).default('main').describe('The branch the site is published from.'),
      })
      .strict()
      .describe("Where the site's source lives, for the CMS."),
    nav: z
      .object({
        header: z.array(navLink).min(1).max(8),
        login: navLink,
        footer: z
          .array(z.object({ title: shortText(30), links: z.array(navLink).default([]), social: z.boolean().default(false) }).strict())
          .min(1)
          .max(5),
      })
      .strict(),
  })
  .strict();
export type Site = z.infer<typeof siteSchema>;
