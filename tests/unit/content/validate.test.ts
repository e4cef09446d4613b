/** One document validated with its placeholders filled first (src/lib/content/validate.ts): lengths count what visitors read. */
import { describe, it, expect } from 'vitest';
import { checkDocument } from '../../../src/lib/content/validate';
import { metaSchema } from '../../../src/lib/content/schemas';
import { fixtureValues as values } from '../../fixtures';

const metaDescription = metaSchema.shape.description.description!;
const meta = (description: string) => ({ path: '/x', name: 'X', title: 'A title', description });

describe('lengths count the text after its placeholders are filled', () => {
  const check = (description: string) => checkDocument('f', metaSchema, meta(description), values);

  it('{brand} counts as the four letters of the brand', () => {
    expect(values.brand).toBe('Acme');
    expect(check(`${'x'.repeat(156)}{brand}`).ok).toBe(true);
    expect(check(`${'x'.repeat(157)}{brand}`)).toEqual({
      ok: false,
      problems: [`f › description: 161 characters, at most 160 — ${metaDescription}`],
    });
  });
  it('accepts a value at the limit only once filled (written longer)', () => {
    // "{founded}" is nine characters written, four filled ("2001").
    const description = `${'x'.repeat(156)}{founded}`;
    expect(description).toHaveLength(165);
    expect(check(description)).toMatchObject({ ok: true, data: { description: `${'x'.repeat(156)}${values.founded}` } });
  });
  it('refuses a value over the limit only once filled (written within it)', () => {
    // "{email.support}" is fifteen characters written, seventeen filled ("help@acme.example").
    const description = `${'x'.repeat(144)}{email.support}`;
    expect(description).toHaveLength(159);
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
