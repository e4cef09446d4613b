/**
 * The CMS configuration generator (src/lib/cms/config.ts) on the site's schemas
 * (with the fixture content's categories and repository), where every schema field
 * must have its CMS field and every CMS field a schema field, in the options
 * Sveltia CMS reads (help it would not show is carried where it shows it).
 */
import { describe, it, expect } from 'vitest';
import { cmsConfig } from '../../../src/lib/cms/config';
import { jsonSchemaOf, labelOf, type CmsField, type CmsType, type JsonSchema } from '../../../src/lib/cms/fields';
import { contentModel, ROUTED_COLLECTION_NAMES, ROUTED_COLLECTIONS } from '../../../src/lib/content/model';
import { readProductCategories, readSite } from '../../../src/lib/content/read';
import { sectionSchema } from '../../../src/lib/content/schemas';
import { LIST_NAMES } from '../../../src/lib/content/lists';
import { FIXTURE_CONTENT } from '../../fixtures';
import { accepts as test, byName } from '../../support/cms';

/** Every property path of a JSON Schema, list items as [] and union variants as [type]. */
function schemaPaths(s: JsonSchema, prefix = ''): string[] {
  const variants = (s.oneOf ?? s.anyOf ?? []).filter((v) => v.properties?.type?.const !== undefined);
  if (variants.length)
    return variants.flatMap((v) =>
      schemaPaths(
        { ...v, properties: Object.fromEntries(Object.entries(v.properties!).filter(([k]) => k !== 'type')) },
        `${prefix}[${String(v.properties!.type.const)}]`,
      ),
    );
  if (s.items) return schemaPaths(s.items, `${prefix}[]`);
  return Object.entries(s.properties ?? {}).flatMap(([name, property]) => [
    `${prefix}.${name}`,
    ...schemaPaths(property, `${prefix}.${name}`),
  ]);
}

/** The same paths from CMS fields (a root list is the file itself: its items at []). */
function fieldPaths(fields: CmsField[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    if (f.root) return fieldPaths(f.fields ?? [], `${prefix}[]`);
    const path = `${prefix}.${f.name}`;
    const inner = f.types
      ? f.types.flatMap((t) => fieldPaths(t.fields, `${path}[][${t.name}]`))
      : f.fields
        ? fieldPaths(f.fields, f.widget === 'list' ? `${path}[]` : path)
        : f.field?.fields
          ? fieldPaths(f.field.fields, `${path}[]`)
          : [];
    return [path, ...inner];
  });
}

/** Schema fields without a CMS field, and CMS fields without a schema field. */
function mismatches(schema: JsonSchema, fields: CmsField[]) {
  const fromSchema = new Set(schemaPaths(schema));
  const fromCms = new Set(fieldPaths(fields));
  return { missing: [...fromSchema].filter((p) => !fromCms.has(p)), extra: [...fromCms].filter((p) => !fromSchema.has(p)) };
}

describe('the configuration of this site', () => {
  const categories = readProductCategories(FIXTURE_CONTENT);
  const model = contentModel(categories);
  const site = readSite(FIXTURE_CONTENT);
  const config = cmsConfig({
    model,
    contentDir: 'content',
    repo: site.repository.github,
    branch: site.repository.branch,
    siteUrl: site.host,
    appTitle: 'Content editor',
    logo: '/favicon.svg',
  });
  const collection = (name: string) => config.collections.find((c) => c.name === name)!;

  it('has every routed collection as a folder (markdown with frontmatter, or YAML), settings and shared lists as files', () => {
    const folders = config.collections.filter((c) => c.folder).map((c) => [c.name, c.folder, c.extension, c.format]);
    expect(folders.map(([name]) => name)).toEqual(ROUTED_COLLECTION_NAMES);
    expect(folders.map(([name, folder]) => [name, folder])).toEqual(
      ROUTED_COLLECTION_NAMES.map((name) => [name, `content/${ROUTED_COLLECTIONS[name].dir}`]),
    );
    expect(folders).toEqual(
      expect.arrayContaining([
        ['products', 'content/products', 'md', 'frontmatter'],
        ['services', 'content/services', 'md', 'frontmatter'],
        ['posts', 'content/posts', 'md', 'frontmatter'],
        ['pages', 'content/pages', 'yaml', 'yml'],
      ]),
    );
    expect(collection('settings').files!.map((f) => f.file)).toEqual([
      'content/site.yaml',
      'content/forms.yaml',
      'content/ui.yaml',
      'content/search.yaml',
      'content/redirects.yaml',
    ]);
    // Settings → Redirects: the list at the root of the file, edited as such (Sveltia's `root`).
    const redirects = collection('settings').files!.find((f) => f.name === 'redirects')!;
    expect(redirects.label).toBe('Redirects');
    expect(redirects.fields).toEqual([expect.objectContaining({ name: 'redirects', widget: 'list', root: true })]);
    expect(redirects.fields[0].fields!.map((f) => [f.name, f.required ?? true])).toEqual([
      ['from', true],
      ['to', true],
      ['name', false],
    ]);
    expect(collection('lists').files!.map((f) => f.file)).toContain('content/lists/product-categories.yaml');
    expect(collection('lists').files!.length).toBe(LIST_NAMES.length);
    expect(config.backend).toEqual({
      name: 'github',
      repo: site.repository.github,
      branch: site.repository.branch,
      base_url: 'https://api.netlify.com',
    });
  });

  it('speaks Sveltia: output options where it reads them, nothing it ignores', () => {
    // At the top level it would be ignored, and a saved entry would hold empty ids and null links.
    expect(config.output).toEqual({ omit_empty_optional_fields: true });
    expect(config).not.toHaveProperty('omit_empty_optional_fields');
    expect(config).not.toHaveProperty('local_backend');
    expect(config).toMatchObject({ load_config_file: false, app_title: 'Content editor', logo: { src: '/favicon.svg' } });
    const types = (fields: CmsField[]): CmsType[] =>
      fields.flatMap((f) => [...(f.types ?? []), ...types([...(f.fields ?? []), ...(f.types ?? []).flatMap((t) => t.fields)])]);
    const all = types(config.collections.flatMap((c) => [...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)]));
    expect(all.length).toBeGreaterThan(16);
    for (const type of all) expect(type, type.name).not.toHaveProperty('hint');
    for (const file of config.collections.flatMap((c) => c.files ?? [])) expect(file, file.name).not.toHaveProperty('description');
  });

  it("shows each file's help at the top of its form, once", () => {
    const files = config.collections.flatMap((c) => c.files ?? []);
    for (const source of model.filter((s) => s.kind === 'file' && s.cms)) {
      const fields = files.find((f) => f.name === source.name)!.fields;
      const shown = fields.filter((f) => f.comment === source.description || f.hint?.includes(source.description));
      expect(shown.length, source.name).toBe(fields.length);
      for (const f of fields) expect(f.comment === source.description && Boolean(f.hint?.includes(source.description)), f.name).toBe(false);
    }
    expect(byName(files.find((f) => f.name === 'site')!.fields, 'site').comment).toBe(model.find((s) => s.name === 'site')!.description);
  });

  it('lists what each section type is for under the sections of a page', () => {
    const sections = byName(collection('pages').fields!, 'sections');
    for (const option of sectionSchema.options) {
      const description = option.description!;
      const type = option.shape.type.value;
      expect(sections.hint, type).toContain(`**${labelOf(type)}**: ${description}`);
    }
  });

  it('gives every schema field a CMS field and no CMS field without one (every file the CMS edits)', () => {
    const checked: string[] = [];
    for (const source of model) {
      if (source.kind === 'file' && !source.cms) continue;
      const fields =
        source.kind === 'folder'
          ? collection(source.name).fields!.filter((f) => f.name !== 'body')
          : config.collections.flatMap((c) => c.files ?? []).find((f) => f.name === source.name)!.fields;
      expect(mismatches(jsonSchemaOf(source.schema), fields), source.name).toEqual({ missing: [], extra: [] });
      checked.push(source.name);
    }
    // Every folder and file the CMS offers was compared with its schema.
    const offered = config.collections.flatMap((c) => (c.folder ? [c.name] : (c.files ?? []).map((f) => f.name)));
    expect(checked.sort()).toEqual(offered.sort());
    expect(checked.length).toBeGreaterThan(ROUTED_COLLECTION_NAMES.length);
  });

  it('the comparison notices a field left out and a field made up', () => {
    const schema = jsonSchemaOf(model.find((s) => s.name === 'products')!.schema);
    const fields = collection('products').fields!.filter((f) => f.name !== 'body' && f.name !== 'website');
    fields.push({ name: 'tagline', label: 'Tagline', widget: 'string' });
    expect(mismatches(schema, fields)).toEqual({ missing: ['.website'], extra: ['.tagline'] });
  });

  it('offers the product categories of the content lists and every section type', () => {
    const products = collection('products').fields!;
    expect(byName(products, 'category')).toMatchObject({ widget: 'select', options: categories });
    const sectionTypes = sectionSchema.options.map((o) => o.shape.type.value);
    expect(byName(products, 'sections').types!.map((t) => t.name)).toEqual(sectionTypes);
    expect(byName(collection('pages').fields!, 'sections').types!.map((t) => t.name)).toEqual(sectionTypes);
  });

  it('holds the schema limits: a product description 20–300 characters, a meta description at most 160', () => {
    const description = byName(collection('products').fields!, 'description');
    expect(description.pattern![1]).toBe('Must be 20–300 characters.');
    expect(test(description, 'x'.repeat(300))).toBe(true);
    expect(test(description, 'x'.repeat(301))).toBe(false);
    const meta = byName(byName(collection('products').fields!, 'meta').fields!, 'description');
    expect(test(meta, 'x'.repeat(161))).toBe(false);
    expect(meta.hint).toMatch(/160/);
  });

  it("offers every page's optional social image as an upload to /images with its own alt text", () => {
    for (const name of ROUTED_COLLECTION_NAMES) {
      const image = byName(byName(collection(name).fields!, 'meta').fields!, 'image');
      expect(image).toMatchObject({ widget: 'object', required: false });
      const [src, alt] = [byName(image.fields!, 'src'), byName(image.fields!, 'alt')];
      expect(src).toMatchObject({ widget: 'image', choose_url: false, required: false });
      expect(test(src, '/images/launch.jpg')).toBe(true);
      expect(test(src, '/images/launch.gif')).toBe(false);
      expect(test(src, 'https://elsewhere.example/a.png')).toBe(false);
      expect(alt).toMatchObject({ widget: 'string', required: false });
      expect(alt.hint).toMatch(/cannot see it/);
      expect(src.accept).toBe('image/jpeg,image/png,image/webp');
      expect(test(src, '/images/LAUNCH.JPG')).toBe(true);
    }
  });

  it('stores uploads where the image pipeline finds them, named as content writes them, with web-safe names', () => {
    expect(config.media_folder).toBe('content/images');
    expect(config.public_folder).toBe('/images');
    expect(config.media_libraries).toEqual({ default: { config: { slugify_filename: true } } });
  });

  it("offers a post's cover: an upload, its alt text, or that it is only decoration", () => {
    const cover = byName(collection('posts').fields!, 'cover');
    expect(cover).toMatchObject({ widget: 'object', required: false });
    expect(byName(cover.fields!, 'src')).toMatchObject({ widget: 'image', choose_url: false });
    expect(byName(cover.fields!, 'alt')).toMatchObject({ widget: 'string', required: false });
    expect(byName(cover.fields!, 'alt').hint).toMatch(/Required, unless the picture is only decoration/);
    expect(byName(cover.fields!, 'decorative')).toMatchObject({ widget: 'boolean', default: false });
    const body = byName(collection('posts').fields!, 'body');
    expect(body.hint).toContain('![what it shows](/images/name.jpg)');
    expect(body.hint).toContain('"decorative"');
  });

  it('edits markdown bodies raw first, so opening an entry never rewrites it', () => {
    for (const name of ['products', 'services', 'posts']) {
      expect(byName(collection(name).fields!, 'body')).toMatchObject({ widget: 'markdown', modes: ['raw', 'rich_text'] });
    }
    expect(collection('pages').fields!.some((f) => f.name === 'body')).toBe(false);
  });
});
