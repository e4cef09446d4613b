/**
 * The building blocks every content schema shares: site paths, short texts,
 * page metadata, links and buttons, icons, cards, colours. Plain zod (no
 * `astro:content`), so the same schemas serve the content collections, the
 * content check, the route manifest and the CMS. The `.describe()` texts are
 * written for content editors: they show up in the content check's lines and
 * in the CMS.
 */
import { z } from 'astro/zod';
import { DATE_TIME_WITH_ZONE, isRealDateTime } from '../publishing';

/** A site path, optionally templated with `{slug}` (the brand slug from the site configuration). */
export const sitePath = z
  .string()
  .regex(
    /^\/([a-z0-9{}-]+(\/[a-z0-9{}-]+)*)?$/,
    'must be a site path such as /about or /join-{slug}: lower case, starting with "/", no trailing slash',
  )
  .describe('A path on this site, e.g. /about. Write {slug} where the brand slug belongs (/join-{slug}).');


/**
 * A picture uploaded through the CMS (stored in content/images, named /images/<name>; src/lib/images/files.ts), edited
 * with its image widget. The content check (src/lib/content/pictures.ts) also makes sure the file is there and readable.
 */
export const imageFile = z
  .string()
  // Either case of the extension (cameras write .JPG), spelled out: the CMS gets the pattern without its flags.
  .regex(/^\/images\/[\w.-]+(\/[\w.-]+)*\.([pP][nN][gG]|[jJ][pP][eE]?[gG]|[wW][eE][bB][pP])$/, 'must be a picture uploaded to /images: a .png, .jpg, .jpeg or .webp file')
  .meta({ cmsWidget: 'image' });

/** An editor's picture shown on a page (a post's cover): the file, what it shows, or that it is only decoration. */
export const pictureSchema = z
  .object({
    // Shown on the page (not only shared): the image pipeline makes its versions (src/lib/content/read.ts shownPictures).
    src: imageFile.meta({ onPage: true }).describe(
      'A photo or picture uploaded in the CMS (JPEG, PNG or WebP; at least 1440 px wide for a sharp picture on every screen). The build makes the smaller versions each screen needs.',
    ),
    alt: z
      .string()
      .trim()
      .max(200)
      .default('')
      .describe(
        'What the picture shows, for people who cannot see it (screen readers read it out; it shows when the picture cannot load). Required, unless the picture is only decoration.',
      ),
    decorative: z
      .boolean()
      .default(false)
      .describe('On for a picture that is only decoration and says nothing the text does not: it then needs no alt text, and screen readers skip it.'),
  })
  .strict()
  .refine((picture) => picture.decorative || picture.alt.length > 0, {
    path: ['alt'],
    message: 'missing: say what the picture shows, or switch on `decorative` if it is only decoration',
  });
export type Picture = z.infer<typeof pictureSchema>;

/**
 * When an entry goes live (src/lib/content/publishing.ts): a date-time with its zone, as the CMS writes it
 * (2026-12-01T09:00:00+01:00). Astro's YAML reader hands such a value over as a Date, the disk reader as
 * text: both leave as the same text, so every reader gets one form.
 */
export const publishAt = z
  .preprocess(
    (value) => (value instanceof Date ? value.toISOString() : value),
    z
      .string()
      .trim()
      .regex(DATE_TIME_WITH_ZONE, 'must be a date and time with its time zone, e.g. 2026-12-01T09:00:00+01:00 (or …T08:00:00Z for UTC)')
      .refine(
        // Only once it has the form (the pattern's message says what is wrong otherwise).
        (value) => !DATE_TIME_WITH_ZONE.test(value) || isRealDateTime(value),
        'is not a real date and time: check the month, day and hour',
      ),
  )
  .meta({ cmsWidget: 'datetime' })
  .optional()
  .describe(
    'Optional: when this goes live. Before it, it is nowhere on the site (no page, list, feed, sitemap or search entry); the site rebuilds itself at that time. In the CMS in your own time zone; leave empty to publish with the next build.',
  );

export const shortText = (max: number) => z.string().trim().min(1).max(max);

/** The text must hold each slot, e.g. {page}: words whose numbers are filled in later (per page of the blog, or in the browser). */
export const slotted = <T extends z.ZodString>(text: T, ...slots: string[]) =>
  text.refine((value) => slots.every((slot) => value.includes(`{${slot}}`)), {
    message: `must contain ${slots.map((slot) => `{${slot}}`).join(' and ')}`,
  });
/** Words the browser fills in at run time (src/lib/content/model.ts names each file's): the text must hold each slot. */
export const withSlots = (max: number, ...slots: string[]) => slotted(shortText(max), ...slots);

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
    image: z
      .object({
        src: imageFile.describe(
          'A picture uploaded in the CMS (PNG, JPEG or WebP). Best 1200×630 px or larger: a landscape picture (1.3 to 2.4 times as wide as high) is cropped to 1200×630; any other shape (a square logo, a portrait photo) is placed whole in the middle of a white card.',
        ),
        alt: shortText(200).describe('What the picture shows, for people who cannot see it (read out when the link is shared).'),
      })
      .strict()
      .optional()
      .describe(
        "The picture shown when the page is shared (LinkedIn, X, Slack …), instead of the card the build draws from the page's title. Leave empty to keep the drawn card.",
      ),
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

export const heading = z.string().min(1).max(120).optional();
export const intro = z.string().max(600).optional();
export const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens')
  .optional()
  .describe('Anchor id for the section, so links can point at #this-id.');


/** The `source` of a cards or list section: one of the shared lists under content/lists. */
export const listSources = ['values', 'teamGroups', 'planCategories', 'projectTypes', 'recruitmentProducts', 'expertise'] as const;

/** Shared colour pair used on cards (Tailwind-free hex so editors cannot break the build with a class name). */
export const colorsSchema = z
  .object({
    from: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #2563eb'),
    to: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #7c3aed'),
  })
  .strict()
  .describe('Gradient colours of the card accent, two hex colours.');


/** A link of the navigation or a list of links: its words and where it goes. */
export const navLink = z.object({ label: shortText(40), href: z.string().min(1) }).strict();
