/**
 * The configuration of the CMS at /admin (Sveltia CMS, which reads Decap's
 * configuration format), generated from the zod schemas that validate
 * content/ (src/lib/content/model.ts), never written by hand: a collection
 * per folder and file of the model, each field made by ./fields.ts, and the
 * media folder where the image pipeline finds the uploads.
 *
 * Sveltia does not show the help of a file in a file collection: it is
 * carried to the comment of the file's top field (shown at the top of its form).
 */
import type { ContentSource } from '../content/model';
import { fieldOf, fieldsOf, jsonSchemaOf, type CmsField, type JsonSchema } from './fields';
import { BODY_PICTURE_HELP } from '../content/pictures';
import { MEDIA_DIR, PICTURE_PREFIX } from '../images/files';
import { entryLinkPath } from '../routes/published';

/** Netlify's OAuth provider, which signs editors in to GitHub (its `/auth` page opens in a popup). */
export const NETLIFY_OAUTH_ORIGIN = 'https://api.netlify.com';

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  /** The link from an entry to its page: /_entry/<folder>/<file>, which the site sends on to the page (src/lib/routes/published.ts). */
  preview_path?: string;
  identifier_field?: string;
  summary?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
}

export interface CmsConfig {
  /** GitHub through Netlify's OAuth provider in production; a working copy opened with the folder picker on localhost. */
  backend: { name: 'github'; repo: string; branch: string; base_url: string };
  /** Drafts as branches with pull requests (each gets a Netlify deploy preview), published by merging. */
  publish_mode?: 'editorial_workflow';
  /** Uploads go to the content folder's images/, where the image pipeline finds them, named /images/<name> (src/lib/images/files.ts). */
  media_folder: string;
  public_folder: string;
  /** Uploads renamed to a web-safe name ("Team Offsite (1).JPG" → team-offsite-1.jpg): a name content can write as is. */
  media_libraries: { default: { config: { slugify_filename: true } } };
  site_url: string;
  display_url: string;
  app_title: string;
  logo: { src: string };
  load_config_file: false;
  /** Optional fields left empty are not written, so a saved file holds no `id: ''` or `href: null`. */
  output: { omit_empty_optional_fields: true };
  collections: CmsCollection[];
}

/** The markdown body under the frontmatter of a markdown collection. */
const BODY_FIELD: CmsField = {
  name: 'body',
  label: 'Body',
  widget: 'markdown',
  required: false,
  hint: `The text of the page, in markdown. {brand} and the other placeholders work here too. ${BODY_PICTURE_HELP}`,
  // Raw first: the rich-text mode would rewrite the file's markdown on opening.
  modes: ['raw', 'rich_text'],
};

export interface CmsInput {
  model: ContentSource[];
  /** Folder of content/ relative to the repository root the CMS edits. */
  contentDir: string;
  repo: string;
  branch: string;
  siteUrl: string;
  /** The name on the sign-in screen and the browser tab. */
  appTitle: string;
  /** The image on the sign-in screen, a path on the site. */
  logo: string;
}

/**
 * The fields of a single file: its top-level fields, or, for a file that is one list at its root
 * (content/redirects.yaml), that list as the one field of the file (`root`).
 */
function fileFields(schema: JsonSchema, name: string): CmsField[] {
  if (schema.type === 'array') return [{ ...fieldOf(name, schema, false), root: true }];
  return fieldsOf(schema);
}

/**
 * The help of each file of a file collection, which the CMS does not show,
 * becomes the comment of its top fields (a file's fields sit under one key:
 * `site:`, `items:` …), shown at the top of the form, unless their hint says
 * it already.
 */
function withFileHelp(fields: CmsField[], description: string): CmsField[] {
  return fields.map((f) => (f.hint?.includes(description) ? f : { ...f, comment: description }));
}

/** The whole configuration `CMS.init` receives on /admin. */
export function cmsConfig({ model, contentDir, repo, branch, siteUrl, appTitle, logo }: CmsInput): CmsConfig {
  const dir = contentDir.replace(/^\.\//, '').replace(/\/$/, '');
  const collections: CmsCollection[] = [];
  for (const source of model) {
    if (source.kind !== 'folder') continue;
    const fields = fieldsOf(jsonSchemaOf(source.schema));
    collections.push({
      name: source.name,
      label: source.label,
      label_singular: source.labelSingular,
      description: source.description,
      folder: `${dir}/${source.dir}`,
      extension: source.format === 'markdown' ? 'md' : 'yaml',
      format: source.format === 'markdown' ? 'frontmatter' : 'yml',
      create: true,
      slug: '{{slug}}',
      // The file name, not the path field: a path may hold a placeholder ({slug}) the CMS cannot fill, and may change.
      preview_path: entryLinkPath(source.name, '{{filename}}'),
      identifier_field: source.summaryField,
      summary: `{{${source.summaryField}}}`,
      fields: source.format === 'markdown' ? [...fields, BODY_FIELD] : fields,
    });
  }
  for (const group of ['settings', 'lists'] as const) {
    const files = model.filter((s): s is Extract<ContentSource, { kind: 'file' }> => s.kind === 'file' && s.group === group && s.cms);
    collections.push({
      name: group,
      label: group === 'settings' ? 'Settings and copy' : 'Shared lists',
      description:
        group === 'settings'
          ? 'Site-wide settings and the words of the frame, forms and search.'
          : 'Facts written once and shown on several pages.',
      files: files.map((source) => ({
        name: source.name,
        label: source.label,
        file: `${dir}/${source.file}`,
        fields: withFileHelp(fileFields(jsonSchemaOf(source.schema), source.name), source.description).map((f) => ({
          ...f,
          collapsed: false,
        })),
      })),
    });
  }
  return {
    backend: { name: 'github', repo, branch, base_url: NETLIFY_OAUTH_ORIGIN },
    publish_mode: 'editorial_workflow',
    media_folder: `${dir}/${MEDIA_DIR}`,
    public_folder: PICTURE_PREFIX.replace(/\/$/, ''),
    media_libraries: { default: { config: { slugify_filename: true } } },
    site_url: siteUrl,
    display_url: siteUrl,
    app_title: appTitle,
    logo: { src: logo },
    load_config_file: false,
    output: { omit_empty_optional_fields: true },
    collections,
  };
}
