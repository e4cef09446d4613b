/**
 * Page sections. Each type has its own schema and is rendered by
 * `src/components/sections/<Type>Section.astro` through `Sections.astro`;
 * the CMS offers each as a section type.
 */
import { z } from 'astro/zod';
import { FORM_NAMES } from '../../forms';
import { actionSchema, anchor, cardSchema, heading, intro, listSources, shortText } from './common';

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
    form: z.enum(FORM_NAMES).describe('Which form island renders here.'),
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
