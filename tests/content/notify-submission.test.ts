/**
 * The notify-submission Edge Function tells the four forms apart by how their
 * rows are built, with the form definitions' data (supabase/functions/_shared/form-definitions.ts).
 * These tests feed it the rows the form definitions build, so a form it would
 * misread, or a content list entry that would be misread, fails here.
 * The function's own behaviour is tested in Deno (`npm run test:functions`).
 */
import { describe, it, expect } from 'vitest';
import { newRowId, toRow, type FormDefinition } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { EXPERTISE_SEPARATOR, productTeamForm } from '../../src/lib/forms/product-team';
import type { FormId } from '../../supabase/functions/_shared/form-definitions';
import { buildMessage } from '../../supabase/functions/notify-submission/message';
import { parsePayload } from '../../supabase/functions/notify-submission/payload';
import { readListItems } from '../../src/lib/content/read';
import type { ListName } from '../../src/lib/content/lists';

/** A form's row as the database webhook delivers it after the insert. */
function delivered(form: FormDefinition, values: Record<string, string>) {
  const row = toRow(form, values, newRowId());
  const parsed = parsePayload({
    type: 'INSERT',
    schema: 'public',
    table: form.table,
    record: { ...row, created_at: '2026-11-25T10:00:00+00:00' },
    old_record: null,
  });
  if (!parsed.ok) throw new Error(parsed.reason);
  return buildMessage(parsed.submission);
}

const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: '', message: 'Hello.' };
const application = { name: 'Grace Hopper', email: 'grace@example.com', experience: '10 years', portfolio: '', coverLetter: 'Hi.' };
const list = (name: ListName) => readListItems('content', name) as { title: string; domains?: string[] }[];

describe("notify-submission reads the forms' rows", () => {
  it.each<[string, FormId, () => ReturnType<typeof delivered>]>([
    ['contact form', 'contact', () => delivered(contactForm, contact)],
    ['demo form, demo', 'demo', () => delivered(demoForm, { ...contact, requestType: 'demo' })],
    ['demo form, contact', 'demo', () => delivered(demoForm, { ...contact, requestType: 'contact' })],
    ['careers form', 'careers', () => delivered(careersForm, { ...application, expertise: 'Cybersecurity' })],
    [
      'product-team form',
      'product-team',
      () => delivered(productTeamForm, { ...application, product: 'Newsbox', domain: 'Data Science & Analytics' }),
    ],
  ])('tells the %s apart, by the id the form definitions give it', (_form, kind, message) => {
    expect(message().kind).toBe(kind);
  });

  it("shows the demo form's request type instead of its tag, and product and domain apart", () => {
    const demo = delivered(demoForm, { ...contact, requestType: 'contact' }).fields;
    expect(demo).toContainEqual(['Message', 'Hello.']);
    expect(demo[0][1]).not.toBe('contact'); // the option's label, not its value
    expect(JSON.stringify(demo)).not.toContain('[CONTACT]');
    const fields = delivered(productTeamForm, { ...application, product: 'Newsbox', domain: 'Data Science & Analytics' }).fields;
    expect(fields).toContainEqual([expect.any(String), 'Newsbox']);
    expect(fields).toContainEqual([expect.any(String), 'Data Science & Analytics']);
  });

  it('no expertise area or recruited product contains the separator (it would be misread)', () => {
    const titles = [...list('expertise').map((e) => e.title), ...list('recruitmentProducts').map((p) => p.title)];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles.filter((title) => title.includes(EXPERTISE_SEPARATOR))).toEqual([]);
  });
});
