/**
 * content/search.yaml: the words of the site search (/search) and of the
 * not-found page, which offers the same search form.
 */
import { z } from 'astro/zod';
import { navLink, shortText, withSlots } from './common';

/**
 * The placeholders of content/search.yaml filled later than the others, so the content check leaves them as
 * written: by the visitor's browser ({query}, {count}, {max}, {path}), or by each gone page ({section}).
 */
export const searchRuntimeSlots = ['query', 'count', 'max', 'path', 'section'] as const;

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
    gone: z
      .object({
        code: shortText(10).describe('The large status code at the top, "410".'),
        title: shortText(70).describe('The browser tab\'s title, e.g. "Page removed | {brand}".'),
        heading: shortText(80),
        text: shortText(200).describe('What happened to the page the visitor asked for.'),
        section: withSlots(120, 'section').describe('The link to the section the page was in; {section} is its name.'),
        search: shortText(200).describe('Sentence above the search form.'),
      })
      .strict()
      .describe('The page a removed page\'s address shows, with status 410 (gone): see "Removing a page" in content/README.md.'),
  })
  .strict();
export type SearchCopy = z.infer<typeof searchCopySchema>;
