/** A form definition's generic parts (src/lib/forms/definition.ts): empty values, the row, row ids. */
import { describe, it, expect } from 'vitest';
import { defineForm, emptyValues, newRowId, toRow } from '../../../src/lib/forms/definition';

const id = '22222222-2222-4222-8222-222222222222';
const form = defineForm({
  id: 'contact',
  table: 'contact_submissions',
  fields: [
    { name: 'kind', input: 'radio', required: true, values: ['a', 'b'] },
    { name: 'name', column: 'full_name', input: 'text', required: true },
    { name: 'note', column: 'note', input: 'textarea', required: false },
  ],
  layout: ['kind', 'name', 'note'],
  derive: (values) => ({ tag: `[${values.kind}]` }),
});

describe('emptyValues', () => {
  it('leaves every field empty and a radio group on its first value', () => {
    expect(emptyValues(form)).toEqual({ kind: 'a', name: '', note: '' });
  });
});

describe('toRow', () => {
  it('trims text into its column, makes an empty optional null, leaves fields without a column out and adds derived columns', () => {
    expect(toRow(form, { kind: 'b', name: '  Ada ', note: ' ' }, id)).toEqual({ id, full_name: 'Ada', note: null, tag: '[b]' });
  });
  it('keeps an empty required text as an empty string (the database refuses it)', () => {
    expect(toRow(form, { kind: 'a', name: ' ', note: 'x' }, id)).toMatchObject({ full_name: '', note: 'x' });
  });
});

describe('newRowId', () => {
  it('returns distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newRowId));
    expect(ids.size).toBe(50);
    for (const value of ids) expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('works without crypto.randomUUID (non-secure contexts)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newRowId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
