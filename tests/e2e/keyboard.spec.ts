/**
 * Every form can be reached and completed with the keyboard alone: from the
 * top of the page, Tab until focus enters the form, then fill each control
 * the way a keyboard user does (type into text fields, arrow keys on
 * selects), with a visible focus indicator on every stop, and send it
 * with Enter on the submit button. The honeypot must never take focus.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './fixtures';
import { authSession, rest } from '../support/supabase/answers';
import { readSite } from '../../src/lib/content/read';
import type { FormsCopy } from '../../src/lib/content/schemas';

const site = readSite('content');
const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms;

const TYPED = {
  text: 'Keyboard User',
  email: 'keyboard@example.com',
  url: 'https://example.com/keyboard',
  password: 'correct horse battery',
  textarea: 'Written with the keyboard alone.',
};

interface Focused {
  tag: string;
  type: string;
  name: string | null;
  inForm: boolean;
  focusVisible: boolean;
}

const focused = (page: Page, formSelector: string) =>
  page.evaluate((selector) => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return null;
    return {
      tag: el.tagName,
      type: el.type ?? '',
      name: el.getAttribute('name'),
      inForm: !!el.closest(selector),
      focusVisible: el.matches(':focus-visible'),
    } satisfies Focused;
  }, formSelector);

/** Tab through the page into the form and complete it; returns the kinds of controls filled. */
async function completeWithKeyboard(page: Page, formSelector: string) {
  const filled: string[] = [];
  let entered = false;
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    const el = await focused(page, formSelector);
    if (!el || !el.inForm) {
      expect(entered, 'focus left the form before it was sent').toBe(false);
      continue;
    }
    if (!entered) {
      entered = true;
      // The island hydrates when it scrolls into view; typing starts once it is live.
      await waitForIsland(page, formSelector);
    }
    expect(el.name, 'the honeypot is not focusable').not.toBe('website');
    expect(el.focusVisible, `visible focus on ${el.tag} ${el.name ?? ''}`).toBe(true);
    if (el.tag === 'BUTTON' && el.type === 'submit') {
      await page.keyboard.press('Enter');
      return filled;
    }
    if (el.tag === 'SELECT') {
      await page.keyboard.press('ArrowDown');
      filled.push('select');
    } else if (el.tag === 'TEXTAREA') {
      await page.keyboard.type(TYPED.textarea);
      filled.push('textarea');
    } else if (el.tag === 'INPUT' && el.type in TYPED) {
      await page.keyboard.type(TYPED[el.type as keyof typeof TYPED]);
      filled.push(el.type);
    }
  }
  throw new Error(`never reached the submit button of ${formSelector}`);
}

const forms = [
  { key: 'contact', path: '/contact', id: 'form-contact', table: 'contact_submissions', success: copy.contact.success.title },
  { key: 'demo', path: '/advertising', id: 'form-demo', table: 'contact_submissions', success: copy.demo.success.title },
  { key: 'careers', path: `/join-${site.slug}`, id: 'form-careers', table: 'job_applications', success: copy.careers.success.title },
  {
    key: 'product-team',
    path: '/product-teams',
    id: 'form-product-team',
    table: 'job_applications',
    success: copy['product-team'].success.title,
  },
] as const;

test.describe('keyboard only', () => {
  for (const form of forms) {
    test(`the ${form.key} form on ${form.path} is completed and sent with the keyboard alone`, async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${form.table}`, rest.created);
      await page.goto(form.path);
      const filled = await completeWithKeyboard(page, `#${form.id}`);
      await expect(page.getByRole('status').filter({ hasText: form.success })).toBeVisible();
      expect(insert.bodies()).toHaveLength(1);
      const row = insert.bodies()[0] as Record<string, unknown>;
      // What was typed arrived, and every select got a real choice.
      expect(Object.values(row)).toContain(TYPED.email);
      expect(JSON.stringify(row)).toContain(TYPED.textarea);
      expect(filled).toContain('email');
      for (const value of Object.values(row)) expect(value === '' ? 'empty string' : value).not.toBe('empty string');
    });
  }

  test('sign-in on /login is completed with the keyboard alone', async ({ page, supabase }) => {
    const token = supabase.answer('POST /auth/v1/token?grant_type=password', { status: 200, json: authSession(TYPED.email) });
    await page.goto('/login');
    await completeWithKeyboard(page, '#sign-in');
    await expect(page.getByRole('status').filter({ hasText: copy.signIn.success })).toBeVisible();
    expect(token.bodies()).toEqual([{ email: TYPED.email, password: TYPED.password, gotrue_meta_security: {} }]);
    await page.waitForURL((url) => url.pathname === '/');
  });
});
