/**
 * The four forms, filled and sent as a visitor does, against the local
 * Supabase stub: the stub must receive exactly one insert into the form's
 * table, with the anon key and exactly the row the form stands for (accents
 * included), and the visitor sees the success notice and an empty form.
 * Labels and notices come from content/forms.yaml.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect, SCRIPTS_GONE } from './fixtures';
import { ANON_KEY } from '../support/supabase/project';
import { rest } from '../support/supabase/answers';
import { readSite } from '../../src/lib/content/read';
import { fill as fillPlaceholders, placeholderValues } from '../../src/lib/content/placeholders';
import { readListItems } from '../../src/lib/content/read';
import type { FormsCopy } from '../../src/lib/content/schemas';
import { waitFor } from './page';
import { PHONE, type Tab } from './tab';

const site = readSite('content');
const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms;
const expertise = (readListItems('content', 'expertise') as { title: string }[]).map((e) => e.title);
const product = (readListItems('content', 'recruitmentProducts') as { title: string; domains: string[] }[]).map((p) => ({
  title: fillPlaceholders(p.title, placeholderValues(site)),
  domain: p.domains.at(-1)!,
}))[0];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Field = [label: string, value: string, kind?: 'select'];

/** Where a lead came from when the visit landed on the form's page: that page, both times. */
const landedOn = (path: string) => ({ sent_from: path, landing_page: path });

interface FormCase {
  name: string;
  path: string;
  /** The query of the landing (a campaign's utm_*), on the form's page. */
  query?: string;
  formId: string;
  table: 'contact_submissions' | 'job_applications';
  fields: Field[];
  success: string;
  expected: Record<string, unknown>;
  /** What the landing adds to the row beyond the page sent from and landed on (the form's). */
  source?: Record<string, string>;
}

const cases: FormCase[] = [
  {
    name: 'contact',
    path: '/contact',
    query: '?utm_source=newsletter&utm_medium=e-mail&utm_campaign=R%C3%BCckkehr',
    formId: 'form-contact',
    table: 'contact_submissions',
    fields: [
      [copy.contact.fields.firstName.label, 'Ada'],
      [copy.contact.fields.lastName.label, 'Ngũyen'],
      [copy.contact.fields.email.label, 'ada@example.com'],
      [copy.contact.fields.message.label, 'Können Sie uns helfen?'],
    ],
    success: copy.contact.success.text,
    expected: { first_name: 'Ada', last_name: 'Ngũyen', email: 'ada@example.com', company: null, message: 'Können Sie uns helfen?' },
    source: { utm_source: 'newsletter', utm_medium: 'e-mail', utm_campaign: 'Rückkehr' },
  },
  {
    name: 'demo',
    path: '/advertising',
    formId: 'form-demo',
    table: 'contact_submissions',
    fields: [
      [copy.demo.fields.firstName.label, 'Grace'],
      [copy.demo.fields.lastName.label, 'Hopper'],
      [copy.demo.fields.email.label, 'grace@example.com'],
      [copy.demo.fields.company.label, 'Navy Labs'],
      [copy.demo.fields.message.label, 'Show us the campaign agents.'],
    ],
    success: copy.demo.success.demo,
    expected: {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy Labs',
      message: '[DEMO REQUEST] Show us the campaign agents.',
      status: 'new',
    },
  },
  {
    name: 'careers',
    path: `/join-${site.slug}`,
    formId: 'form-careers',
    table: 'job_applications',
    fields: [
      [copy.careers.fields.name.label, 'Katherine Johnson'],
      [copy.careers.fields.email.label, 'katherine@example.com'],
      [copy.careers.fields.expertise.label, expertise.at(-1)!, 'select'],
      [copy.careers.fields.experience.label, '10+ years'],
      [copy.careers.fields.coverLetter.label, 'I love orbital mechanics.'],
    ],
    success: copy.careers.success.text,
    expected: {
      full_name: 'Katherine Johnson',
      email: 'katherine@example.com',
      expertise: expertise.at(-1),
      experience: '10+ years',
      portfolio_url: null,
      cover_letter: 'I love orbital mechanics.',
    },
  },
  {
    name: 'product team',
    path: '/product-teams',
    formId: 'form-product-team',
    table: 'job_applications',
    fields: [
      [copy['product-team'].fields.name.label, 'Alan Turing'],
      [copy['product-team'].fields.email.label, 'alan@example.org'],
      [copy['product-team'].fields.product.label, product.title, 'select'],
      // Its options follow the product once the island runs; before, every product's domains are listed.
      [copy['product-team'].fields.domain.label, product.domain, 'select'],
      [copy['product-team'].fields.experience.label, '5 years'],
      [copy['product-team'].fields.portfolio.label, 'https://example.org/alan'],
      [copy['product-team'].fields.coverLetter.label, 'This product matters to me.'],
    ],
    success: copy['product-team'].success.text,
    expected: {
      full_name: 'Alan Turing',
      email: 'alan@example.org',
      expertise: `${product.title} - ${product.domain}`,
      experience: '5 years',
      portfolio_url: 'https://example.org/alan',
      cover_letter: 'This product matters to me.',
    },
  },
];

/** The CSS selector of the field labelled exactly `label` in the form. */
async function fieldOf(tab: Tab, formId: string, label: string): Promise<string> {
  const id = await tab.evaluate(
    ([form, text]) =>
      [...document.querySelectorAll<HTMLLabelElement>(`#${form} label`)].find((l) => l.textContent?.trim() === text)?.htmlFor ?? '',
    [formId, label] as const,
  );
  if (!id) throw new Error(`no field labelled "${label}" in #${formId}`);
  return `#${id}`;
}

test.use({ windowSize: PHONE });

for (const c of cases) {
  test(`${c.name} form (${c.path}) sends exactly its row to Supabase and thanks the visitor`, async ({ tab, supabase, site: served }) => {
    supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
    await tab.goto(`${c.path}${c.query ?? ''}`);
    // The visitor types straight away: the first field's focus starts the island, and what is typed
    // before it runs is taken over. The submit button works once it runs.
    for (const [label, value, kind] of c.fields) {
      const field = await fieldOf(tab, c.formId, label);
      if (kind === 'select') await tab.select(field, value);
      else await tab.fill(field, value);
    }
    await tab.click(`#${c.formId} button[type="submit"]:not([disabled])`);
    await waitFor(
      tab,
      'the success notice',
      (text) => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(text)),
      c.success,
    );

    expect(supabase.received.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /rest/v1/${c.table}`]);
    const [insert] = supabase.received;
    expect(insert.query).toEqual({});
    expect(insert.headers.apikey).toBe(ANON_KEY);
    expect(insert.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
    expect(insert.headers['content-type']).toBe('application/json');
    expect(insert.headers['content-profile']).toBe('public');
    expect(insert.headers.prefer, 'no return=representation: anon cannot read rows back').toBeUndefined();
    expect(insert.headers.origin).toBe(served.origin);
    expect(insert.body).toEqual({ id: expect.stringMatching(UUID), ...c.expected, ...landedOn(c.path), ...c.source });

    const first = await fieldOf(tab, c.formId, c.fields[0][0]);
    await waitFor(tab, 'the form to be cleared', (selector) => (document.querySelector(selector) as HTMLInputElement).value === '', first);
  });
}

test.describe('published while the page is open (tests/support/deploy.ts)', () => {
  test.use({ allowProblems: [SCRIPTS_GONE] });

  for (const c of cases) {
    test(`${c.name} form: the press reloads the page once, what was typed comes back and is sent once`, async ({
      tab,
      supabase,
      site: served,
    }) => {
      supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
      // A deploy whose scripts this browser has never cached, then the next one while the page is open.
      served.deploy();
      await tab.goto(c.path);
      served.deploy();
      for (const [label, value, kind] of c.fields) {
        const field = await fieldOf(tab, c.formId, label);
        if (kind === 'select') await tab.select(field, value);
        else await tab.fill(field, value);
      }
      await tab.click(`#${c.formId} button[type="submit"]`);
      await waitFor(
        tab,
        'the success notice',
        (text) => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(text)),
        c.success,
      );

      expect(served.log.filter((r) => r.url === c.path).length, 'one reload').toBe(2);
      expect(
        served.log.some((r) => r.status === 404 && r.url.startsWith('/_astro/')),
        'the old scripts were gone',
      ).toBe(true);
      expect(supabase.received.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /rest/v1/${c.table}`]);
      expect(supabase.received[0].body).toEqual({ id: expect.stringMatching(UUID), ...c.expected, ...landedOn(c.path) });
    });
  }
});
