/**
 * The forms as the build serves them, against their definitions
 * (src/lib/forms/*.ts), field by field: each field's control is there, of the
 * definition's kind, required exactly when the definition requires it, with
 * its maximum length and pattern, and no other field is. The database refuses
 * a row without a field exactly when the definition requires it
 * (tests/db/forms.test.ts), so a field made optional or required in one place
 * only fails one of the two: the visitor is never told of a required field by
 * a generic error after sending.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { FORMS } from '../../src/lib/forms';
import type { FieldDefinition, FormDefinition } from '../../src/lib/forms/definition';
import { requireDist, readDist, sitePages } from '../support/site-under-test';

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' };
const unescape = (value: string) => value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ENTITIES[name]);

/** A start tag's attributes (names lowercased), values unescaped; a bare attribute is "". */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) found[m[1].toLowerCase()] = unescape(m[2] ?? '');
  return found;
}

interface Control {
  tag: string;
  attrs: Record<string, string>;
}

/** The form `form-<id>` of a page: its named controls (inputs, selects, text areas), in order. */
function servedForm(html: string, id: string): Control[] | undefined {
  const form = new RegExp(`<form\\b[^>]*\\bid="form-${id}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1];
  if (form === undefined) return undefined;
  return [...form.matchAll(/<(input|select|textarea)\b[^>]*>/g)].map((m) => ({ tag: m[1], attrs: attributes(m[0]) }));
}

/** What a field's control must say, from its definition. */
function expected(form: FormDefinition, field: FieldDefinition) {
  const tag = field.input === 'textarea' || field.input === 'select' ? field.input : 'input';
  return {
    tag,
    type: tag === 'input' ? field.input : undefined,
    required: field.required,
    // A select's bound is its options' (tests/content/forms.test.ts fits the longest in the column).
    maxLength: field.maxLength === undefined || tag === 'select' ? undefined : String(field.maxLength),
    // Text areas check their pattern in script (browsers have no pattern on them).
    pattern: tag === 'input' ? field.pattern : undefined,
    id: `${form.id}-${field.name}`,
  };
}

const served = (control: Control) => ({
  tag: control.tag,
  type: control.tag === 'input' ? control.attrs.type : undefined,
  required: 'required' in control.attrs,
  maxLength: control.attrs.maxlength,
  pattern: control.attrs.pattern,
  id: control.attrs.id,
});

describe('the served forms, against their definitions', () => {
  beforeAll(() => requireDist());
  const pages = () => sitePages().map((page) => ({ path: page.path, html: readDist(page.file) }));

  it.each(Object.values(FORMS).map((form) => [form.id, form] as const))('%s: every field as defined, and no other', (_id, form) => {
    const holding = pages().filter((page) => servedForm(page.html, form.id));
    expect(holding.length, `a page serves the ${form.id} form`).toBeGreaterThan(0);
    for (const page of holding) {
      const controls = servedForm(page.html, form.id)!;
      for (const field of form.fields) {
        const named = controls.filter((c) => c.attrs.name === field.name);
        if (field.input === 'radio') {
          expect(
            named.map((c) => [c.attrs.type, c.attrs.value, 'checked' in c.attrs]),
            `${page.path} ${field.name}: one radio per value, the first chosen`,
          ).toEqual(field.values!.map((value, i) => ['radio', value, i === 0]));
          continue;
        }
        expect(named.map(served), `${page.path} ${field.name}`).toEqual([expected(form, field)]);
      }
      // Its group of fields is named, by an element of the page with text (an unnamed fieldset is announced as "group").
      const fieldset = new RegExp(`<form\\b[^>]*\\bid="form-${form.id}"[^>]*>\\s*<fieldset\\b[^>]*>`).exec(page.html)?.[0] ?? '';
      const name = attributes(fieldset)['aria-labelledby'];
      expect(name, `${page.path}: the ${form.id} form's fieldset is named`).toBeTruthy();
      expect(new RegExp(`\\bid="${name}"[^>]*>[^<]*\\w`).test(page.html), `${page.path}: #${name} has text`).toBe(true);
      // The spam trap is the one control the definition does not name (src/components/forms/SubmissionForm.tsx).
      const others = controls.map((c) => c.attrs.name).filter((name) => !form.fields.some((f) => f.name === name));
      expect(others, `${page.path}: controls no field of the definition names`).toEqual(['website']);
    }
  });
});
