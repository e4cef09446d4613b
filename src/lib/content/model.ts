/**
 * What content/ holds: every folder and file, the schema that validates it
 * and how editors see it. The one list the rest reads: the content
 * collections (src/content.config.ts), the disk reader behind the route
 * manifest and the content check (./read.ts), the sitemap's lastmod, and the
 * CMS configuration (src/lib/cms/). A new page kind is one entry of
 * `ROUTED_COLLECTIONS`, plus its schema and its layout.
 */
import { z } from 'astro/zod';
import { LISTS, LIST_NAMES, listFileSchema } from './lists';
import {
  formsCopySchema,
  formsRuntimeSlots,
  PAGE_SLOTS,
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

/** How a folder's files are written: a YAML document, or markdown whose frontmatter holds the fields. */
export type FileFormat = 'markdown' | 'yaml';

interface RoutedCollectionSpec {
  /** The route kind its entries get (src/lib/routes/build.ts). */
  kind: string;
  /** Relative to the content folder. */
  dir: string;
  format: FileFormat;
  /** The schema of one entry; products' `category` depends on the categories listed in content/lists. */
  schema: (categories: readonly string[]) => z.ZodType;
  label: string;
  /** Singular, for "New product". */
  labelSingular: string;
  description: string;
  /** The field entries are listed by in the CMS. */
  summaryField: string;
  /** Placeholders filled after the build reads the file ({page} of the blog's later pages): left as written. */
  runtimeSlots?: readonly string[];
}

/** The folders whose entries can be pages, in the order the CMS lists them. */
export const ROUTED_COLLECTIONS = {
  products: {
    kind: 'product',
    dir: 'products',
    format: 'markdown',
    schema: productSchemaWith,
    label: 'Products',
    labelSingular: 'Product',
    description: 'One file per product: its card, and its page when it has `meta`.',
    summaryField: 'title',
  },
  services: {
    kind: 'service',
    dir: 'services',
    format: 'markdown',
    schema: () => serviceSchema,
    label: 'Services',
    labelSingular: 'Service',
    description: 'One file per service: its card, and its page when it has `meta`.',
    summaryField: 'title',
  },
  posts: {
    kind: 'post',
    dir: 'posts',
    format: 'markdown',
    schema: () => postSchema,
    label: 'Blog posts',
    labelSingular: 'Blog post',
    description: 'One file per post, listed on /blog and in /rss.xml, newest first.',
    summaryField: 'meta.title',
  },
  pages: {
    kind: 'page',
    dir: 'pages',
    format: 'yaml',
    schema: () => pageSchema,
    label: 'Pages',
    labelSingular: 'Page',
    description: 'One file per page: its metadata and its sections, top to bottom.',
    summaryField: 'meta.name',
    runtimeSlots: Object.keys(PAGE_SLOTS),
  },
} as const satisfies Record<string, RoutedCollectionSpec>;

export type RoutedCollection = keyof typeof ROUTED_COLLECTIONS;
export const ROUTED_COLLECTION_NAMES = Object.keys(ROUTED_COLLECTIONS) as RoutedCollection[];
/** The kind of page each routed collection makes: page, product, service, post. */
export type RouteKind = (typeof ROUTED_COLLECTIONS)[RoutedCollection]['kind'];

/** The routed collection whose entries are pages of `kind`. */
export function collectionOf(kind: RouteKind): RoutedCollection {
  return ROUTED_COLLECTION_NAMES.find((name) => ROUTED_COLLECTIONS[name].kind === kind)!;
}

/** The settings files at the root of content/, each one YAML document under one key (`site:`, `forms:` …). */
export const SETTINGS_FILES = {
  site: { schema: siteSchema, label: 'Site settings', description: 'Brand, contact values, links and navigation, used on every page.' },
  forms: {
    schema: formsCopySchema,
    label: 'Form copy',
    description: 'Every word of the forms and the sign-in card.',
    // {min} of a field message, which the visitor's browser fills in: the build leaves it as written.
    runtimeSlots: formsRuntimeSlots,
  },
  ui: { schema: uiCopySchema, label: 'Site frame copy', description: 'The words of the header, footer and page layouts.' },
  search: {
    schema: searchCopySchema,
    label: 'Search copy',
    description: 'The words of the site search and the not-found page.',
    // Placeholders the visitor's browser fills in ({query} of the search copy): the build leaves them as written.
    runtimeSlots: searchRuntimeSlots,
  },
} as const;
export type SettingsName = keyof typeof SETTINGS_FILES;
export const SETTINGS_NAMES = Object.keys(SETTINGS_FILES) as SettingsName[];

/** The placeholders each file leaves as written for a later step to fill, by collection or settings name. */
export function runtimeSlotsOf(name: RoutedCollection | SettingsName): readonly string[] {
  const spec = name in ROUTED_COLLECTIONS ? ROUTED_COLLECTIONS[name as RoutedCollection] : SETTINGS_FILES[name as SettingsName];
  return 'runtimeSlots' in spec ? spec.runtimeSlots : [];
}

/** A folder of entries, one file each (a markdown body after the frontmatter, or a YAML document). */
export interface FolderSource {
  kind: 'folder';
  name: RoutedCollection;
  label: string;
  labelSingular: string;
  description: string;
  /** Relative to the content folder. */
  dir: string;
  format: FileFormat;
  schema: z.ZodType;
  summaryField: string;
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
  runtimeSlots?: readonly string[];
}

/** A part of content/: a folder of entries or a single file. */
export type ContentSource = FolderSource | FileSource;

/** Every part of a content folder whose product categories are `categories` (read from its lists). */
export function contentModel(categories: readonly string[]): ContentSource[] {
  return [
    ...ROUTED_COLLECTION_NAMES.map((name): FolderSource => {
      const { kind: _kind, schema, ...spec } = ROUTED_COLLECTIONS[name];
      return { ...spec, kind: 'folder', name, schema: schema(categories) };
    }),
    ...SETTINGS_NAMES.map(
      (name): FileSource => ({
        ...SETTINGS_FILES[name],
        kind: 'file',
        name,
        file: `${name}.yaml`,
        schema: z.object({ [name]: SETTINGS_FILES[name].schema }).strict(),
        group: 'settings',
        cms: true,
      }),
    ),
    {
      kind: 'file',
      name: 'redirects',
      label: 'Redirects',
      description:
        'Where an old address leads. A page whose path you change, and a page you delete, are taken care of by the build (a redirect to the new path; a "gone" page, status 410). Add a line here to send a removed page, or any old address, to another page instead.',
      file: 'redirects.yaml',
      schema: z.array(redirectSchema),
      group: 'settings',
      // A list at the root of the file: the CMS edits it as a root list.
      cms: true,
      optional: true,
    },
    ...LIST_NAMES.map(
      (name): FileSource => ({
        kind: 'file',
        name: `list-${LISTS[name].file}`,
        label: LISTS[name].label,
        description: LISTS[name].description,
        file: `lists/${LISTS[name].file}.yaml`,
        schema: listFileSchema(name),
        group: 'lists',
        cms: true,
      }),
    ),
  ];
}
