/** The forms' copy (src/lib/content/schemas/forms.ts): one entry per field of each form's definition. */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { formsCopySchema } from '../../../../src/lib/content/schemas';
import { FIXTURE_CONTENT } from '../../../fixtures';

const raw = (parse(readFileSync(join(FIXTURE_CONTENT, 'forms.yaml'), 'utf8')) as { forms: unknown }).forms;

describe('forms copy', () => {
  it('accepts the copy of the fixture content', () => {
    expect(formsCopySchema.safeParse(raw).success).toBe(true);
  });

  it('refuses a typo in a field name', () => {
    const bad = structuredClone(raw) as { contact: { fields: Record<string, unknown> } };
    bad.contact.fields.frstName = bad.contact.fields.firstName;
    expect(formsCopySchema.safeParse(bad).success).toBe(false);
  });

  it('asks for an error message for each field with a pattern', () => {
    const bad = structuredClone(raw) as { contact: { fields: { email: { invalid?: string } } } };
    delete bad.contact.fields.email.invalid;
    expect(formsCopySchema.safeParse(bad).success).toBe(false);
  });
});
