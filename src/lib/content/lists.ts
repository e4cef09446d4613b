/**
 * The shared lists under content/lists/: one fact written once and referenced
 * from pages (`source:` of a cards or list section, the product categories).
 * Each file holds `items:`, a list of entries with an `id`; the CMS edits it
 * as one list, and the site renders it in the order editors wrote it.
 */
import { z } from 'astro/zod';
import { productCategorySchema } from './schemas';

const text = (max: number) => z.string().trim().min(1).max(max);
const id = z.string().trim().min(1).max(60).describe('A short unique name for the entry; pages refer to it by this.');

/** The fields of one entry of each list, and what the list is for (shown to editors). */
export const LISTS = {
  productCategories: {
    file: 'product-categories',
    label: 'Product categories',
    description: 'The categories a product can belong to; adding one here makes it available to products.',
    shape: productCategorySchema,
  },
  claims: {
    file: 'claims',
    label: 'Claims',
    description: 'Figures quoted on several pages, e.g. "30K active users".',
    shape: { id, value: text(20).describe('The figure, e.g. "85%" or "30K".'), label: text(80).describe('What the figure counts.') },
  },
  values: {
    file: 'values',
    label: 'Company values',
    description: 'The values on the about page.',
    shape: { id, title: text(80), text: text(400) },
  },
  teamGroups: {
    file: 'team-groups',
    label: 'Team groups',
    description: 'The groups of the team on the join page.',
    shape: { id, title: text(60), text: text(400) },
  },
  expertise: {
    file: 'expertise',
    label: 'Areas of expertise',
    description: 'The expertise a candidate can pick on the careers form.',
    shape: { id, title: text(80) },
  },
  planCategories: {
    file: 'plan-categories',
    label: 'Planner categories',
    description: 'The planning categories on the planner page.',
    shape: { id, title: text(60), subtitle: text(120), category: text(40) },
  },
  projectTypes: {
    file: 'project-types',
    label: 'Project types',
    description: 'The home project types on the HomeHelp page.',
    shape: {
      id,
      title: text(60),
      category: z.enum(['Interior', 'Exterior', 'Systems', 'Maintenance']).describe('Where the work happens.'),
    },
  },
  recruitmentProducts: {
    file: 'recruitment-products',
    label: 'Products recruiting teams',
    description: 'The products looking for team members, on the product-teams page and its form.',
    shape: {
      id,
      title: text(60),
      description: text(300),
      domains: z.array(text(60)).min(1).max(8).describe('The expertise each product seeks, 1–8 entries.'),
    },
  },
} as const;

export type ListName = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as ListName[];

/** One entry as written in the file. */
export function listEntrySchema(name: ListName) {
  return z.object(LISTS[name].shape).strict();
}

/** A whole list file: `items:` with at least one entry, ids unique. */
export function listFileSchema(name: ListName) {
  return z
    .object({
      items: z
        .array(listEntrySchema(name))
        .min(1)
        .superRefine((items, ctx) => {
          const seen = new Set<string>();
          items.forEach((item, index) => {
            const key = (item as { id: string }).id;
            if (seen.has(key))
              ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `"${key}" is used twice; every entry needs its own id` });
            seen.add(key);
          });
        })
        .describe(LISTS[name].description),
    })
    .strict();
}

/** Astro `file()` loader parser: the entries of `items:` with their position as `order`. */
export function listEntries(items: unknown): Record<string, unknown>[] {
  if (!Array.isArray(items)) return [];
  return items.map((entry, order) => ({ ...(entry as Record<string, unknown>), order }));
}

