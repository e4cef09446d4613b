/**
 * The content check that stops the build (src/lib/content/check-content.ts): on a copy of
 * the fixture content, one broken field fails with exactly one line naming the
 * file, the field and its description; every problem of every file is listed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkContent, contentProblems } from '../../../src/lib/content/check-content';
import { ContentError } from '../../../src/lib/content/validate';
import { readManifest } from '../../../src/lib/routes/manifest';
import { metaSchema } from '../../../src/lib/content/schemas';
import { FIXTURE_CONTENT } from '../../fixtures';

const metaDescription = metaSchema.shape.description.description!;

describe('checkContent', () => {
  let root: string;
  let contentDir: string;
  const widget = () => join(contentDir, 'products', 'widget.md');
  const original = readFileSync(join(FIXTURE_CONTENT, 'products', 'widget.md'), 'utf8');
  /** The problems of the copy, then the copy restored. */
  function problemsWith(file: string, text: string): string[] {
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, text);
    try {
      return contentProblems(contentDir);
    } finally {
      writeFileSync(file, before);
    }
  }

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'content-check-'));
    contentDir = join(root, 'content');
    cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes on valid content', () => {
    expect(contentProblems(contentDir)).toEqual([]);
    expect(() => checkContent(contentDir)).not.toThrow();
  });

  it('stops on a 172-character description with exactly one line', () => {
    // 168 letters and {brand}: 172 characters once filled.
    const text = original.replace(/^ {2}description: .*$/m, `  description: "${'x'.repeat(168)}{brand}"`);
    writeFileSync(widget(), text);
    const expected = `${join(contentDir, 'products', 'widget.md')} › meta.description: 172 characters, at most 160 — ${metaDescription}`;
    try {
      expect(() => checkContent(contentDir)).toThrow(ContentError);
      let message = '';
      try {
        checkContent(contentDir);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(expected);
      // The route manifest (astro.config.mjs, tests) words it the same way.
      expect(() => readManifest(contentDir)).toThrow(expected);
    } finally {
      writeFileSync(widget(), original);
    }
  });

  it('shows the file under the content folder as given', () => {
    const text = original.replace(/^ {2}description: .*$/m, `  description: "${'x'.repeat(172)}"`);
    writeFileSync(widget(), text);
    try {
      expect(contentProblems(`${contentDir}/`)[0]).toMatch(new RegExp(`^${contentDir}/products/widget\\.md › meta\\.description: `));
    } finally {
      writeFileSync(widget(), original);
    }
  });

  it('lists every problem of every file, one line each', () => {
    writeFileSync(widget(), original.replace('order: 1', 'order: 1\nstatus: Sold out').replace('  name: Widget', '  nmae: Widget'));
    const about = join(contentDir, 'pages', 'about.yaml');
    const aboutText = readFileSync(about, 'utf8');
    try {
      const problems = problemsWith(about, aboutText.replace(/^meta:\n/m, 'meta:\n  keywords: [a\n'));
      expect(problems).toEqual([
        `${widget()} › status: “Sold out” is not one of: Live, Beta, Coming Soon`,
        expect.stringMatching(/› meta\.name: missing — Short page name/),
        expect.stringMatching(/› meta\.nmae: unknown field “nmae” \(check the spelling; allowed here: path, name, title/),
        expect.stringMatching(new RegExp(`^${about}: YAML syntax error on line \\d+, column \\d+: `)),
      ]);
    } finally {
      writeFileSync(widget(), original);
    }
  });

  it('names a markdown file without frontmatter, and skips drafts', () => {
    const draft = join(contentDir, 'products', '_draft.md');
    writeFileSync(draft, 'title: no frontmatter\n');
    try {
      expect(problemsWith(widget(), original.replace(/^---\n/, ''))).toEqual([
        `${widget()}: missing frontmatter: the file must start with a line "---", then the fields, then another "---"`,
      ]);
    } finally {
      rmSync(draft);
    }
  });

  it('checks the single files too (site.yaml, lists)', () => {
    const site = join(contentDir, 'site.yaml');
    const problems = problemsWith(site, readFileSync(site, 'utf8').replace('support: help@acme.example', 'support: support'));
    expect(problems).toEqual([`${site} › site.email.support: “support” is not an e-mail address`]);
  });
});

describe('product categories are content', () => {
  it('a category added to the list, and a new product using it, pass with no code change', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-categories-'));
    const contentDir = join(root, 'content');
    try {
      cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
      const list = join(contentDir, 'lists', 'product-categories.yaml');
      writeFileSync(list, `${readFileSync(list, 'utf8')}  - { id: Gardening, applicationCategory: LifestyleApplication }\n`);
      // Also without the fields that became optional: order, keywords, priority, changefreq.
      const product = [
        '---',
        'title: Gardenbox',
        'website: "{host}/gardenbox"',
        'description: A product that exists only in this test, in a category added by this test.',
        'category: Gardening',
        'colors: { from: "#166534", to: "#65a30d" }',
        'meta:',
        '  path: /gardenbox',
        '  name: Gardenbox',
        '  title: "Gardenbox | {brand}"',
        '  description: "Gardenbox by {brand} exists only in a temporary copy of the content made by the content check test."',
        'sections:',
        '  - { type: hero, heading: Gardenbox }',
        '---',
        'Gardenbox overview.',
        '',
      ].join('\n');
      writeFileSync(join(contentDir, 'products', 'gardenbox.md'), product);
      expect(contentProblems(contentDir)).toEqual([]);
      const route = readManifest(contentDir).routes.find((r) => r.id === 'gardenbox');
      expect(route?.meta).toMatchObject({ path: '/gardenbox', keywords: [], priority: 0.5, changefreq: 'monthly' });
      // …and without the list entry the same product is refused, naming the list's categories.
      writeFileSync(list, readFileSync(join(FIXTURE_CONTENT, 'lists', 'product-categories.yaml'), 'utf8'));
      expect(contentProblems(contentDir)).toEqual([
        expect.stringMatching(/gardenbox\.md › category: “Gardening” is not one of: Tools, Games/),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
