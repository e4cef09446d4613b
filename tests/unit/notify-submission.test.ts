/**
 * The notify-submission Edge Function tells the four forms apart by how their
 * rows are built (supabase/functions/notify-submission/message.ts). These
 * tests feed it the rows the form definitions build, so a change to a form's
 * tag or separator, or a content list entry that would be misread, fails here.
 * The function's own behaviour is tested in Deno (`npm run test:functions`).
 */
import { describe, it, expect } from 'vitest';
import { newRowId, toRow, type FormDefinition } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm, REQUEST_TAGS } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';
import {
  buildMessage,
  CONTACT_TAG,
  DEMO_TAG,
  PRODUCT_DOMAIN_SEPARATOR,
  type Kind,
} from '../../supabase/functions/notify-submission/message';
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
  it('uses the same demo tags as the demo form', () => {
    expect([DEMO_TAG, CONTACT_TAG]).toEqual([REQUEST_TAGS.demo, REQUEST_TAGS.contact]);
  });

  it.each<[string, Kind, () => ReturnType<typeof delivered>]>([
    ['contact form', 'contact', () => delivered(contactForm, contact)],
    ['demo form, demo', 'demo', () => delivered(demoForm, { ...contact, requestType: 'demo' })],
    ['demo form, contact', 'contact', () => delivered(demoForm, { ...contact, requestType: 'contact' })],
    ['careers form', 'careers', () => delivered(careersForm, { ...application, expertise: 'Cybersecurity' })],
    [
      'product-team form',
      'productTeam',
      () => delivered(productTeamForm, { ...application, product: 'Newsbox', domain: 'Data Science & Analytics' }),
    ],
  ])('tells the %s apart', (_form, kind, message) => {
    expect(message().kind).toBe(kind);
  });

  it("shows the message without the demo form's tag, and product and domain apart", () => {
    expect(delivered(demoForm, { ...contact, requestType: 'demo' }).fields).toContainEqual(['Message', 'Hello.']);
    const fields = delivered(productTeamForm, { ...application, product: 'Newsbox', domain: 'Data Science & Analytics' }).fields;
    expect(fields).toContainEqual(['Product', 'Newsbox']);
    expect(fields).toContainEqual(['Domain', 'Data Science & Analytics']);
  });

  it('no expertise area or recruited product contains the separator (it would be misread)', () => {
    const titles = [...list('expertise').map((e) => e.title), ...list('recruitmentProducts').map((p) => p.title)];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles.filter((title) => title.includes(PRODUCT_DOMAIN_SEPARATOR))).toEqual([]);
  });
});
