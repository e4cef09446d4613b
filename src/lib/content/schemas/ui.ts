/**
 * content/ui.yaml: the words of the site's frame and page layouts that are not
 * part of any one page (skip link, header, footer, labels of product, service
 * and post pages, screen-reader names of lists). Components hold no copy.
 */
import { z } from 'astro/zod';
import { shortText } from './common';

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
    breadcrumb: label(40, 'Screen-reader name of the trail Home › Blog › post above a blog post, e.g. "Breadcrumb".'),
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
        by: label(20, 'Read by screen readers between the date and the author, e.g. "by".'),
        next: label(40, 'Screen-reader name of the links at the end of a post.'),
      })
      .strict()
      .describe('Blog post pages.'),
  })
  .strict();
export type UiCopy = z.infer<typeof uiCopySchema>;
