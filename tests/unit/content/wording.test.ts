/** The content check's words (src/lib/content/wording.ts): every kind of zod issue as one line an editor can act on. */
import { describe, it, expect } from 'vitest';
import { z } from 'astro/zod';
import { validate } from '../../../src/lib/content/validate';
import { listFileSchema } from '../../../src/lib/content/lists';
import { pageSchema, sectionSchema } from '../../../src/lib/content/schemas';

/** The lines of validating `data` with `schema`, shown as file "f". */
function lines(schema: z.ZodType, data: unknown): string[] {
  const result = validate('f', schema, data);
  return result.ok ? [] : result.problems;
}

const sectionTypes = sectionSchema.options.map((option) => option.shape.type.value);
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
