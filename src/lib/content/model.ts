/**
 * Every file under content/ and the schema that validates it, in one list.
 * The content check that stops the build (naming file, field, rule and the
 * field's description) and the CMS configuration at /admin both read it, so
 * an editor's form and the build's rules cannot drift apart.
 */
import { z } from 'astro/zod';
import { COLLECTION_FILES, type RoutedCollection } from './files';
import { PAGE_SLOTS } from '../routes/build';
import { LISTS, LIST_NAMES, listFileSchema } from './lists';
import {
  formsCopySchema,
  pageSchema,
  postSchema,
  productSchemaWith,
  redirectSchema,
  searchCopySchema,
  searchRuntimeSlots,
  serviceSchema,
  siteSchema,
  uiCopySchema,
} from './schemas';

/** A folder of entries, one file each (a markdown body after the frontmatter, or a YAML document). */
export interface FolderSource {
  kind: 'folder';
  name: RoutedCollection;
  label: string;
  /** Singular, for "New product". */
  labelSingular: string;
  description: string;
  /** Relative to the content folder. */
  dir: string;
  format: 'markdown' | 'yaml';
  schema: z.ZodType;
  /** The field entries are listed by in the CMS. */
  summaryField: string;
  /** Placeholders filled after the build reads the file ({page} of the blog's later pages): left as written. */
  runtimeSlots?: readonly string[];
}

/** A single file: its YAML root is an object whose keys are the schema's top-level fields. */
export interface FileSource {
  kind: 'file';
  name: string;
  label: string;
  description: string;
  /** Relative to the content folder. */
  file: string;
  /** The schema of the whole document (root object). */
  schema: z.ZodType;
  group: 'settings' | 'lists';
  /** Not offered in the CMS (still checked at build time). */
  cms: boolean;
  /** The site builds without it (no redirects); the content check does not ask for it. */
  optional?: boolean;
  /** Placeholders the visitor's browser fills in ({query} of the search copy): the build leaves them as written. */
  runtimeSlots?: readonly string[];
}

export type ContentSource = FolderSource | FileSource;

/** The model for a content folder whose product categories are `categories` (read from its lists). */
export function contentModel(categories: readonly string[]): ContentSource[] {
  const folder = (
    name: RoutedCollection,
    label: string,
    labelSingular: string,
    description: string,
    schema: z.ZodType,
    summaryField: string,
  ): FolderSource => ({
    kind: 'folder',
    name,
    label,
    labelSingular,
    description,
    dir: COLLECTION_FILES[name].dir,
    format: name === 'pages' ? 'yaml' : 'markdown',
    schema,
    summaryField,
  });
  return [
    folder(
      'products',
      'Products',
      'Product',
      'One file per product: its card, and its page when it has `meta`.',
      productSchemaWith(categories),
      'title',
    ),
    folder('services', 'Services', 'Service', 'One file per service: its card, and its page when it has `meta`.', serviceSchema, 'title'),
    folder(
      'posts',
      'Blog posts',
      'Blog post',
      'One file per post, listed on /blog and in /rss.xml, newest first.',
      postSchema,
      'meta.title',
    ),
    {
      ...folder('pages', 'Pages', 'Page', 'One file per page: its metadata and its sections, top to bottom.', pageSchema, 'meta.name'),
      runtimeSlots: Object.keys(PAGE_SLOTS),
    },
    {
      kind: 'file',
      name: 'site',
      label: 'Site settings',
      description: 'Brand, contact values, links and navigation, used on every page.',
      file: 'site.yaml',
      schema: z.object({ site: siteSchema }).strict(),
      group: 'settings',
      cms: true,
    },
    {
      kind: 'file',
      name: 'forms',
      label: 'Form copy',
      description: 'Every word of the forms and the sign-in card.',
      file: 'forms.yaml',
      schema: z.object({ forms: formsCopySchema }).strict(),
      group: 'settings',
      cms: true,
    },
    {
      kind: 'file',
      name: 'ui',
      label: 'Site frame copy',
      description: 'The words of the header, footer and page layouts.',
      file: 'ui.yaml',
      schema: z.object({ ui: uiCopySchema }).strict(),
      group: 'settings',
      cms: true,
    },
    {
      kind: 'file',
      name: 'search',
      label: 'Search copy',
      description: 'The words of the site search and the not-found page.',
      file: 'search.yaml',
      schema: z.object({ search: searchCopySchema }).strict(),
      group: 'settings',
      cms: true,
      runtimeSlots: searchRuntimeSlots,
    },
    {
      kind: 'file',
      name: 'redirects',
      label: 'Redirects',
      description: 'Old paths and the pages they now live at.',
      file: 'redirects.yaml',
      schema: z.array(redirectSchema),
      group: 'settings',
      // A list at the root of the file, which the CMS cannot edit; developers change it with the routes.
      cms: false,
      optional: true,
    },
    ...LIST_NAMES.map((name): FileSource => ({
      kind: 'file',
      name: `list-${LISTS[name].file}`,
      label: LISTS[name].label,
      description: LISTS[name].description,
      file: `lists/${LISTS[name].file}.yaml`,
      schema: listFileSchema(name),
      group: 'lists',
      cms: true,
    })),
  ];
}
