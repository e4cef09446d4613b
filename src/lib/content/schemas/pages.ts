/** content/pages/<id>.yaml (a page: metadata, layout, sections; the blog's words) and content/redirects.yaml. */
import { z } from 'astro/zod';
import { intro, metaSchema, publishAt, shortText, sitePath, slotted, withSlots } from './common';
import { sectionsSchema } from './sections';

/** The slots of the blog's words that each of its pages fills in: its number and how many pages there are. */
export const PAGE_SLOTS = { page: '{page}', pages: '{pages}' } as const;

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
    publishAt,
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

/** content/redirects.yaml: permanent redirects an editor names (renamed pages need none: src/lib/routes/published.ts). */
export const redirectSchema = z
  .object({
    from: sitePath.describe('The old address, e.g. /careers: a removed page\'s path, or any old address that no page has now.'),
    to: sitePath.describe('The page it leads to now: the path of a page of the site.'),
    name: shortText(60).optional().describe('What the old address was, for people reading this list.'),
  })
  .strict();
