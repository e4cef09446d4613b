/** Products, services and posts: one markdown file each, whose body is the page's text. */
import { z } from 'astro/zod';
import { actionSchema, colorsSchema, iconSchema, metaSchema, pictureSchema, publishAt, shortText, sitePath } from './common';
import { sectionsSchema } from './sections';

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
    publishAt,
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
    publishAt,
    sections: sectionsSchema,
  })
  .strict();

/** A blog post: content/posts/<id>.md */
export const postSchema = z
  .object({
    meta: metaSchema,
    published: z.coerce.date().describe('Publication date, YYYY-MM-DD.'),
    publishAt,
    author: shortText(80),
    cover: pictureSchema
      .optional()
      .describe(
        "A picture above the post's text, cropped to 16:9 (and to 4:3 beside its title on /blog); also the picture the post shares as, unless `meta › image` names another. Optional.",
      ),
    links: z.array(actionSchema).max(4).default([]),
  })
  .strict();
