/**
 * The four forms against the built site, with Supabase answered by
 * page.route in the shapes PostgREST really sends: the exact request, success,
 * refusals, server errors, network failures and retries, the submitting state,
 * drafts across a reload, the honeypot, the field checks with their inline
 * messages, and notices.
 */
import { axe, describeViolations } from './checks/axe';
import { compareState } from './checks/look';
import type { Page } from '@playwright/test';
import { test, expect, holdScript, hydrateByInteraction, recordWaits, waitForIsland } from './fixtures';
import { ANON_KEY } from '../support/supabase/project';
import { rest } from '../support/supabase/answers';
import {
  UUID,
  cases,
  copy,
  type FormCase,
  expectInlineError,
  expertise,
  label,
  notice,
  openForm,
  products,
  site,
  values,
} from './form-cases';
import { fill as fillPlaceholders } from '../../src/lib/content/placeholders';
import { throttledNotice } from '../../src/lib/forms/retry-wait';

const CAMPAIGN_QUERY = '?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20launch&gclid=x1';
const CAMPAIGN_SOURCE = {
  referrer_origin: 'https://www.linkedin.com',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring launch',
};

/**
 * What SubmissionForm (src/components/forms/) does alike for every form is tried on one form each, a
 * different form for each, so every form carries one: a form is a definition handed to it
 * (src/components/islands/*Form.tsx). What a definition changes (its row, required and patterned fields,
 * bounds, its notices and submitting state as pictured, the draft of its controls) is tried on every form.
 */
const SHARED_BEHAVIOURS = ['throttle', 'server error', 'network failure', 'honeypot'] as const;
const triesShared = (c: FormCase, behaviour: (typeof SHARED_BEHAVIOURS)[number]) =>
  cases[SHARED_BEHAVIOURS.indexOf(behaviour) % cases.length] === c;

const drafts = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('form-draft:')));

for (const c of cases) {
  test.describe(`${c.key} form (${c.path})`, () => {
    test('sends exactly the row of its definition and where the lead came from, with the anon key, then shows the success notice and clears the form', async ({
      page,
      supabase,
    }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
      // A campaign's visitor: the landing page's utm_* and the referring site's origin go with the row.
      const form = await openForm(page, c, { query: CAMPAIGN_QUERY, referer: 'https://www.linkedin.com/feed/?trk=abc' });
      await c.fill(form);
      await form.getByRole('button', { name: c.copy.submit }).click();
      const success = notice(page, 'status', c.success);
      await expect(success).toBeVisible();
      await expect(success).toContainText(c.success.title);
      // The whole notice: its icon, its words and, for a failure, its dismiss button.
      await compareState(page, `${c.key}-sent`, success.locator('xpath=..'));

      expect(insert.requests).toHaveLength(1);
      const [request] = insert.requests;
      expect(request.call).toBe(`POST /rest/v1/${c.table}`);
      const headers = request.headers;
      expect(headers.apikey).toBe(ANON_KEY);
      expect(headers.authorization).toBe(`Bearer ${ANON_KEY}`);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['content-profile']).toBe('public');
      expect(headers.prefer, 'no return=representation: anon cannot read rows back').toBeUndefined();
      expect(request.body).toEqual({ id: expect.stringMatching(UUID), ...c.expected, ...CAMPAIGN_SOURCE });

      await expect(label(form, c.sample.label)).toHaveValue('');
      expect(await drafts(page)).toEqual([]);
    });

    test.describe('refused by the database (4xx)', () => {
      test.use({ allowConsoleErrors: [/status of 400|could not be sent/] });
      test('shows the error notice and keeps every value', async ({ page, supabase }) => {
        const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.checkViolation(c.table, 'email')]);
        const form = await openForm(page, c);
        await c.fill(form);
        await form.getByRole('button', { name: c.copy.submit }).click();
        const alert = notice(page, 'alert', c.copy.error);
        await expect(alert).toBeVisible();
        await expect(alert).toContainText(c.copy.error.title);
        await compareState(page, `${c.key}-refused`, alert.locator('xpath=..'));
        await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
        await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
        expect(insert.requests, 'a refusal is not retried').toHaveLength(1);
      });
    });

    if (triesShared(c, 'throttle'))
      test.describe('refused by the database throttle (429)', () => {
        test.use({ allowConsoleErrors: [/status of 429|could not be sent/] });
        test('shows the throttle notice once, sends nothing more, and keeps every value and the draft', async ({ page, supabase }) => {
          await page.clock.install();
          const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.throttled(540), rest.created]);
          let form = await openForm(page, c);
          await c.fill(form);
          await form.getByRole('button', { name: c.copy.submit }).click();
          // During a flood a real visitor is refused too: the notice says when to try again (Retry-After: 540 s)
          // and names the address to write to instead.
          const refusal = throttledNotice(copy.common.throttled, 540_000);
          const throttledCopy = { ...refusal, text: fillPlaceholders(refusal.text, values) };
          expect(throttledCopy.text).toContain(site.email.support);
          expect(throttledCopy.text).toContain('in 9 minutes');
          const throttled = notice(page, 'alert', throttledCopy);
          await expect(throttled).toBeVisible();
          await expect(throttled).toContainText(copy.common.throttled.title);
          await expect(notice(page, 'alert', c.copy.error)).toHaveCount(0);
          // Not even the Retry-After it was given makes it send again.
          await page.clock.runFor(600_000);
          expect(insert.requests).toHaveLength(1);
          // It asks the visitor to wait, so it stays until they dismiss it or act.
          await expect(throttled).toBeVisible();
          await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
          await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
          expect(await drafts(page)).toEqual([`form-draft:${c.definition.id}`]);
          await page.reload();
          form = page.locator(`#${c.formId}`);
          await waitForIsland(page, `#${c.formId}`);
          await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
        });
      });

    if (triesShared(c, 'server error'))
      test.describe('server error (5xx)', () => {
        test.use({ allowConsoleErrors: [/status of 500|could not be sent/] });
        test('shows the error notice, keeps the values and does not resend', async ({ page, supabase }) => {
          await page.clock.install();
          const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.serverError]);
          const form = await openForm(page, c);
          await c.fill(form);
          await form.getByRole('button', { name: c.copy.submit }).click();
          await expect(notice(page, 'alert', c.copy.error)).toBeVisible();
          await page.clock.runFor(60_000);
          expect(insert.requests).toHaveLength(1);
          await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
        });
      });

    if (triesShared(c, 'network failure'))
      test.describe('network failure', () => {
        test.use({ allowConsoleErrors: [/ERR_FAILED/] });
        test('is retried with the same row id, then succeeds', async ({ page, supabase }) => {
          await page.clock.install();
          const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.networkError, rest.created]);
          const form = await openForm(page, c);
          await c.fill(form);
          await form.getByRole('button', { name: c.copy.submit }).click();
          // The back-off's second, on the page's clock.
          await expect.poll(() => insert.requests.length).toBe(1);
          await page.clock.runFor(1000);
          await expect(notice(page, 'status', c.success)).toBeVisible();
          expect(insert.requests).toHaveLength(2);
          const [first, second] = insert.bodies();
          expect(second).toEqual(first);
          expect(second.id).toMatch(UUID);
        });
      });

    test('shows "Submitting..." on a disabled button while sending, and a double submit sends once', async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
      const form = await openForm(page, c);
      await c.fill(form);
      supabase.hold();
      await form.evaluate((f: HTMLFormElement) => {
        f.requestSubmit();
        f.requestSubmit();
      });
      const busy = form.getByRole('button', { name: c.copy.submitting });
      await expect(busy).toBeDisabled();
      await busy.click({ force: true }).catch(() => {});
      await expect.poll(() => insert.requests.length).toBe(1);
      await expect(form).toHaveAttribute('aria-busy', 'true');
      await compareState(page, `${c.key}-submitting`, form);
      supabase.release();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      await expect(form.getByRole('button', { name: c.copy.submit })).toBeEnabled();
      expect(insert.requests).toHaveLength(1);
    });

    test('keeps a draft across a reload, and forgets it once sent', async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
      let form = await openForm(page, c);
      await c.fill(form);
      await page.reload();
      form = page.locator(`#${c.formId}`);
      // A stored draft hydrates the form at once, without any interaction.
      await waitForIsland(page, `#${c.formId}`);
      await expect(label(form, c.sample.label)).toHaveValue(c.sample.value);
      await form.getByRole('button', { name: c.copy.submit }).click();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(insert.bodies()[0]).toEqual({ id: expect.stringMatching(UUID), ...c.expected });
      await page.reload();
      form = page.locator(`#${c.formId}`);
      await hydrateByInteraction(page, `#${c.formId}`);
      await expect(label(form, c.sample.label)).toHaveValue('');
    });

    if (triesShared(c, 'honeypot'))
      test('a filled honeypot sends nothing but shows the normal success', async ({ page, supabase }) => {
        const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
        const form = await openForm(page, c);
        await c.fill(form);
        await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
        await form.getByRole('button', { name: c.copy.submit }).click();
        await expect(notice(page, 'status', c.success)).toBeVisible();
        await expect(label(form, c.sample.label)).toHaveValue('');
        expect(insert.requests).toHaveLength(0);
      });

    test('nothing is sent while a required field is empty, or holds only spaces or invisible characters; each says why inline', async ({
      page,
      supabase,
    }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
      const form = await openForm(page, c);
      const submit = form.getByRole('button', { name: c.copy.submit });
      await submit.click();
      const fields = copy[c.key].fields as Record<string, { label: string }>;
      const requiredFields = c.definition.fields.filter((f) => f.required && f.input !== 'radio');
      for (const field of requiredFields) {
        const message = field.input === 'select' ? copy.common.fieldErrors.choose : copy.common.fieldErrors.required;
        await expectInlineError(page, label(form, fields[field.name].label), message);
      }
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(requiredFields.length);
      await expect(label(form, fields[requiredFields[0].name].label), 'focus on the first invalid field').toBeFocused();
      await compareState(page, `${c.key}-required`, form);
      await c.fill(form);
      // Corrected: every message and invalid mark is gone.
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(form.locator('.field-error')).toHaveCount(0);
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
      expect(insert.requests).toHaveLength(0);
    });

    test("says the field's own message from content/forms.yaml for a value of the wrong form", async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, [rest.created]);
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
        await expectInlineError(page, input, fields[field.name].invalid!);
        await expect(input).toBeFocused();
        await input.fill(before);
        expect(await input.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe('');
        await expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(insert.requests).toHaveLength(0);
    });

    test('has maxLength equal to the database bounds and passes axe', async ({ page }) => {
      const form = await openForm(page, c);
      for (const [text, max] of c.bounds) await expect(label(form, text)).toHaveAttribute('maxlength', String(max));
      const { violations } = await axe(page).include(`#${c.formId}`).analyze();
      expect(describeViolations(violations)).toEqual([]);
    });
  });
}

test.describe('form pages', () => {
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
    // Before a product is chosen (and in the server HTML): every product's domains, under the product's name.
    await expect(domain.locator('option')).toHaveText([f.domain.placeholder!, ...products.flatMap((p) => p.domains)]);
    expect(await domain.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual(
      products.map((p) => p.title),
    );
    await label(form, f.product.label).selectOption(products[1].title);
    await expect(domain.locator('option')).toHaveText([f.domain.placeholder!, ...products[1].domains]);
    await domain.selectOption(products[1].domains[0]);
    await label(form, f.product.label).selectOption(products[0].title);
    if (!products[0].domains.includes(products[1].domains[0])) await expect(domain).toHaveValue('');
    await expect(label(form, f.coverLetter.label)).toHaveAttribute('rows', '6');
  });

  test("where a lead came from is the tab's landing, kept without cookies; a value the database would refuse is left out", async ({
    page,
    supabase,
  }) => {
    const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.created]);
    const forged = `?utm_source=%01bot&utm_medium=social&utm_campaign=${'x'.repeat(5000)}`;
    await page.goto(`/blog${forged}`, { referer: 'https://news.example.com/a/story?id=42' });
    const form = await openForm(page, cases[0]);
    await cases[0].fill(form);
    await form.getByRole('button', { name: copy.contact.submit }).click();
    await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
    expect(insert.bodies()[0]).toEqual({
      id: expect.stringMatching(UUID),
      ...cases[0].expected,
      landing_page: '/blog',
      referrer_origin: 'https://news.example.com',
      utm_medium: 'social',
    });
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('visit-source');
  });

  test('a demo request of type contact is tagged [CONTACT] and thanked for the message', async ({ page, supabase }) => {
    const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.created]);
    const form = await openForm(page, cases[1]);
    await form.getByRole('radio', { name: copy.demo.requestTypes.contact }).check();
    await cases[1].fill(form);
    await expect(label(form, copy.demo.fields.message.label)).toHaveAttribute('rows', '4');
    await form.getByRole('button', { name: copy.demo.submit }).click();
    await expect(notice(page, 'status', { text: copy.demo.success.contact })).toBeVisible();
    expect(insert.bodies()[0]).toMatchObject({ message: '[CONTACT] Show us the campaign agents.', status: 'new' });
    // On success the request type returns to demo, the default.
    await expect(form.getByRole('radio', { name: copy.demo.requestTypes.demo })).toBeChecked();
  });

  test('an e-mail without a dot in the domain and a non-web portfolio link are refused before sending', async ({ page, supabase }) => {
    const insert = supabase.answer('POST /rest/v1/job_applications', [rest.created]);
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
    expect(insert.requests).toHaveLength(0);
  });

  test.describe('retries', () => {
    test.use({ allowConsoleErrors: [/ERR_FAILED|status of 409|status of 429|could not be sent/] });

    test('back off 1 s, 2 s, 4 s, then show the error notice after the 4th failed attempt', async ({ page, supabase }) => {
      await page.clock.install();
      const waits = await recordWaits(page);
      const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.networkError]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      // From here on, page time moves only when the test moves it.
      await page.clock.pauseAt(Date.now() + 5_000);
      const before = await waits.count();
      await form.getByRole('button', { name: copy.contact.submit }).click();
      for (const [attempt, wait] of [
        [1, 1000],
        [2, 2000],
        [3, 4000],
      ] as const) {
        await expect.poll(() => insert.requests.length).toBe(attempt);
        // The failure handled and the retry's timer set before the clock moves (each attempt also sets its request's time limit).
        await expect.poll(() => waits.since(before)).toContain(wait);
        await page.clock.runFor(wait - 50);
        expect(insert.requests.length, `no retry before ${wait} ms`).toBe(attempt);
        await expect(form.getByRole('button', { name: copy.contact.submitting })).toBeDisabled();
        await page.clock.runFor(50);
      }
      await expect.poll(() => insert.requests.length).toBe(4);
      await expect(notice(page, 'alert', copy.contact.error)).toBeVisible();
      await expect(label(form, copy.contact.fields.firstName.label)).toHaveValue('Ada');
      expect(new Set(insert.bodies().map((b) => b.id)).size, 'every attempt carries the same row id').toBe(1);
    });

    test("another 429 (not the throttle's) is retried after the Retry-After it gives, then succeeds", async ({ page, supabase }) => {
      await page.clock.install();
      const waits = await recordWaits(page);
      const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.gatewayRateLimited(3), rest.created]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      await page.clock.pauseAt(Date.now() + 5_000);
      const before = await waits.count();
      await form.getByRole('button', { name: copy.contact.submit }).click();
      await expect.poll(() => insert.requests.length).toBe(1);
      // The 429 handled and the retry's timer set before the clock moves (a loaded machine once moved it first).
      await expect.poll(() => waits.since(before)).toContain(3_000);
      await page.clock.runFor(2_950);
      expect(insert.requests.length, 'no retry before Retry-After (3 s), although the back-off would have retried after 1 s').toBe(1);
      await page.clock.runFor(50);
      await expect.poll(() => insert.requests.length).toBe(2);
      await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
      expect(new Set(insert.bodies().map((b) => b.id)).size).toBe(1);
    });

    test('a duplicate-key answer to a retry means the row is already stored: success', async ({ page, supabase }) => {
      await page.clock.install();
      const insert = supabase.answer('POST /rest/v1/job_applications', [rest.networkError, rest.duplicate('job_applications')]);
      const form = await openForm(page, cases[2]);
      await cases[2].fill(form);
      await form.getByRole('button', { name: copy.careers.submit }).click();
      await expect.poll(() => insert.requests.length).toBe(1);
      await page.clock.runFor(1000);
      await expect(notice(page, 'status', copy.careers.success)).toBeVisible();
      expect(insert.requests).toHaveLength(2);
    });
  });

  test.describe('notices', () => {
    test.use({ allowConsoleErrors: [/status of 401|could not be sent/] });

    test('a failure is an alert that stays until dismissed, or until the visitor changes a field or sends again', async ({
      page,
      supabase,
    }) => {
      await page.clock.install();
      const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.rlsRefused('contact_submissions')]);
      const form = await openForm(page, cases[0]);
      await cases[0].fill(form);
      await page.clock.pauseAt(Date.now() + 5_000);
      const submit = form.getByRole('button', { name: copy.contact.submit });
      const alerts = page.getByRole('alert').filter({ hasText: copy.contact.error.text });
      const fail = async (times: number) => {
        await submit.click();
        await expect.poll(() => insert.requests.length).toBe(times);
        await expect(submit).toBeEnabled();
        await expect(alerts.last()).toBeVisible();
      };
      /** A dismissed notice leaves after a short exit. */
      const gone = async () => {
        await page.clock.runFor(1200);
        await expect(alerts).toHaveCount(0);
      };

      await fail(1);
      await expect(alerts).toHaveCount(1);
      await expect(alerts).toHaveAttribute('aria-live', 'assertive');
      // Time alone does not take it away (it used to go after 4 s).
      await page.clock.runFor(60_000);
      await expect(alerts).toBeVisible();
      // The close button sits beside the alert's text, in the same notice.
      await alerts.locator('..').getByRole('button', { name: copy.common.dismiss }).click();
      await gone();

      await fail(2);
      await label(form, copy.contact.fields.company.label).fill('Analytical Engines');
      await gone();

      // Sending again replaces the notice: once the old one has left, one failure, one alert.
      await fail(3);
      await fail(4);
      await page.clock.runFor(1200);
      await expect(alerts).toHaveCount(1);
    });
  });

  test("a visitor who types before the form's script has arrived loses no character and no focus", async ({ page, supabase }) => {
    const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.created]);
    // A slow connection: the form's script is on its way while the visitor types.
    const script = await holdScript(page, 'ContactForm');
    await page.goto('/contact');
    const form = page.locator('#form-contact');
    const island = page.locator('astro-island:has(#form-contact)');
    const f = copy.contact.fields;
    await label(form, f.firstName.label).click();
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Love');
    // Still the server HTML: the script is on its way.
    await expect(island).toHaveAttribute('ssr', '');
    await expect.poll(script.requested, 'the first focus asked for the script').toBe(1);
    script.release();
    await waitForIsland(page, '#form-contact');
    await expect(label(form, f.lastName.label)).toBeFocused();
    await page.keyboard.type('lace');
    await expect(label(form, f.firstName.label)).toHaveValue('Ada');
    await expect(label(form, f.lastName.label)).toHaveValue('Lovelace');
    await label(form, f.email.label).fill('ada@example.com');
    await label(form, f.message.label).fill('Typed early.');
    await form.getByRole('button', { name: copy.contact.submit }).click();
    await expect(notice(page, 'status', copy.contact.success)).toBeVisible();
    expect(insert.bodies()[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      message: 'Typed early.',
    });
  });

  test('the whole contact form can be filled and sent with the keyboard', async ({ page, supabase }) => {
    const insert = supabase.answer('POST /rest/v1/contact_submissions', [rest.created]);
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
    expect(insert.bodies()[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Analytical Engines',
      message: 'Hello from the keyboard.',
    });
  });

  test('form pages fetch their own form’s code ahead, never sign-in code, and start it only when the visitor turns to the form', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/join-${site.slug}`);
    await page.locator('#form-careers').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#form-careers')).toBeInViewport();
    expect(
      scripts.some((s) => /CareersForm/.test(s)),
      'the form’s code fetched ahead',
    ).toBe(true);
    await expect(page.locator('astro-island:has(#form-careers)'), 'not started before the visitor turns to the form').toHaveAttribute(
      'ssr',
      '',
    );
    await hydrateByInteraction(page, '#form-careers');
    expect(scripts.filter((s) => /SignInCard|auth/i.test(s))).toEqual([]);
    await page.goto('/contact');
    await hydrateByInteraction(page, '#form-contact');
    expect(scripts.some((s) => /ContactForm/.test(s))).toBe(true);
    expect(scripts.filter((s) => /SignInCard|auth/i.test(s))).toEqual([]);
  });
});
