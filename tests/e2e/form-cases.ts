/**
 * The four forms as the browser tests drive them: where each lives, how a
 * visitor fills it, the row it must send, and its copy (content/forms.yaml).
 * Shared by forms.spec.ts and early-interaction.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, hydrateByInteraction, waitForReady } from './fixtures';
import { readSite } from '../../src/lib/content/read';
import { fill as fillPlaceholders, placeholderValues } from '../../src/lib/content/placeholders';
import type { FormDefinition } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';
import type { FormsCopy } from '../../src/lib/content/schemas';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { readListItems } from '../../src/lib/content/read';

export const site = readSite('content');
export const values = placeholderValues(site);
export const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms;
export const expertise = (readListItems('content', 'expertise') as { title: string }[]).map((e) => e.title);
export const products = (readListItems('content', 'recruitmentProducts') as { title: string; domains: string[] }[]).map((p) => ({
  title: fillPlaceholders(p.title, values),
  domains: p.domains,
}));
/** Every typed field of a definition with its label and maxLength (the database bound, tested in tests/db). */
const boundsOf = (definition: FormDefinition, fields: Record<string, { label: string }>): [string, number][] =>
  definition.fields.filter((f) => f.maxLength && f.input !== 'select').map((f) => [fields[f.name].label, f.maxLength!]);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface FormCase {
  key: 'contact' | 'demo' | 'careers' | 'product-team';
  /** Its island component: its script is /_astro/<component>.<hash>.js. */
  component: string;
  path: string;
  formId: string;
  definition: FormDefinition;
  table: 'contact_submissions' | 'job_applications';
  copy: { submit: string; submitting: string; error: { title: string; text: string } };
  success: { title: string; text: string };
  fill(form: Locator): Promise<void>;
  /**
   * The row expected on the wire, without the id, when the visit landed on the form's page with
   * nothing to say where from: the page sent from and the landing page are the form's.
   */
  expected: Record<string, unknown>;
  /** A field the draft test checks: its label and the value filled in. */
  sample: { label: string; value: string };
  /** Text fields and their database bounds (maxLength). */
  bounds: [label: string, max: number][];
}

export const label = (form: Locator, text: string) => form.getByLabel(text, { exact: true });

export const cases: FormCase[] = [
  {
    key: 'contact',
    component: 'ContactForm',
    definition: contactForm,
    path: '/contact',
    formId: 'form-contact',
    table: 'contact_submissions',
    copy: copy.contact,
    success: copy.contact.success,
    async fill(form) {
      const f = copy.contact.fields;
      await label(form, f.firstName.label).fill('Ada');
      await label(form, f.lastName.label).fill('Lovelace');
      await label(form, f.email.label).fill('ada@example.com');
      await label(form, f.message.label).fill('We would like to automate our support desk.');
    },
    expected: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      message: 'We would like to automate our support desk.',
      sent_from: '/contact',
      landing_page: '/contact',
    },
    sample: { label: copy.contact.fields.lastName.label, value: 'Lovelace' },
    bounds: boundsOf(contactForm, copy.contact.fields),
  },
  {
    key: 'demo',
    component: 'DemoForm',
    definition: demoForm,
    path: '/advertising',
    formId: 'form-demo',
    table: 'contact_submissions',
    copy: copy.demo,
    success: { title: copy.demo.success.title, text: copy.demo.success.demo },
    async fill(form) {
      const f = copy.demo.fields;
      await label(form, f.firstName.label).fill('Grace');
      await label(form, f.lastName.label).fill('Hopper');
      await label(form, f.email.label).fill('grace@example.com');
      await label(form, f.company.label).fill('Navy Labs');
      await label(form, f.message.label).fill('Show us the campaign agents.');
    },
    expected: {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy Labs',
      message: '[DEMO REQUEST] Show us the campaign agents.',
      status: 'new',
      sent_from: '/advertising',
      landing_page: '/advertising',
    },
    sample: { label: copy.demo.fields.company.label, value: 'Navy Labs' },
    bounds: boundsOf(demoForm, copy.demo.fields),
  },
  {
    key: 'careers',
    component: 'CareersForm',
    definition: careersForm,
    path: `/join-${site.slug}`,
    formId: 'form-careers',
    table: 'job_applications',
    copy: copy.careers,
    success: copy.careers.success,
    async fill(form) {
      const f = copy.careers.fields;
      await label(form, f.name.label).fill('Katherine Johnson');
      await label(form, f.email.label).fill('katherine@example.com');
      await label(form, f.expertise.label).selectOption('Data Science & Analytics');
      await label(form, f.experience.label).fill('10+ years');
      await label(form, f.coverLetter.label).fill('I love orbital mechanics.');
    },
    expected: {
      full_name: 'Katherine Johnson',
      email: 'katherine@example.com',
      expertise: 'Data Science & Analytics',
      experience: '10+ years',
      portfolio_url: null,
      cover_letter: 'I love orbital mechanics.',
      sent_from: `/join-${site.slug}`,
      landing_page: `/join-${site.slug}`,
    },
    sample: { label: copy.careers.fields.experience.label, value: '10+ years' },
    bounds: boundsOf(careersForm, copy.careers.fields),
  },
  {
    key: 'product-team',
    component: 'ProductTeamForm',
    definition: productTeamForm,
    path: '/product-teams',
    formId: 'form-product-team',
    table: 'job_applications',
    copy: copy['product-team'],
    success: copy['product-team'].success,
    async fill(form) {
      const f = copy['product-team'].fields;
      await label(form, f.name.label).fill('Alan Turing');
      await label(form, f.email.label).fill('alan@example.org');
      await label(form, f.product.label).selectOption(products[0].title);
      await label(form, f.domain.label).selectOption(products[0].domains[0]);
      await label(form, f.experience.label).fill('5 years');
      await label(form, f.portfolio.label).fill('https://example.org/alan');
      await label(form, f.coverLetter.label).fill('This product matters to me.');
    },
    expected: {
      full_name: 'Alan Turing',
      email: 'alan@example.org',
      expertise: `${products[0].title} - ${products[0].domains[0]}`,
      experience: '5 years',
      portfolio_url: 'https://example.org/alan',
      cover_letter: 'This product matters to me.',
      sent_from: '/product-teams',
      landing_page: '/product-teams',
    },
    sample: { label: copy['product-team'].fields.portfolio.label, value: 'https://example.org/alan' },
    bounds: boundsOf(productTeamForm, copy['product-team'].fields),
  },
];

/**
 * Go to the form, start it as a visitor would (it hydrates on first interaction) and wait until it is ready.
 * `landing` lands on the form's page with a query and from another site, as a campaign's visitor does.
 */
export async function openForm(page: Page, c: FormCase, landing: { query?: string; referer?: string } = {}) {
  await page.goto(`${c.path}${landing.query ?? ''}`, { referer: landing.referer });
  await hydrateByInteraction(page, `#${c.formId}`);
  await waitForReady(page, `#${c.formId}`);
  return page.locator(`#${c.formId}`);
}

export const notice = (page: Page, role: 'status' | 'alert', text: { title?: string; text: string }) =>
  page.getByRole(role).filter({ hasText: text.text });

/** The message tied to a control by aria-describedby, which must say `text`. */
export async function expectInlineError(page: Page, control: Locator, text: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await control.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(text);
  await expect(control).toHaveAccessibleDescription(text);
}
