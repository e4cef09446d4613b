/**
 * Zod schemas for everything under `content/`.
 *
 * Plain zod (no `astro:content` import) so that the same schemas validate the
 * collections in `src/content.config.ts` and the route manifest that
 * `astro.config.mjs` reads for the sitemap and redirects.
 * The `.describe()` texts are written for content editors: they show up in
 * validation errors and in editor tooling.
 */
import { z } from 'astro/zod';
import type { FormDefinition } from '../forms/definition';
import { contactForm } from '../forms/contact';
import { demoForm } from '../forms/demo';
import { careersForm } from '../forms/careers';
import { productTeamForm } from '../forms/product-team';
import { retentionSchema } from './retention';

/** A site path, optionally templated with `{slug}` (the brand slug from the site configuration). */
export const sitePath = z
  .string()
  .regex(
    /^\/([a-z0-9{}-]+(\/[a-z0-9{}-]+)*)?$/,
    'must be a site path such as /about or /join-{slug}: lower case, starting with "/", no trailing slash',
  )
  .describe('A path on this site, e.g. /about. Write {slug} where the brand slug belongs (/join-{slug}).');

const shortText = (max: number) => z.string().trim().min(1).max(max);

/** The text must hold each slot, e.g. {page}: words whose numbers are filled in later (per page of the blog, or in the browser). */
const slotted = <T extends z.ZodString>(text: T, ...slots: string[]) =>
  text.refine((value) => slots.every((slot) => value.includes(`{${slot}}`)), {
    message: `must contain ${slots.map((slot) => `{${slot}}`).join(' and ')}`,
  });
/** Words the browser fills in at run time (see src/lib/content/search-copy.ts): the text must hold each slot. */
const withSlots = (max: number, ...slots: string[]) => slotted(shortText(max), ...slots);

/** One page's metadata: path, names, search snippet and sitemap hints. Shared by pages, products, services and posts. */
export const metaSchema = z
  .object({
    path: sitePath,
    name: shortText(40).describe('Short page name used in breadcrumbs and search results, e.g. "About".'),
    title: z.string().min(5).max(70).describe('The <title> and social title, 5–70 characters. Write {brand} for the company name.'),
    description: z.string().min(50).max(160).describe('The meta and social description: the search-result snippet (50–160 characters).'),
    // Search engines ignore these three (Google reads neither keywords nor priority/changefreq), so a page may leave them out.
    keywords: z
      .array(shortText(40))
      .max(12)
      .default([])
      .describe('Search keywords for the page, at most 12; optional (search engines mostly ignore them).'),
    // 0.5 is the sitemap protocol's own default.
    priority: z
      .number()
      .min(0.3)
      .max(1)
      .default(0.5)
      .describe('Sitemap priority from 0.3 (least) to 1.0 (the home page); 0.5 when left out.'),
    changefreq: z
      .enum(['weekly', 'monthly', 'quarterly', 'yearly'])
      .default('monthly')
      .describe('How often the page changes: weekly, monthly, quarterly or yearly; monthly when left out.'),
    noindex: z.boolean().default(false).describe('true keeps the page out of search engines, the sitemap and site search.'),
    aliases: z.array(sitePath).default([]).describe('Other paths that serve the same page; their canonical link names `path`.'),
    parent: sitePath.optional().describe('Path of the page this one sits under in breadcrumbs, when it is not implied by the path.'),
  })
  .strict();
export type PageMeta = z.infer<typeof metaSchema>;

/** A link or button. `href` may be a site path, a URL, mailto:/tel:, and may use placeholders like {url.planner}. */
export const actionSchema = z
  .object({
    label: shortText(60),
    href: z.string().min(1).describe('Where it goes: /contact, #application-form, {url.planner}, mailto:{email.partners} …'),
    style: z.enum(['primary', 'secondary', 'link']).default('primary'),
    newTab: z.boolean().default(false).describe('Open in a new tab (always with rel="noopener noreferrer").'),
  })
  .strict();
export type Action = z.infer<typeof actionSchema>;

export const iconNames = [
  'bot',
  'calendar',
  'chart',
  'chat',
  'check',
  'cloud',
  'code',
  'globe',
  'heart',
  'layers',
  'lock',
  'mail',
  'megaphone',
  'music',
  'news',
  'phone',
  'rocket',
  'search',
  'shield',
  'sparkles',
  'star',
  'target',
  'team',
  'tool',
  'trophy',
  'video',
  'zap',
  'home',
  'book',
  'briefcase',
  'clock',
  'handshake',
  'map',
  'dollar',
] as const;
export const iconSchema = z.enum(iconNames).describe(`One of: ${iconNames.join(', ')}.`);

export const cardSchema = z
  .object({
    title: shortText(80),
    text: z.string().max(600).optional(),
    icon: iconSchema.optional(),
    eyebrow: shortText(60).optional().describe('Small label above the title, e.g. a category or sector.'),
    badge: shortText(40).optional().describe('Status pill, e.g. "Active Portfolio Company".'),
    bullets: z.array(shortText(200)).max(12).optional(),
    chips: z.array(shortText(60)).max(12).optional(),
    chipsLabel: shortText(60)
      .optional()
      .describe('Visible label before the chips, e.g. "Seeking expertise in"; without it the chips are announced as "Features".'),
    link: actionSchema.optional(),
  })
  .strict();
export type Card = z.infer<typeof cardSchema>;

const heading = z.string().min(1).max(120).optional();
const intro = z.string().max(600).optional();
const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens')
  .optional()
  .describe('Anchor id for the section, so links can point at #this-id.');

/** The `source` of a cards or list section: one of the shared lists under content/lists. */
export const listSources = ['values', 'teamGroups', 'planCategories', 'projectTypes', 'recruitmentProducts', 'expertise'] as const;

/* ---------------------------------------------------------------------------
 * Page sections. Each type has its own schema and is rendered by
 * `src/components/sections/<Type>Section.astro` through `Sections.astro`.
 * ------------------------------------------------------------------------- */

export const heroSectionSchema = z
  .object({
    type: z.literal('hero'),
    id: anchor,
    eyebrow: shortText(80).optional().describe('Small line above the heading.'),
    heading: shortText(120).describe("The page's main heading (its h1)."),
    lead: intro,
    actions: z.array(actionSchema).max(3).default([]),
    chips: z.array(shortText(60)).max(10).optional().describe('Short tags shown under the lead.'),
  })
  .strict()
  .describe('The page header: heading, lead text and up to three buttons.');

export const parallaxHeroSectionSchema = z
  .object({
    type: z.literal('parallax-hero'),
    id: anchor,
    heading: shortText(80),
    lead: intro,
    action: actionSchema,
    hashtags: z.array(shortText(40)).max(8).describe('Tags shown under the heading, e.g. "#Innovation".'),
    floatingWords: z.array(shortText(20)).max(6).describe('Decorative words drifting behind the heading.'),
    roles: z.array(shortText(30)).max(6).describe('Team roles shown as chips.'),
  })
  .strict()
  .describe('The animated header of the join page.');

export const cardsSectionSchema = z
  .object({
    type: z.literal('cards'),
    id: anchor,
    heading,
    intro,
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .default(3)
      .describe('Cards per row on wide screens: 2, 3 or 4.'),
    items: z.array(cardSchema).max(24).default([]),
    source: z.enum(listSources).optional().describe('Render a shared list from content/lists instead of (or after) items.'),
    limit: z.number().int().positive().optional().describe('Show at most this many cards.'),
    actions: z.array(actionSchema).max(3).optional().describe('Buttons shown below the cards, e.g. "Try Dashboard Demo".'),
  })
  .strict()
  .describe('A grid of cards.');

export const statsSectionSchema = z
  .object({
    type: z.literal('stats'),
    id: anchor,
    heading,
    intro,
    claims: z.array(z.string()).min(1).max(8).describe('Ids from content/lists/claims.yaml.'),
  })
  .strict()
  .describe('Key figures, each written once in content/lists/claims.yaml.');

export const stepsSectionSchema = z
  .object({
    type: z.literal('steps'),
    id: anchor,
    heading,
    intro,
    items: z
      .array(z.object({ title: shortText(80), text: z.string().max(400).optional() }).strict())
      .min(1)
      .max(8),
  })
  .strict()
  .describe('Numbered steps of a process.');

export const listSectionSchema = z
  .object({
    type: z.literal('list'),
    id: anchor,
    heading,
    intro,
    items: z.array(shortText(200)).max(30).default([]),
    source: z.enum(listSources).optional().describe('Render a shared list from content/lists instead of (or after) items.'),
  })
  .strict()
  .describe('A bulleted list.');

export const faqSectionSchema = z
  .object({
    type: z.literal('faq'),
    id: anchor,
    heading,
    intro,
    items: z
      .array(z.object({ question: shortText(200), answer: z.string().min(1).max(1200) }).strict())
      .min(1)
      .max(12),
  })
  .strict()
  .describe('Questions and answers; also published as FAQ structured data.');

export const ctaSectionSchema = z
  .object({
    type: z.literal('cta'),
    id: anchor,
    heading: shortText(120),
    text: intro,
    actions: z.array(actionSchema).min(1).max(3),
  })
  .strict()
  .describe('A call to action: heading, text and buttons.');

export const proseSectionSchema = z
  .object({
    type: z.literal('prose'),
    id: anchor,
    heading,
    paragraphs: z.array(z.string().min(1).max(1500)).min(1).max(20),
    bullets: z.array(shortText(300)).max(20).optional(),
    size: z
      .enum(['document', 'section'])
      .default('document')
      .describe(
        '"document": compact, for policy-style pages with many prose blocks; "section": the spacing and heading size of the other page sections.',
      ),
  })
  .strict()
  .describe('Paragraphs of text, optionally followed by bullets.');

const progressItemSchema = z
  .object({
    title: shortText(80),
    label: shortText(80).optional(),
    text: z.string().max(300).optional(),
    status: shortText(30).optional(),
    percent: z.number().int().min(0).max(100).describe('Progress from 0 to 100.'),
    note: shortText(60).optional(),
    members: z.number().int().min(0).optional().describe('Team members so far.'),
    steps: z
      .array(z.object({ title: shortText(60), done: z.boolean().default(false) }).strict())
      .max(8)
      .optional(),
  })
  .strict();

export const progressSectionSchema = z
  .object({ type: z.literal('progress'), id: anchor, heading, intro, items: z.array(progressItemSchema).min(1).max(6) })
  .strict()
  .describe('Progress bars, e.g. of teams being formed.');

export const contactDetailsSectionSchema = z
  .object({ type: z.literal('contact-details'), id: anchor, heading })
  .strict()
  .describe('The contact details card (values from content/site.yaml).');

export const socialsSectionSchema = z
  .object({ type: z.literal('socials'), id: anchor, heading, intro, placement: z.enum(['home', 'contact']).default('home') })
  .strict()
  .describe('The social network links from content/site.yaml.');

export const productGridSectionSchema = z
  .object({ type: z.literal('product-grid'), id: anchor, heading, intro })
  .strict()
  .describe('Every product, as cards, in their order.');

export const serviceGridSectionSchema = z
  .object({ type: z.literal('service-grid'), id: anchor, heading, intro })
  .strict()
  .describe('Every service, as cards, in their order.');

// Early-access and feedback boxes have no backend table: they honestly open a mail draft.
export const mailBoxSectionSchema = z
  .object({
    type: z.literal('mail-box'),
    id: anchor,
    heading: shortText(120),
    text: intro,
    button: shortText(40),
    to: z.string().min(3).describe('Address the draft goes to, e.g. {email.support}.'),
    subject: shortText(120),
    note: shortText(160).describe('Small print under the button saying what it does, e.g. "Opens an email draft to {email.support} in your mail app."'),
  })
  .strict()
  .describe('A box whose button opens an e-mail draft.');

export const formSectionSchema = z
  .object({
    type: z.literal('form'),
    id: anchor,
    heading,
    intro,
    form: z.enum(['contact', 'demo', 'careers', 'product-team']).describe('Which form island renders here.'),
    aside: z
      .enum(['contact-details'])
      .optional()
      .describe(
        'A side column beside the form on wide screens (below it on small ones): "contact-details" shows the contact details card.',
      ),
  })
  .strict()
  .describe('One of the four forms.');

/** Page sections, a discriminated union on `type`. */
export const sectionSchema = z.discriminatedUnion('type', [
  heroSectionSchema,
  parallaxHeroSectionSchema,
  cardsSectionSchema,
  statsSectionSchema,
  stepsSectionSchema,
  listSectionSchema,
  faqSectionSchema,
  ctaSectionSchema,
  proseSectionSchema,
  progressSectionSchema,
  contactDetailsSectionSchema,
  socialsSectionSchema,
  productGridSectionSchema,
  serviceGridSectionSchema,
  mailBoxSectionSchema,
  formSectionSchema,
]);
export type Section = z.infer<typeof sectionSchema>;
export const sectionsSchema = z.array(sectionSchema).default([]);

/**
 * The words of the blog (`layout: blog`): the page lists every post, newest
 * first, a fixed number per page (src/lib/routes/build.ts); page 1 is the page's own
 * path (/blog), later pages add their number (/blog/2). `{page}` and `{pages}`
 * are filled in per page.
 */
export const listingSchema = z
  .object({
    heading: shortText(120).describe("The page's main heading (its h1), on every page of the blog."),
    intro: intro.describe('A sentence under the heading.'),
    feed: shortText(60).describe('Text of the link to the RSS feed (/rss.xml), e.g. "Subscribe by RSS".'),
    empty: shortText(200).describe('Shown instead of the list while there is no post yet.'),
    pagination: z
      .object({
        label: shortText(40).describe('Screen-reader name of the page links, e.g. "Blog pages".'),
        status: withSlots(60, 'page', 'pages').describe('Where the visitor is, e.g. "Page {page} of {pages}".'),
        previous: shortText(30).describe('Link to the page of newer posts, e.g. "Previous".'),
        next: shortText(30).describe('Link to the page of older posts, e.g. "Next".'),
      })
      .strict()
      .describe('The numbered page links under the list (shown once there is more than one page).'),
    later: z
      .object({
        title: slotted(z.string().min(5).max(70), 'page').describe(
          'The <title> of page 2, 3 …, e.g. "Blog – page {page} | {brand}". 5–70 characters.',
        ),
        description: slotted(z.string().min(50).max(160), 'page').describe(
          'The meta description of page 2, 3 …: 50–160 characters, with {page}, so each page has its own.',
        ),
        name: withSlots(40, 'page').describe(
          'Name of page 2, 3 … in breadcrumbs and on its numbered link for screen readers, e.g. "Page {page}".',
        ),
      })
      .strict()
      .describe('The metadata of the pages after the first (the first page uses `meta`).'),
  })
  .strict();
export type ListingCopy = z.infer<typeof listingSchema>;

/** A generic page: content/pages/<id>.yaml */
export const pageSchema = z
  .object({
    meta: metaSchema,
    layout: z
      .enum(['sections', 'custom', 'blog'])
      .default('sections')
      .describe(
        '"sections" renders the sections below; "custom" means a dedicated file in src/pages renders this page (login, search, 404); "blog" lists the posts with the words of `listing`, page by page, followed by the sections.',
      ),
    listing: listingSchema.optional().describe('The words of the blog; only with `layout: blog`, which needs them.'),
    sections: sectionsSchema,
  })
  .strict()
  .refine((page) => (page.layout === 'blog') === (page.listing !== undefined), {
    message: '`layout: blog` and `listing` go together: the blog needs its words, and only the blog has them',
    path: ['listing'],
  });

/** Shared colour pair used on cards (Tailwind-free hex so editors cannot break the build with a class name). */
export const colorsSchema = z
  .object({
    from: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #2563eb'),
    to: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #7c3aed'),
  })
  .strict()
  .describe('Gradient colours of the card accent, two hex colours.');

/** schema.org's SoftwareApplication categories, as search engines read them. */
export const applicationCategories = [
  'BusinessApplication',
  'CommunicationApplication',
  'DesignApplication',
  'DeveloperApplication',
  'EducationalApplication',
  'EntertainmentApplication',
  'FinanceApplication',
  'GameApplication',
  'HealthApplication',
  'LifestyleApplication',
  'MultimediaApplication',
  'ReferenceApplication',
  'SecurityApplication',
  'ShoppingApplication',
  'SocialNetworkingApplication',
  'SportsApplication',
  'TravelApplication',
  'UtilitiesApplication',
] as const;

/** One line of content/lists/product-categories.yaml. */
export const productCategorySchema = {
  id: shortText(40).describe('The category name, as products write it in `category` and visitors read it.'),
  applicationCategory: z
    .enum(applicationCategories)
    .describe(`The schema.org application category search engines see: ${applicationCategories.join(', ')}.`),
};

/** A product: content/products/<id>.md. The markdown body is the product overview shown on its page. */
export const productSchema = z
  .object({
    title: shortText(40).describe('Product name as shown on its card.'),
    order: z.number().int().min(1).optional().describe('Position on the products page, 1 first; products without one follow, by title.'),
    website: shortText(80).describe('Website shown on the card, e.g. newsbox.example.com.'),
    description: z.string().min(20).max(300).describe('Card description, 20–300 characters.'),
    category: shortText(40).describe('One of the categories in content/lists/product-categories.yaml.'),
    status: z.enum(['Live', 'Beta', 'Coming Soon']).default('Live'),
    colors: colorsSchema,
    meta: metaSchema.optional().describe('Page metadata. Leave out for a product that has no page of its own.'),
    sections: sectionsSchema,
  })
  .strict();

/** The product schema with `category` limited to the categories of content/lists/product-categories.yaml. */
export function productSchemaWith(categories: readonly string[]) {
  return productSchema.extend({
    category: z
      .enum(categories as [string, ...string[]])
      .describe(`One of the categories in content/lists/product-categories.yaml: ${categories.join('; ')}.`),
  });
}

/** A service: content/services/<id>.md */
export const serviceSchema = z
  .object({
    title: shortText(60),
    order: z.number().int().min(1).optional().describe('Position on the services page, 1 first; services without one follow, by title.'),
    description: z.string().min(20).max(300),
    features: z.array(shortText(80)).length(4).describe('Exactly four feature chips.'),
    icon: iconSchema,
    colors: colorsSchema,
    cardHref: sitePath.optional().describe('Where the service card links; defaults to the service page.'),
    meta: metaSchema.optional(),
    sections: sectionsSchema,
  })
  .strict();

/** A blog post: content/posts/<id>.md */
export const postSchema = z
  .object({
    meta: metaSchema,
    published: z.coerce.date().describe('Publication date, YYYY-MM-DD.'),
    author: shortText(80),
    links: z.array(actionSchema).max(4).default([]),
  })
  .strict();

/** content/redirects.yaml: permanent redirects. */
export const redirectSchema = z
  .object({
    from: sitePath.describe('The old path, e.g. /careers.'),
    to: sitePath.describe('The page it now lives at; must be a page of the site.'),
    name: shortText(60).optional().describe('What the old path was, for people reading this file.'),
  })
  .strict();

const navLink = z.object({ label: shortText(40), href: z.string().min(1) }).strict();

/** content/site.yaml: the one place for brand, contact values, URLs and navigation. */
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
    ogImage: z
      .object({
        src: sitePath
          .or(z.string().regex(/^\/[\w./-]+\.(png|jpe?g|webp)$/))
          .describe('Social sharing image in public/, e.g. /og-image.png (1200×630).'),
        alt: shortText(200),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      })
      .strict(),
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

/* ---------------------------------------------------------------------------
 * content/ui.yaml: the words of the site's frame and page layouts that are not
 * part of any one page (skip link, header, footer, labels of product, service
 * and post pages, screen-reader names of lists). Components hold no copy.
 * ------------------------------------------------------------------------- */

const label = (max: number, description: string) => shortText(max).describe(description);

export const uiCopySchema = z
  .object({
    skipLink: label(60, 'The first link of every page, shown on keyboard focus: jumps over the header.'),
    newTab: label(60, 'Read by screen readers after a link that opens in a new tab, e.g. "(opens in a new tab)".'),
    header: z
      .object({
        home: label(60, 'Screen-reader name of the logo link to the home page, e.g. "{brand} home".'),
        navigation: label(40, 'Screen-reader name of the main navigation, e.g. "Main".'),
        search: label(40, 'Screen-reader name of the search icon link.'),
        menu: label(40, 'Screen-reader name of the menu button on small screens.'),
        menuPanel: label(40, 'Screen-reader name of the opened menu on small screens.'),
      })
      .strict(),
    footer: z.object({ rights: label(80, 'After "© year brand." at the bottom of every page.') }).strict(),
    lists: z
      .object({
        highlights: label(40, "Screen-reader name of the chips under a page's main heading."),
        features: label(40, 'Screen-reader name of the feature chips of a card without its own chips label.'),
        seekingExpertise: label(60, 'Label before the expertise chips of each product on the product-teams page.'),
        hashtags: label(40, 'Screen-reader name of the hashtags in the animated header.'),
        roles: label(40, 'Screen-reader name of the team roles in the animated header.'),
      })
      .strict(),
    contactDetails: z
      .object({
        heading: label(60, 'Heading of the contact details card when its section gives none.'),
        email: label(30, 'Label of the e-mail address.'),
        phone: label(30, 'Label of the phone number.'),
        location: label(30, 'Label of the location.'),
        hours: label(30, 'Label of the business hours.'),
        headquarters: label(30, 'Written before the headquarters, e.g. "Headquarters".'),
      })
      .strict(),
    progress: z
      .object({
        label: label(30, 'Label of each progress bar, e.g. "Progress".'),
        done: label(30, 'Read by screen readers after a finished step, e.g. "(done)".'),
        todo: label(30, 'Read by screen readers after an open step, e.g. "(to do)".'),
        members: label(30, 'Written after the number of team members, e.g. "members".'),
      })
      .strict(),
    steps: z.object({ step: label(20, 'Read by screen readers before each step number, e.g. "Step".') }).strict(),
    entry: z
      .object({
        overview: label(40, 'Heading of the text body of a product or service page.'),
        atAGlance: label(40, 'Screen-reader name of the key facts of a product or service, after its title: "at a glance".'),
        category: label(30, 'Label of a product’s category.'),
        status: label(30, 'Label of a product’s status.'),
        website: label(30, 'Label of a product’s website.'),
      })
      .strict()
      .describe('Product and service pages.'),
    post: z
      .object({
        back: label(40, 'Link above a blog post to the list of all posts (the blog), e.g. "All posts".'),
        by: label(20, 'Read by screen readers between the date and the author, e.g. "by".'),
        next: label(40, 'Screen-reader name of the links at the end of a post.'),
      })
      .strict()
      .describe('Blog post pages.'),
  })
  .strict();
export type UiCopy = z.infer<typeof uiCopySchema>;

/* ---------------------------------------------------------------------------
 * content/forms.yaml: every word the form islands and the sign-in card show.
 * The islands hold no copy; these strings reach them as props.
 * ------------------------------------------------------------------------- */

const fieldCopy = z
  .object({
    label: shortText(60).describe('The visible label bound to the field, e.g. "First Name".'),
    placeholder: z.string().max(120).optional().describe('Hint shown inside the empty field.'),
    invalid: shortText(200)
      .optional()
      .describe(
        'What the browser says when the value does not have the expected form, e.g. "Enter an e-mail address such as name@example.com."',
      ),
  })
  .strict();
/** A field whose definition has a pattern: the message for a value that does not match is required. */
const patternFieldCopy = fieldCopy.required({ invalid: true });
const noticeCopy = z
  .object({ title: shortText(60).describe('Bold first line of the notice.'), text: shortText(300) })
  .strict()
  .describe('A notice (toast): a title and a sentence.');
const formButtons = {
  submit: shortText(40).describe('Text of the submit button.'),
  submitting: shortText(40).describe('Text of the submit button while sending, e.g. "Submitting...".'),
};
/** The `fields` copy of a form: one entry per field of its definition (src/lib/forms/*.ts), no more, no fewer. */
const fieldsOf = <N extends string>(definition: FormDefinition<N>) =>
  z
    .object(
      Object.fromEntries(definition.fields.map((f) => [f.name, f.pattern ? patternFieldCopy : fieldCopy])) as Record<N, typeof fieldCopy>,
    )
    .strict();

export const formsCopySchema = z
  .object({
    common: z
      .object({
        honeypot: shortText(80).describe(
          'Label of the hidden anti-spam field (people never see it; it tells screen-reader users to skip it).',
        ),
        optional: shortText(20).describe('Marker after the label of an optional field, e.g. "(optional)".'),
        noscript: shortText(300).describe('Shown instead of a working form when JavaScript is off.'),
        throttled: noticeCopy.describe(
          'Shown when the database refuses a submission because too many came from the same address or connection in a short time; the form keeps what was typed.',
        ),
      })
      .strict(),
    contact: z.object({ fields: fieldsOf(contactForm), ...formButtons, success: noticeCopy, error: noticeCopy }).strict(),
    demo: z
      .object({
        fields: fieldsOf(demoForm),
        requestTypes: z
          .object({ demo: shortText(60), contact: shortText(60) })
          .strict()
          .describe('Labels of the two request types.'),
        ...formButtons,
        success: z.object({ title: shortText(60), demo: shortText(300), contact: shortText(300) }).strict(),
        error: noticeCopy,
      })
      .strict(),
    careers: z.object({ fields: fieldsOf(careersForm), ...formButtons, success: noticeCopy, error: noticeCopy }).strict(),
    productTeam: z
      .object({
        fields: fieldsOf(productTeamForm),
        domainFirst: shortText(80).describe('Placeholder of the domain list before a product is chosen.'),
        ...formButtons,
        success: noticeCopy,
        error: noticeCopy,
      })
      .strict(),
    signIn: z
      .object({
        heading: shortText(80),
        intro: shortText(300),
        features: z.array(shortText(60)).max(6).describe('What a client finds after signing in.'),
        fields: z.object({ email: patternFieldCopy, password: fieldCopy }).strict(),
        ...formButtons,
        success: shortText(120).describe('Notice after a successful sign-in, before going to the home page.'),
        unexpectedError: shortText(120).describe('Notice when sign-in fails for a reason other than the service refusing it.'),
        signedInAs: shortText(80).describe('Shown before the e-mail address of a client who is already signed in.'),
        signOut: shortText(40),
        signingOut: shortText(40),
        signedOut: shortText(120).describe('Notice after signing out.'),
        signedOutHere: shortText(200).describe(
          'Notice after signing out when the sign-in service could not be reached: this browser is signed out, other devices may still be signed in.',
        ),
        linkRefused: shortText(200).describe(
          'Notice when /login is opened with an old-style sign-in link (tokens in the address), which is not accepted.',
        ),
        forgot: z
          .object({
            link: shortText(40),
            heading: shortText(80),
            intro: shortText(300),
            ...formButtons,
            sent: shortText(300).describe(
              'Shown whether or not the address has an account, and also when the service refuses or limits the request, so it reveals nothing.',
            ),
            error: shortText(300).describe('Shown only when the sign-in service could not be reached at all.'),
            back: shortText(40),
          })
          .strict(),
        recovery: z
          .object({ heading: shortText(80), intro: shortText(300), field: fieldCopy, ...formButtons, success: shortText(120) })
          .strict()
          .describe('The form shown after following a password-reset link.'),
      })
      .strict(),
    teamSignIn: z
      .object({ heading: shortText(80), text: shortText(300), button: shortText(40).describe('Opens {url.teamAuth} in a new tab.') })
      .strict(),
  })
  .strict();
export type FormsCopy = z.infer<typeof formsCopySchema>;

/* ---------------------------------------------------------------------------
 * content/search.yaml: the words of the site search (/search) and of the
 * not-found page, which offers the same search form.
 * ------------------------------------------------------------------------- */

/** The placeholders of content/search.yaml that the visitor's browser fills in; the build leaves them as written. */
export const searchRuntimeSlots = ['query', 'count', 'max', 'path'] as const;

export const searchCopySchema = z
  .object({
    form: z
      .object({
        name: shortText(60).describe('Name of the search region for screen readers, e.g. "Site search".'),
        label: shortText(60).describe('The visible label of the search box.'),
        placeholder: shortText(120).describe('Hint shown inside the empty search box.'),
        button: shortText(30).describe('Text of the submit button.'),
      })
      .strict()
      .describe('The search form, on /search and on the not-found page.'),
    page: z
      .object({
        heading: shortText(80).describe('Heading of /search, e.g. "Search {brand}".'),
        resultsLabel: shortText(60).describe('Name of the results list for screen readers.'),
        status: z
          .object({
            empty: shortText(200).describe('Before anything is searched.'),
            loading: withSlots(200, 'query').describe('While searching; {query} is the searched words.'),
            none: withSlots(200, 'query').describe('When nothing matches.'),
            one: withSlots(200, 'query').describe('Exactly one result.'),
            many: withSlots(200, 'count', 'query').describe('Several results; {count} is their number.'),
            more: withSlots(200, 'max').describe('Added when only the first {max} results are listed.'),
            error: shortText(300).describe('When the search index cannot be loaded or the search fails.'),
          })
          .strict()
          .describe('The status line that screen readers announce as the search progresses.'),
        noscript: shortText(300).describe('Shown when JavaScript is off (results need it; the form still works).'),
        suggestions: z
          .object({
            intro: shortText(200).describe('Shown above the links when nothing matches (and without JavaScript).'),
            links: z.array(navLink).min(1).max(6).describe('Pages to browse instead.'),
          })
          .strict(),
      })
      .strict()
      .describe('The /search page.'),
    notFound: z
      .object({
        code: shortText(10).describe('The large status code at the top, "404".'),
        heading: shortText(80),
        text: withSlots(200, 'path').describe('{path} is the address the visitor asked for.'),
        home: shortText(40).describe('Text of the link to the home page.'),
        search: shortText(200).describe('Sentence above the search form.'),
      })
      .strict()
      .describe('The not-found (404) page.'),
  })
  .strict();
export type SearchCopy = z.infer<typeof searchCopySchema>;
