import { describe, it, expect } from 'vitest';
import { fill, fillDeep, placeholderValues, PlaceholderError, unknownPlaceholders } from '../../../src/lib/content/placeholders';
import { fixtureSite } from '../../fixtures';

const values = placeholderValues(fixtureSite);

describe('placeholderValues', () => {
  it('flattens the site configuration: host without its trailing slash, e-mails and URLs by key, years as text', () => {
    const values = placeholderValues({ ...fixtureSite, host: 'https://acme.example/' });
    expect(values).toMatchObject({ brand: 'Acme', host: 'https://acme.example', 'email.security': 'security@acme.example', founded: '2001', year: '2026' });
    expect(values['retention.jobApplications']).toBe('1 month');
  });
});

describe('placeholders', () => {
  it('fills brand, slug and nested keys', () => {
    expect(fill('Join {brand} at /join-{slug}', values)).toBe('Join Acme at /join-acme');
    expect(fill('{url.planner}', values)).toBe('https://planner.acme.example');
    expect(fill('mailto:{email.partners}', values)).toBe('mailto:partners@acme.example');
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
    expect(out).toEqual({ a: ['Acme', 1, true], b: { c: 'acme' }, d: date });
    expect(out.d).toBe(date);
  });
});
