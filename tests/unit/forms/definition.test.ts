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
    { name: 'first', input: 'text', required: false },
    { name: 'second', input: 'text', required: false },
  ],
  layout: ['kind', 'name', 'note', ['first', 'second']],
  compose: [
    { column: 'tagged', tagBy: 'kind', tags: { a: '[A] ', b: '[B] ' }, text: 'name' },
    { column: 'pair', join: ['first', 'second'], separator: ' - ' },
  ],
  fixed: { status: 'new' },
});

describe('emptyValues', () => {
  it('leaves every field empty and a radio group on its first value', () => {
    expect(emptyValues(form)).toEqual({ kind: 'a', name: '', note: '', first: '', second: '' });
  });
});

describe('toRow', () => {
  const values = { kind: 'b', name: '  Ada ', note: ' ', first: ' One ', second: 'Two ' };
  it('trims text into its column, makes an empty optional null, then the composed columns, then the fixed ones', () => {
    const row = toRow(form, values, id);
    expect(row).toEqual({ id, full_name: 'Ada', note: null, tagged: '[B] Ada', pair: 'One - Two', status: 'new' });
    expect(Object.keys(row)).toEqual(['id', 'full_name', 'note', 'tagged', 'pair', 'status']);
  });
  it('adds where the lead came from last, as given (only the values the visit has)', () => {
    const row = toRow(form, values, id, { sent_from: '/contact', utm_campaign: 'launch' });
    expect(Object.keys(row)).toEqual(['id', 'full_name', 'note', 'tagged', 'pair', 'status', 'sent_from', 'utm_campaign']);
    expect(row.utm_campaign).toBe('launch');
  });
  it('tags with the first tag when the value has none', () => {
    expect(toRow(form, { ...values, kind: 'z' }, id).tagged).toBe('[A] Ada');
  });
  it('keeps an empty required text as an empty string (the database refuses it)', () => {
    expect(toRow(form, { ...values, kind: 'a', name: ' ', note: 'x' }, id)).toMatchObject({ full_name: '', note: 'x', tagged: '[A] ' });
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
