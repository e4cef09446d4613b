// Throwaway (not committed): a phone screenshot of the contact form's first send with the notices loaded after the first render.
import { test, expect } from './fixtures';
import { rest } from '../support/supabase/answers';
import { cases, notice } from './form-cases';

test('screenshot', async ({ page, supabase }) => {
  const c = cases[0];
  supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
  await page.goto(c.path);
  const form = page.locator(`#${c.formId}`);
  await form.scrollIntoViewIfNeeded();
  await c.fill(form);
  await form.getByRole('button', { name: c.copy.submit }).tap();
  await expect(notice(page, 'status', c.success)).toBeVisible();
  await page.screenshot({ path: '/tmp/wt35-shots/contact-sent-phone.png' });
  await page.setViewportSize({ width: 740, height: 360 });
  await page.screenshot({ path: '/tmp/wt35-shots/contact-sent-sideways.png' });
});
