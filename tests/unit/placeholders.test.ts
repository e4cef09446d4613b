import { describe, it, expect } from 'vitest';
import { fill, fillDeep, placeholderValues, PlaceholderError, unknownPlaceholders } from '../../src/lib/content/placeholders';
import { readSite } from '../../src/lib/content/read';

const values = placeholderValues(readSite('content'));

describe('placeholders', () => {
  it('fills brand, slug and nested keys', () => {
    expect(fill('Join {brand} at /join-{slug}', values)).toBe('Join Corvana at /join-corvana');
    expect(fill('{url.planner}', values)).toBe('https://planner.corvana.example');
    expect(fill('mailto:{email.partners}', values)).toBe('mailto:partners@corvana.example');
  });
  it('throws on an unknown placeholder and names it', () => {
    expect(() => fill('Hello {brnad}', values)).toThrow(PlaceholderError);
    expect(() => fill('Hello {brnad}', values)).toThrow(/\{brnad\}/);
  });
  it('lists the placeholders it cannot fill, as written, without throwing', () => {
    expect(unknownPlaceholders('{brand} and {brnad} at {url.plnner}', values)).toEqual(['{brnad}', '{url.plnner}']);
    expect(unknownPlaceholders('Join {brand}', values)).toEqual([]);
  });
  it('fills every string of nested data and leaves other values alone', () => {
    const date = new Date('2024-12-27');
    const out = fillDeep({ a: ['{brand}', 1, true], b: { c: '{slug}' }, d: date }, values);
    expect(out).toEqual({ a: ['Corvana', 1, true], b: { c: 'corvana' }, d: date });
    expect(out.d).toBe(date);
  });
});
