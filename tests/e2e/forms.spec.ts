/**
 * The four forms against the built site, with Supabase answered by
 * page.route in the shapes PostgREST really sends: the exact request, success,
 * refusals, server errors, network failures and retries, the submitting state,
 * drafts across a reload, the honeypot, native validation and notices.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, hydrateByInteraction, waitForIsland } from './fixtures';
import { ANON_KEY, SUPABASE_URL, mockInsert, rest } from './supabase-mock';
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

const site = readSite('content');
const values = placeholderValues(site);
const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms;
const expertise = (readListItems('content', 'expertise') as { title: string }[]).map((e) => e.title);
const products = (readListItems('content', 'recruitmentProducts') as { title: string; domains: string[] }[]).map((p) => ({
  title: fillPlaceholders(p.title, values),
  domains: p.domains,
}));
/** Every typed field of a definition with its label and maxLength (the database bound, tested in tests/db). */
const boundsOf = (definition: FormDefinition, fields: Record<string, { label: string }>): [string, number][] =>
  definition.fields.filter((f) => f.maxLength && f.input !== 'select').map((f) => [fields[f.name].label, f.maxLength!]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface FormCase {
  key: 'contact' | 'demo' | 'careers' | 'product-team';
  path: string;
  formId: string;
  definition: FormDefinition;
  table: 'contact_submissions' | 'job_applications';
  copy: { submit: string; submitting: string; error: { title: string; text: string } };
  success: { title: string; text: string };
  fill(form: Locator): Promise<void>;
  /** The row expected on the wire, without the id. */
  expected: Record<string, unknown>;
  /** A field the draft test checks: its label and the value filled in. */
  sample: { label: string; value: string };
  /** Text fields and their database bounds (maxLength). */
  bounds: [label: string, max: number][];
}

const label = (form: Locator, text: string) => form.getByLabel(text, { exact: true });

const cases: FormCase[] = [
  {
    key: 'contact',
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
    },
    sample: { label: copy.contact.fields.lastName.label, value: 'Lovelace' },
    bounds: boundsOf(contactForm, copy.contact.fields),
  },
  {
    key: 'demo',
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
    },
    sample: { label: copy.demo.fields.company.label, value: 'Navy Labs' },
    bounds: boundsOf(demoForm, copy.demo.fields),
  },
  {
    key: 'careers',
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
    },
    sample: { label: copy.careers.fields.experience.label, value: '10+ years' },
    bounds: boundsOf(careersForm, copy.careers.fields),
  },
  {
    key: 'product-team',
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
    },
    sample: { label: copy['product-team'].fields.portfolio.label, value: 'https://example.org/alan' },
    bounds: boundsOf(productTeamForm, copy['product-team'].fields),
  },
];

/** Go to the form, start it as a visitor would (it hydrates on first interaction) and wait until it is ready. */
async function openForm(page: Page, c: FormCase) {
  await page.goto(c.path);
  const form = page.locator(`#${c.formId}`);
  await hydrateByInteraction(page, `#${c.formId}`);
  await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
  return form;
}

const notice = (page: Page, role: 'status' | 'alert', text: { title?: string; text: string }) =>
  page.getByRole(role).filter({ hasText: text.text });

const drafts = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('form-draft:')));

for (const c of cases) {
  test.describe(`${c.key} form (${c.path})`, () => {
    test.skip(({ isMobile }) => isMobile, 'behaviour tests on desktop; the phone smoke test is below');

    test('sends exactly the row of its definition with the anon key, then shows the success notice and clears the form', async ({
      page,
    }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      await form.getByRole('button', { name: c.copy.submit }).click();
      const success = notice(page, 'status', c.success);
      await expect(success).toBeVisible();
      await expect(success).toContainText(c.success.title);

      expect(mock.requests).toHaveLength(1);
      const request = mock.requests[0];
      expect(request.url()).toBe(`${SUPABASE_URL}/rest/v1/${c.table}`);
      expect(request.method()).toBe('POST');
      const headers = await request.allHeaders();
      expect(headers.apikey).toBe(ANON_KEY);
      expect(headers.authorization).toBe(`Bearer ${ANON_KEY}`);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['content-profile']).toBe('public');
      expect(headers.prefer, 'no return=representation: anon cannot read rows back').toBeUndefined();
      expect(request.postDataJSON()).toEqual({ id: expect.stringMatching(UUID), ...c.expected });

      await expect(label(form, c.sample.label)).toHaveValue('');
      expect(await drafts(page)).toEqual([]);
    });

    test.describe('refused by the database (4xx)', () => {
      test.use({ allowConsoleErrors: [/status of 400|could not be sent/] });
      test('shows the error notice and keeps every value', async ({ page }) => {
        const mock = await mockInsert(page, c.table, [rest.checkViolation(c.table, 'email')]);
        const form = await openForm(page, c);
        await c.fill(form);
        await form.getByRole('button', { name: c.copy.submit }).click();
        const alert = notice(page, 'alert', c.copy.error);
        await expect(alert).toBeVisible();
        await expect(alert).toContainText(c.copy.error.title);
        await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
        await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
        expect(mock.requests, 'a refusal is not retried').toHaveLength(1);
      });
    });

    test.describe('refused by the database throttle (429)', () => {
      test.use({ allowConsoleErrors: [/status of 429|could not be sent/] });
      test('shows the throttle notice once, sends nothing more, and keeps every value and the draft', async ({ page }) => {
        await page.clock.install();
        const mock = await mockInsert(page, c.table, [rest.throttled(540), rest.created]);
        let form = await openForm(page, c);
        await c.fill(form);
        await form.getByRole('button', { name: c.copy.submit }).click();
        const throttled = notice(page, 'alert', copy.common.throttled);
        await expect(throttled).toBeVisible();
        await expect(throttled).toContainText(copy.common.throttled.title);
        await expect(notice(page, 'alert', c.copy.error)).toHaveCount(0);
        // Not even the Retry-After it was given makes it send again.
        await page.clock.runFor(600_000);
        expect(mock.requests).toHaveLength(1);
        await expect(page.getByRole('alert').filter({ hasText: copy.common.throttled.text })).toHaveCount(0);
        await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
        await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
        expect(await drafts(page)).toEqual([`form-draft:${c.definition.id}`]);
        await page.reload();
        form = page.locator(`#${c.formId}`);
        await waitForIsland(page, `#${c.formId}`);
        await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
      });
    });

    test.describe('server error (5xx)', () => {
      test.use({ allowConsoleErrors: [/status of 500|could not be sent/] });
      test('shows the error notice, keeps the values and does not resend', async ({ page }) => {
        await page.clock.install();
        const mock = await mockInsert(page, c.table, [rest.serverError]);
        const form = await openForm(page, c);
        await c.fill(form);
        await form.getByRole('button', { name: c.copy.submit }).click();
        await expect(notice(page, 'alert', c.copy.error)).toBeVisible();
        await page.clock.runFor(60_000);
        expect(mock.requests).toHaveLength(1);
        await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
      });
    });

    test.describe('network failure', () => {
      test.use({ allowConsoleErrors: [/ERR_FAILED/] });
      test('is retried with the same row id, then succeeds', async ({ page }) => {
        const mock = await mockInsert(page, c.table, [rest.networkError, rest.created]);
        const form = await openForm(page, c);
        await c.fill(form);
        await form.getByRole('button', { name: c.copy.submit }).click();
        await expect(notice(page, 'status', c.success)).toBeVisible();
        expect(mock.requests).toHaveLength(2);
        const [first, second] = mock.bodies();
        expect(second).toEqual(first);
        expect(second.id).toMatch(UUID);
      });
    });

    test('shows "Submitting..." on a disabled button while sending, and a double submit sends once', async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      mock.hold();
      await form.evaluate((f: HTMLFormElement) => {
        f.requestSubmit();
        f.requestSubmit();
      });
      const busy = form.getByRole('button', { name: c.copy.submitting });
      await expect(busy).toBeDisabled();
      await busy.click({ force: true }).catch(() => {});
      await expect.poll(() => mock.requests.length).toBe(1);
      await expect(form).toHaveAttribute('aria-busy', 'true');
      mock.release();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
      expect(mock.requests).toHaveLength(1);
    });

    test('keeps a draft across a reload, and forgets it once sent', async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      let form = await openForm(page, c);
      await c.fill(form);
      await page.reload();
      form = page.locator(`#${c.formId}`);
      // A stored draft hydrates the form at once, without any interaction.
      await waitForIsland(page, `#${c.formId}`);
      await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
      await form.getByRole('button', { name: c.copy.submit }).click();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(mock.bodies()[0]).toEqual({ id: expect.stringMatching(UUID), ...c.expected });
      await page.reload();
      form = page.locator(`#${c.formId}`);
      await hydrateByInteraction(page, `#${c.formId}`);
      await expect(label(form, c.sample.label)).toHaveValue('');
    });

    test('a filled honeypot sends nothing but shows the normal success', async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
      await form.getByRole('button', { name: c.copy.submit }).click();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      await expect(label(form, c.sample.label)).toHaveValue('');
      expect(mock.requests).toHaveLength(0);
    });

    test('validates natively: nothing is sent while a required field is empty, or holds only spaces or invisible characters', async ({
      page,
    }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      const submit = form.getByRole('button', { name: c.copy.submit });
      await submit.click();
      expect(await form.locator(':invalid').count()).toBeGreaterThan(0);
      await c.fill(form);
      const required = [form.locator('input[required]').first(), ...(await form.locator('textarea[required]').all())];
      for (const field of required) {
        const before = await field.inputValue();
        for (const blank of ['   ', '\u200b\u00a0\u3000', '\n\t ']) {
          await field.fill(blank);
          await submit.click();
          await expect(field).toBeFocused();
          expect(await field.evaluate((el: HTMLInputElement) => el.validity.valid), JSON.stringify(blank)).toBe(false);
        }
        await field.fill(before);
      }
      expect(mock.requests).toHaveLength(0);
    });

    test("says the field's own message from content/forms.yaml for a value of the wrong form", async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      const fields = copy[c.key].fields as Record<string, { label: string; invalid?: string }>;
      const patterned = c.definition.fields.filter((f) => f.pattern);
      expect(patterned.length).toBeGreaterThan(0);
      const wrong: Record<string, string> = { email: 'ada at example', url: 'example.org/me', text: '\u200b', textarea: '\u200b\u2060' };
      for (const field of patterned) {
        const input = label(form, fields[field.name].label);
        const before = await input.inputValue();
        await input.fill(wrong[field.input]);
        await form.getByRole('button', { name: c.copy.submit }).click();
        expect(fields[field.name].invalid).toBeTruthy();
        expect(await input.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe(fields[field.name].invalid);
        await input.fill(before);
        expect(await input.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe('');
      }
      expect(mock.requests).toHaveLength(0);
    });

    test('has maxLength equal to the database bounds and passes axe', async ({ page }) => {
      const form = await openForm(page, c);
      for (const [text, max] of c.bounds) await expect(label(form, text)).toHaveAttribute('maxlength', String(max));
      const results = await new AxeBuilder({ page })
        .include(`#${c.formId}`)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations).toEqual([]);
    });
  });
}

test.describe('form pages', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop');

  test('the careers and product-team forms sit at #application-form', async ({ page }) => {
    await page.goto(`/join-${site.slug}#application-form`);
    await expect(page.locator('#application-form #form-careers')).toBeAttached();
    await page.goto('/product-teams#application-form');
    await expect(page.locator('#application-form #form-product-team')).toBeAttached();
  });

  test('the careers form offers the 13 expertise areas after an empty placeholder', async ({ page }) => {
    const form = await openForm(page, cases[2]);
    const options = label(form, copy.careers.fields.expertise.label).locator('option');
    // content/lists/expertise.yaml, in the file's (the specification's) order.
    await expect(options).toHaveText([copy.careers.fields.expertise.placeholder!, ...expertise]);
    await expect(options.first()).toHaveAttribute('value', '');
    expect(expertise).toHaveLength(13);
    await expect(label(form, copy.careers.fields.coverLetter.label)).toHaveAttribute('rows', '6');
    await expect(label(form, copy.careers.fields.portfolio.label)).toHaveAttribute('type', 'url');
    await expect(label(form, copy.careers.fields.experience.label)).toHaveAttribute('placeholder', 'e.g., 5 years, 2-3 years, 10+ years');
  });

  test('the product-team domain list follows the chosen product', async ({ page }) => {
    const form = await openForm(page, cases[3]);
    const f = copy['product-team'].fields;
    const domain = label(form, f.domain.label);
    await expect(domain.locator('option')).toHaveText([copy['product-team'].domainFirst]);
    await label(form, f.product.label).selectOption(products[1].title);
    await expect(domain.locator('option')).toHaveText([f.domain.placeholder!, ...products[1].domains]);
    await domain.selectOption(products[1].domains[0]);
    await label(form, f.product.label).selectOption(products[0].title);
    if (!products[0].domains.includes(products[1].domains[0])) await expect(domain).toHaveValue('');
    await expect(label(form, f.coverLetter.label)).toHaveAttribute('rows', '6');
  });

  test('a demo request of type contact is tagged [CONTACT] and thanked for the message', async ({ page }) => {
    const mock = await mockInsert(page, 'contact_submissions', [rest.created]);
    const form = await openForm(page, cases[1]);
    await form.getByRole('radio', { name: copy.demo.requestTypes.contact }).check();
    await cases[1].fill(form);
    await expect(label(form, copy.demo.fields.message.label)).toHaveAttribute('rows', '4');
    await form.getByRole('button', { name: copy.demo.submit }).click();
    await expect(notice(page, 'status', { text: copy.demo.success.contact })).toBeVisible();
    expect(mock.bodies()[0]).toMatchObject({ message: '[CONTACT] Show us the campaign agents.', status: 'new' });
    // On success the request type returns to demo, the default.
    await expect(form.getByRole('radio', { name: copy.demo.requestTypes.demo })).toBeChecked();
  });

  test('an e-mail without a dot in the domain and a non-web portfolio link are refused before sending', async ({ page }) => {
    const mock = await mockInsert(page, 'job_applications', [rest.created]);
    const form = await openForm(page, cases[2]);
    await cases[2].fill(form);
    const email = label(form, copy.careers.fields.email.label);
    await email.fill('katherine@nasa');
    await form.getByRole('button', { name: copy.careers.submit }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await email.fill('katherine@example.com');
    const portfolio = label(form, copy.careers.fields.portfolio.label);
    await portfolio.fill('javascript:alert(1)');
    await form.getByRole('button', { name: copy.careers.submit }).click();
    expect(await portfolio.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    expect(mock.requests).toHaveLength(0);
  });

  test.describe('retries', () => {
    test.use({ allowConsoleErrors: [/ERR_FAILED|status of 409|status of 429|could not be sent/] });

    test('back off 1 s, 2 s, 4 s, then show the error notice after the 4th failed attempt', async ({ page }) => {
      await page.clock.install();
      const mock = await mockInsert(page, 'contact_submissions', [rest.networkError]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      // From here on, page time moves only when the test moves it.
      await page.clock.pauseAt(Date.now() + 5_000);
      await form.getByRole('button', { name: copy.contact.submit }).click();
      for (const [attempt, wait] of [
        [1, 1000],
        [2, 2000],
        [3, 4000],
      ] as const) {
        await expect.poll(() => mock.requests.length).toBe(attempt);
        await page.clock.runFor(wait - 50);
        expect(mock.requests.length, `no retry before ${wait} ms`).toBe(attempt);
        await expect(form.getByRole('button', { name: copy.contact.submitting })).toBeDisabled();
        await page.clock.runFor(50);
      }
      await expect.poll(() => mock.requests.length).toBe(4);
      await expect(notice(page, 'alert', copy.contact.error)).toBeVisible();
      await expect(label(form, copy.contact.fields.firstName.label)).toHaveValue('Ada');
      expect(new Set(mock.bodies().map((b) => b.id)).size, 'every attempt carries the same row id').toBe(1);
    });

    test("another 429 (not the throttle's) is retried after the Retry-After it gives, then succeeds", async ({ page }) => {
      await page.clock.install();
      const mock = await mockInsert(page, 'contact_submissions', [rest.gatewayRateLimited(3), rest.created]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      await page.clock.pauseAt(Date.now() + 5_000);
      await form.getByRole('button', { name: copy.contact.submit }).click();
      await expect.poll(() => mock.requests.length).toBe(1);
      await page.clock.runFor(2_950);
      expect(mock.requests.length, 'no retry before Retry-After (3 s), although the back-off would have retried after 1 s').toBe(1);
      await page.clock.runFor(50);
      await expect.poll(() => mock.requests.length).toBe(2);
      await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
      expect(new Set(mock.bodies().map((b) => b.id)).size).toBe(1);
    });

    test('a duplicate-key answer to a retry means the row is already stored: success', async ({ page }) => {
      const mock = await mockInsert(page, 'job_applications', [rest.networkError, rest.duplicate('job_applications')]);
      const form = await openForm(page, cases[2]);
      await cases[2].fill(form);
      await form.getByRole('button', { name: copy.careers.submit }).click();
      await expect(notice(page, 'status', copy.careers.success)).toBeVisible();
      expect(mock.requests).toHaveLength(2);
    });
  });

  test.describe('notices', () => {
    test.use({ allowConsoleErrors: [/status of 401|could not be sent/] });

    test('errors are alerts; at most 3 are visible; each goes after 4 seconds', async ({ page }) => {
      await page.clock.install();
      const mock = await mockInsert(page, 'contact_submissions', [rest.rlsRefused('contact_submissions')]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      await page.clock.pauseAt(Date.now() + 5_000);
      const submit = form.getByRole('button', { name: copy.contact.submit });
      const alerts = page.getByRole('alert').filter({ hasText: copy.contact.error.text });
      for (let i = 1; i <= 4; i++) {
        await submit.click();
        await expect.poll(() => mock.requests.length).toBe(i);
        await expect(submit).toBeEnabled();
        await expect(alerts).toHaveCount(Math.min(i, 3));
      }
      await expect(alerts.first()).toHaveAttribute('aria-live', 'assertive');
      await page.clock.runFor(3900);
      await expect(alerts).toHaveCount(3);
      // Shown 4 s, then a short exit before the notice leaves the page.
      await page.clock.runFor(1200);
      await expect(alerts).toHaveCount(0);
    });
  });

  test("a visitor who types before the form's script has arrived loses no character and no focus", async ({ page }) => {
    const mock = await mockInsert(page, 'contact_submissions', [rest.created]);
    // A slow connection: every script of the site arrives 1.5 s late.
    let delayed = 0;
    await page.route('**/_astro/**/*.js', async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/contact');
    const form = page.locator('#form-contact');
    const island = page.locator('astro-island:has(#form-contact)');
    const f = copy.contact.fields;
    await label(form, f.firstName.label).click();
    await page.keyboard.type('Ada', { delay: 30 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('Love', { delay: 30 });
    // Still the server HTML: the script is on its way.
    await expect(island).toHaveAttribute('ssr', '');
    await waitForIsland(page, '#form-contact');
    expect(delayed).toBeGreaterThan(0);
    await expect(label(form, f.lastName.label)).toBeFocused();
    await page.keyboard.type('lace');
    await expect(label(form, f.firstName.label)).toHaveValue('Ada');
    await expect(label(form, f.lastName.label)).toHaveValue('Lovelace');
    await label(form, f.email.label).fill('ada@example.com');
    await label(form, f.message.label).fill('Typed early.');
    await form.getByRole('button', { name: copy.contact.submit }).click();
    await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
    expect(mock.bodies()[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'Typed early.' });
  });

  test('the whole contact form can be filled and sent with the keyboard', async ({ page }) => {
    const mock = await mockInsert(page, 'contact_submissions', [rest.created]);
    const form = await openForm(page, cases[0]);
    const f = copy.contact.fields;
    await label(form, f.firstName.label).focus();
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await expect(label(form, f.lastName.label)).toBeFocused();
    expect(await label(form, f.lastName.label).evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    await page.keyboard.type('Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Analytical Engines');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hello from the keyboard.');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: copy.contact.submit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
    // Focus comes back to the button after sending, so the keyboard user keeps their place.
    await expect(form.getByRole('button', { name: copy.contact.submit })).toBeFocused();
    expect(mock.bodies()[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Analytical Engines',
      message: 'Hello from the keyboard.',
    });
  });

  test('form pages load no sign-in code, and the form JavaScript only when the visitor turns to the form', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/join-${site.slug}`);
    await page.locator('#form-careers').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#form-careers')).toBeInViewport();
    expect(
      scripts.filter((s) => /CareersForm/.test(s)),
      'no form JavaScript until the visitor turns to the form',
    ).toEqual([]);
    await hydrateByInteraction(page, '#form-careers');
    expect(scripts.some((s) => /CareersForm/.test(s))).toBe(true);
    expect(scripts.filter((s) => /SignInCard|auth/i.test(s))).toEqual([]);
    await page.goto('/contact');
    await hydrateByInteraction(page, '#form-contact');
    expect(scripts.some((s) => /ContactForm/.test(s))).toBe(true);
    expect(scripts.filter((s) => /SignInCard|auth/i.test(s))).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone only');
  for (const c of cases) {
    test(`the ${c.key} form can be filled and sent`, async ({ page }) => {
      const mock = await mockInsert(page, c.table, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      await form.getByRole('button', { name: c.copy.submit }).tap();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(mock.bodies()[0]).toEqual({ id: expect.stringMatching(UUID), ...c.expected });
    });
  }
});
