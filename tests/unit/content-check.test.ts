/**
 * The content check that stops the build: every issue in plain words, with the
 * file, the field path and the field's description; lengths counted after the
 * placeholders are filled; the real content/ passes; a copy with one broken
 * field fails with exactly one line.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { checkContent, contentProblems } from '../../src/lib/content/check';
import { checkDocument, ContentError, validate } from '../../src/lib/content/validate';
import { descriptionAt } from '../../src/lib/content/schema-walk';
import { readManifest } from '../../src/lib/routes/manifest';
import { readSite } from '../../src/lib/content/read';
import { listFileSchema } from '../../src/lib/content/lists';
import { placeholderValues } from '../../src/lib/content/placeholders';
import { metaSchema, pageSchema, productSchemaWith, sectionSchema } from '../../src/lib/content/schemas';

/** The lines of validating `data` with `schema`, shown as file "f". */
function lines(schema: z.ZodType, data: unknown): string[] {
  const result = validate('f', schema, data);
  return result.ok ? [] : result.problems;
}

const sectionTypes = sectionSchema.options.map((option) => option.shape.type.value);
const metaDescription = metaSchema.shape.description.description!;
const meta = (description: string) => ({
  path: '/x',
  name: 'X',
  title: 'A title',
  description,
  keywords: ['x'],
  priority: 0.5,
  changefreq: 'yearly',
});

describe('each kind of issue, in plain words', () => {
  const text = z.object({ t: z.string().trim().min(5).max(160).describe('The text.') }).strict();
  it.each([
    ['too long', 'x'.repeat(172), 'f › t: 172 characters, at most 160 — The text.'],
    ['too short', 'abc', 'f › t: 3 characters, at least 5 — The text.'],
    ['blank (counted after trimming)', '   ', 'f › t: empty, at least 5 characters — The text.'],
    ['missing', undefined, 'f › t: missing — The text.'],
    ['a number', 42, 'f › t: expected text, found a number — The text.'],
    ['empty in YAML (null)', null, 'f › t: expected text, found an empty value — The text.'],
    ['a list', ['a'], 'f › t: expected text, found a list — The text.'],
  ])('text: %s', (_case, value, expected) => {
    expect(lines(text, { t: value })).toEqual([expected]);
  });

  it('an empty required text names the one character it needs', () => {
    expect(lines(z.object({ t: z.string().trim().min(1) }), { t: '' })).toEqual(['f › t: empty, at least 1 character']);
  });

  it('lists: too many, too few, not exactly', () => {
    const schema = z.object({ a: z.array(z.string()).max(12), b: z.array(z.string()).min(1), c: z.array(z.string()).length(4) });
    expect(lines(schema, { a: Array(13).fill('k'), b: [], c: ['x'] })).toEqual([
      'f › a: 13 entries, at most 12',
      'f › b: empty, at least 1 entry',
      'f › c: 1 entry, exactly 4',
    ]);
  });

  it('numbers: above, below, not whole, not a number', () => {
    const schema = z.object({ p: z.number().max(1), q: z.number().int().positive(), r: z.number().int(), s: z.number() });
    expect(lines(schema, { p: 1.5, q: 0, r: 1.5, s: 'high' })).toEqual([
      'f › p: 1.5, at most 1',
      'f › q: 0, more than 0',
      'f › r: expected a whole number, found 1.5',
      'f › s: expected a number, found text',
    ]);
  });

  it('a choice: the value and the allowed ones (enum and union of literals)', () => {
    const schema = z.object({ e: z.enum(['A', 'B', 'C']), n: z.union([z.literal(2), z.literal(3), z.literal(4)]), m: z.enum(['A', 'B']) });
    expect(lines(schema, { e: 'Sports', n: 5 })).toEqual([
      'f › e: “Sports” is not one of: A, B, C',
      'f › n: 5 is not one of: 2, 3, 4',
      'f › m: missing; one of: A, B',
    ]);
  });

  it('an unknown field: named, with the fields allowed there, one line each', () => {
    expect(lines(z.object({ title: z.string(), text: z.string() }).strict(), { title: 'a', text: 'b', titel: 'c', txet: 'd' })).toEqual([
      'f › titel: unknown field “titel” (check the spelling; allowed here: title, text)',
      'f › txet: unknown field “txet” (check the spelling; allowed here: title, text)',
    ]);
  });

  it("a format: the schema's own message, or the value and what it should be", () => {
    const schema = z.object({
      colour: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #2563eb'),
      slug: z.string().regex(/^[a-z-]+$/),
      email: z.email(),
      url: z.url(),
    });
    expect(lines(schema, { colour: 'blue', slug: 'Big Slug', email: 'support', url: 'planner' })).toEqual([
      'f › colour: must be a hex colour like #2563eb',
      'f › slug: “Big Slug” does not have the expected form (/^[a-z-]+$/)',
      'f › email: “support” is not an e-mail address',
      'f › url: “planner” is not a web address such as https://example.com',
    ]);
  });

  it('a section of an unknown type, or of none', () => {
    const page = (sections: unknown[]) => ({ meta: meta('d'.repeat(60)), sections });
    expect(lines(pageSchema, page([{ type: 'hero', heading: 'Hi' }, { type: 'heroo', heading: 'Hi' }, { heading: 'Hi' }]))).toEqual([
      `f › sections.1.type: unknown section type “heroo”; one of: ${sectionTypes.join(', ')}`,
      `f › sections.2.type: missing section type; one of: ${sectionTypes.join(', ')}`,
    ]);
  });

  it('a custom rule keeps its message', () => {
    const list = {
      items: [
        { id: 'a', title: 'A' },
        { id: 'a', title: 'B' },
      ],
    };
    expect(lines(listFileSchema('expertise'), list)).toEqual([
      'f › items.1.id: "a" is used twice; every entry needs its own id — A short unique name for the entry; pages refer to it by this.',
    ]);
  });

  it('a problem of the whole document has no field path', () => {
    expect(lines(z.object({ a: z.string() }), 'text')).toEqual(['f: expected a group of fields, found text']);
  });
});

describe('the description of the field', () => {
  const productSchema = productSchemaWith(['Media & Publishing']);
  const product = { meta: { path: '/x' }, sections: [{ type: 'hero' }, { type: 'cards' }] };

  it('is the .describe() text of the field itself', () => {
    expect(descriptionAt(productSchema, ['meta', 'description'], product)).toBe(metaDescription);
    expect(descriptionAt(productSchema, ['title'], product)).toBe('Product name as shown on its card.');
  });
  it('on a wrapper (optional, default) counts as the field’s own', () => {
    expect(descriptionAt(productSchema, ['meta'], product)).toBe('Page metadata. Leave out for a product that has no page of its own.');
    expect(descriptionAt(metaSchema, ['noindex'], {})).toMatch(/^true keeps the page out/);
  });
  it('follows a section by its type', () => {
    expect(descriptionAt(productSchema, ['sections', 0, 'heading'], product)).toBe("The page's main heading (its h1).");
  });
  it('falls back to the nearest described ancestor', () => {
    // A cards section's heading has no description of its own: the section's tells what it belongs to.
    expect(descriptionAt(productSchema, ['sections', 1, 'heading'], product)).toBe('A grid of cards.');
    // An unknown field: the description of the object it was written in.
    expect(descriptionAt(productSchema, ['meta', 'titel'], product)).toBe(productSchema.shape.meta.description);
  });
  it('is left out when nothing on the way is described', () => {
    expect(descriptionAt(productSchema, ['sections', 0, 'type'], { sections: [{ type: 'heroo' }] })).toBeUndefined();
    expect(lines(z.object({ a: z.string() }), {})).toEqual(['f › a: missing']);
  });
});

describe('lengths count the text after its placeholders are filled', () => {
  const values = placeholderValues(readSite('content'));
  const check = (description: string) => checkDocument('f', metaSchema, meta(description), values);

  it('{brand} counts as the seven letters of the brand', () => {
    expect(values.brand).toBe('Corvana');
    expect(check(`${'x'.repeat(153)}{brand}`).ok).toBe(true);
    expect(check(`${'x'.repeat(154)}{brand}`)).toEqual({
      ok: false,
      problems: [`f › description: 161 characters, at most 160 — ${metaDescription}`],
    });
  });
  it('accepts a value at the limit only once filled (written longer)', () => {
    // "{founded}" is nine characters written, four filled ("2009").
    const description = `${'x'.repeat(156)}{founded}`;
    expect(description).toHaveLength(165);
    expect(check(description)).toMatchObject({ ok: true, data: { description: `${'x'.repeat(156)}${values.founded}` } });
  });
  it('refuses a value over the limit only once filled (written within it)', () => {
    // "{slug}" is six characters written, seven filled ("corvana").
    const description = `${'x'.repeat(154)}{slug}`;
    expect(description).toHaveLength(160);
    expect(check(description)).toEqual({ ok: false, problems: [`f › description: 161 characters, at most 160 — ${metaDescription}`] });
  });
  it('names an unknown placeholder at its field', () => {
    const result = checkDocument('f', metaSchema, meta(`About {bradn} ${'x'.repeat(60)}`), values);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      expect.stringMatching(/^f › description: unknown placeholder \{bradn\} \(known: \{brand\}, \{slug\}, .*\) — /),
    ]);
  });
});

describe('checkContent', () => {
  let root: string;
  let contentDir: string;
  const newsbox = () => join(contentDir, 'products', 'newsbox.md');
  const original = readFileSync(join('content', 'products', 'newsbox.md'), 'utf8');
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
    cpSync('content', contentDir, { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes on the real content/', () => {
    expect(contentProblems('content')).toEqual([]);
    expect(() => checkContent('content')).not.toThrow();
  });

  it('stops on a 172-character description with exactly one line', () => {
    // 165 letters and {brand}: 172 characters once filled.
    const text = original.replace(/^ {2}description: .*$/m, `  description: "${'x'.repeat(165)}{brand}"`);
    writeFileSync(newsbox(), text);
    const expected = `${join(contentDir, 'products', 'newsbox.md')} › meta.description: 172 characters, at most 160 — ${metaDescription}`;
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
      writeFileSync(newsbox(), original);
    }
  });

  it('shows the file under the content folder as given', () => {
    const text = original.replace(/^ {2}description: .*$/m, `  description: "${'x'.repeat(172)}"`);
    writeFileSync(newsbox(), text);
    try {
      expect(contentProblems(`${contentDir}/`)[0]).toMatch(new RegExp(`^${contentDir}/products/newsbox\\.md › meta\\.description: `));
    } finally {
      writeFileSync(newsbox(), original);
    }
  });

  it('lists every problem of every file, one line each', () => {
    writeFileSync(newsbox(), original.replace('status: Live', 'status: Sold out').replace('  name: Newsbox', '  nmae: Newsbox'));
    const about = join(contentDir, 'pages', 'about.yaml');
    const aboutText = readFileSync(about, 'utf8');
    try {
      const problems = problemsWith(about, aboutText.replace(/^meta:\n/m, 'meta:\n  keywords: [a\n'));
      expect(problems).toEqual([
        `${newsbox()} › status: “Sold out” is not one of: Live, Beta, Coming Soon`,
        expect.stringMatching(/› meta\.name: missing — Short page name/),
        expect.stringMatching(/› meta\.nmae: unknown field “nmae” \(check the spelling; allowed here: path, name, title/),
        expect.stringMatching(new RegExp(`^${about}: YAML syntax error on line \\d+, column \\d+: `)),
      ]);
    } finally {
      writeFileSync(newsbox(), original);
    }
  });

  it('names a markdown file without frontmatter, and skips drafts', () => {
    const draft = join(contentDir, 'products', '_draft.md');
    writeFileSync(draft, 'title: no frontmatter\n');
    try {
      expect(problemsWith(newsbox(), original.replace(/^---\n/, ''))).toEqual([
        `${newsbox()}: missing frontmatter: the file must start with a line "---", then the fields, then another "---"`,
      ]);
    } finally {
      rmSync(draft);
    }
  });

  it('checks the single files too (site.yaml, lists)', () => {
    const site = join(contentDir, 'site.yaml');
    const problems = problemsWith(site, readFileSync(site, 'utf8').replace('support: support@corvana.example', 'support: support'));
    expect(problems).toEqual([`${site} › site.email.support: “support” is not an e-mail address`]);
  });
});

describe('product categories are content', () => {
  it('a category added to the list, and a new product using it, pass with no code change', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-categories-'));
    const contentDir = join(root, 'content');
    try {
      cpSync('content', contentDir, { recursive: true });
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
      writeFileSync(list, readFileSync(join('content', 'lists', 'product-categories.yaml'), 'utf8'));
      expect(contentProblems(contentDir)).toEqual([
        expect.stringMatching(/gardenbox\.md › category: “Gardening” is not one of: Media & Publishing, /),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
