/**
 * One schema field as a CMS field (src/lib/cms/fields.ts), on a small schema
 * with every kind of field: label, hint with the limits, the pattern the
 * editor enforces, required or not, select options, uploads, typed lists.
 */
import { describe, it, expect } from 'vitest';
import { z } from 'astro/zod';
import { fieldsOf, jsonSchemaOf, labelOf } from '../../../src/lib/cms/fields';
import { accepts as test, byName } from '../../support/cms';

describe('the generator on every kind of field', () => {
  const schema = z
    .object({
      title: z.string().trim().min(5).max(70).describe('The page title.'),
      note: z.string().max(600).optional(),
      path: z
        .string()
        .regex(/^\/[a-z-]*$/, 'a path')
        .describe('A site path.'),
      email: z.email(),
      site: z.url(),
      status: z.enum(['Live', 'Beta']).default('Live'),
      columns: z.union([z.literal(2), z.literal(3)]).default(3),
      order: z.number().int().min(1).optional(),
      priority: z.number().min(0.3).max(1),
      draft: z.boolean().default(false),
      published: z.coerce.date().describe('Publication date.'),
      tags: z.array(z.string().min(1).max(20)).min(1).max(5),
      links: z
        .array(z.object({ label: z.string().min(1).max(60), href: z.string().min(1) }).strict())
        .max(3)
        .default([]),
      colors: z.object({ from: z.string(), to: z.string() }).strict(),
      cta: z
        .object({ label: z.string().min(1), href: z.string().min(1) })
        .strict()
        .optional(),
      image: z
        .string()
        .regex(/^\/[a-z]+$/)
        .or(z.string().regex(/^\/[a-z]+\.png$/)),
      blocks: z
        .array(
          z.discriminatedUnion('type', [
            z
              .object({ type: z.literal('hero'), heading: z.string().min(1).max(120) })
              .strict()
              .describe('The page header.'),
            z.object({ type: z.literal('faq'), items: z.array(z.object({ question: z.string().min(1) }).strict()) }).strict(),
          ]),
        )
        .default([]),
    })
    .strict();
  const fields = fieldsOf(jsonSchemaOf(schema));

  it('keeps the schema order and labels each field from its name', () => {
    expect(fields.map((f) => f.name)).toEqual(Object.keys(schema.shape));
    expect(labelOf('applicationCategory')).toBe('Application category');
    expect(byName(fields, 'title').label).toBe('Title');
  });

  it('text: hint from the description with the limits, a pattern that enforces them, required unless optional', () => {
    const title = byName(fields, 'title');
    expect(title).toMatchObject({
      widget: 'string',
      hint: 'The page title. 5–70 characters.',
      pattern: ['^(?=[\\s\\S]{5,70}$)', 'Must be 5–70 characters.'],
    });
    expect(title.required).toBeUndefined();
    expect(test(title, 'Home')).toBe(false);
    expect(test(title, 'About us')).toBe(true);
    expect(test(title, 'x'.repeat(71))).toBe(false);
    const note = byName(fields, 'note');
    expect(note).toMatchObject({ widget: 'text', required: false, hint: 'At most 600 characters.' });
    expect(test(note, '')).toBe(true);
  });

  it('text with its own rule: the schema pattern, e-mail and web address checks', () => {
    const path = byName(fields, 'path');
    expect(path.hint).toBe('A site path.');
    expect(test(path, '/about')).toBe(true);
    expect(test(path, 'about')).toBe(false);
    expect(test(byName(fields, 'email'), 'team@corvana.example')).toBe(true);
    expect(test(byName(fields, 'email'), 'not an address')).toBe(false);
    expect(byName(fields, 'email').pattern![1]).toBe('Must be an e-mail address.');
    expect(test(byName(fields, 'site'), 'https://corvana.example')).toBe(true);
    expect(test(byName(fields, 'site'), 'corvana.example')).toBe(false);
    const image = byName(fields, 'image');
    expect(test(image, '/og')).toBe(true);
    expect(test(image, '/og.png')).toBe(true);
    expect(test(image, 'og.png')).toBe(false);
  });

  it('choices: enums and literal unions become selects with their options and defaults', () => {
    expect(byName(fields, 'status')).toMatchObject({ widget: 'select', options: ['Live', 'Beta'], default: 'Live', required: false });
    expect(byName(fields, 'columns')).toMatchObject({ widget: 'select', options: [2, 3], default: 3, required: false });
  });

  it('numbers, booleans and dates', () => {
    expect(byName(fields, 'order')).toMatchObject({ widget: 'number', value_type: 'int', min: 1, required: false });
    expect(byName(fields, 'order').max).toBeUndefined();
    expect(byName(fields, 'priority')).toMatchObject({ widget: 'number', value_type: 'float', min: 0.3, max: 1 });
    expect(byName(fields, 'draft')).toMatchObject({ widget: 'boolean', default: false, required: false });
    expect(byName(fields, 'published')).toMatchObject({
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      time_format: false,
      hint: 'Publication date.',
    });
  });

  it('lists: of text with a count limit, of objects with their fields', () => {
    const tags = byName(fields, 'tags');
    expect(tags).toMatchObject({ widget: 'list', min: 1, max: 5, hint: '1–5 entries.' });
    expect(tags.field).toMatchObject({
      name: 'tag',
      widget: 'string',
      pattern: ['^(?=[\\s\\S]{1,20}$)', 'Must be at most 20 characters.'],
    });
    const links = byName(fields, 'links');
    expect(links).toMatchObject({ widget: 'list', max: 3, required: false, summary: '{{fields.label}}' });
    expect(links.fields!.map((f) => f.name)).toEqual(['label', 'href']);
  });

  it('objects: nested fields; inside an optional object nothing is demanded by the editor', () => {
    expect(byName(fields, 'colors').fields!.map((f) => [f.name, f.required])).toEqual([
      ['from', undefined],
      ['to', undefined],
    ]);
    const cta = byName(fields, 'cta');
    expect(cta.required).toBe(false);
    expect(cta.fields!.every((f) => f.required === false)).toBe(true);
  });

  it('a discriminated union: one typed list item per variant, the type written by the CMS, their help on the list', () => {
    const blocks = byName(fields, 'blocks');
    expect(blocks.typeKey).toBe('type');
    expect(blocks.types!.map((t) => t.name)).toEqual(['hero', 'faq']);
    expect(blocks.types![0]).toEqual(expect.objectContaining({ label: 'Hero', summary: '{{fields.heading}}' }));
    // The CMS shows no help on a type: the list's hint says what each one is for.
    expect(blocks.types![0]).not.toHaveProperty('hint');
    expect(blocks.hint).toBe('**Hero**: The page header.');
    expect(blocks.types![0].fields.map((f) => f.name)).toEqual(['heading']);
    expect(byName(blocks.types![1].fields, 'items').fields!.map((f) => f.name)).toEqual(['question']);
  });
});
