/**
 * Each of the four forms filled and sent on a phone, with a tap: the row of
 * its definition reaches Supabase and the visitor is thanked. What the forms
 * do is ./forms.spec.ts's (desktop); the first tap before an island's script
 * has arrived is ./early-interaction.phone.spec.ts's.
 */
import { test, expect } from './fixtures';
import { rest } from '../support/supabase/answers';
import { UUID, cases, notice, openForm } from './form-cases';

test.describe('on a phone', () => {
  for (const c of cases) {
    test(`the ${c.key} form can be filled and sent`, async ({ page, supabase }) => {
      const insert = supabase.answer(`POST /rest/v1/${c.table}`, rest.created);
      const form = await openForm(page, c);
      await c.fill(form);
      await form.getByRole('button', { name: c.copy.submit }).tap();
      await expect(notice(page, 'status', c.success)).toBeVisible();
      expect(insert.bodies()[0]).toEqual({ id: expect.stringMatching(UUID), ...c.expected });
    });
  }
});
