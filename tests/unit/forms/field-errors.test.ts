/** The message under an invalid field (src/lib/forms/field-errors.ts), with the fixture's common field messages. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, it, expect } from 'vitest';
import { fieldError, type FieldState } from '../../../src/lib/forms/field-errors';
import type { FormsCopy } from '../../../src/lib/content/schemas';
import { FIXTURE_CONTENT } from '../../fixtures';

const copy = (parse(readFileSync(`${FIXTURE_CONTENT}/forms.yaml`, 'utf8')) as { forms: FormsCopy }).forms.common.fieldErrors;
const OWN = 'Enter an e-mail address such as name@example.com.';
const BROWSER = 'Please include an @ in the email address.';

const state = (validity: Partial<FieldState['validity']>, extra: Partial<FieldState> = {}): FieldState => ({
  validity: { valid: false, valueMissing: false, tooShort: false, ...validity },
  chosen: false,
  minLength: -1,
  ...extra,
});

describe('fieldError', () => {
  it('says nothing of a valid value', () => {
    expect(fieldError(state({ valid: true }), copy, OWN, BROWSER)).toBeNull();
  });

  it('asks to fill in an empty field, and to choose an option of a list left on its empty option', () => {
    expect(fieldError(state({ valueMissing: true }), copy, OWN, BROWSER)).toBe(copy.required);
    expect(fieldError(state({ valueMissing: true }, { chosen: true }), copy, undefined, BROWSER)).toBe(copy.choose);
  });

  it('names the least number of characters of a value too short', () => {
    expect(copy.tooShort).toContain('{min}');
    const message = fieldError(state({ tooShort: true }, { minLength: 8 }), copy, undefined, BROWSER);
    expect(message).toBe(copy.tooShort.replaceAll('{min}', '8'));
    expect(message).not.toContain('{min}');
  });

  it("says the field's own message for a value of the wrong form, the browser's only where content has none", () => {
    expect(fieldError(state({}), copy, OWN, BROWSER)).toBe(OWN);
    expect(fieldError(state({}), copy, undefined, BROWSER)).toBe(BROWSER);
  });
});
