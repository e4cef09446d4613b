/**
 * The form data the notify-submission function builds the team's message
 * from (src/lib/forms/team-message.ts): taken from the definitions and their
 * labels, so a field added to a definition reaches the message with no edit
 * of the function. That the generated module is current is a content test
 * (tests/content/team-forms-module.test.ts).
 */
import { describe, it, expect } from 'vitest';
import { defineForm, newRowId, toRow, type FormDefinition } from '../../../src/lib/forms/definition';
import { contactForm } from '../../../src/lib/forms/contact';
import { demoForm } from '../../../src/lib/forms/demo';
import { careersForm } from '../../../src/lib/forms/careers';
import { teamForm } from '../../../src/lib/forms/team-message';
import { buildMessage } from '../../../supabase/functions/notify-submission/message';
import { parsePayload } from '../../../supabase/functions/notify-submission/payload';
import type { TeamForm } from '../../../supabase/functions/_shared/form-definitions';

/** A few labels, as content/forms.yaml gives them. */
const labels = (names: string[], prefix = '') => Object.fromEntries(names.map((name) => [name, { label: `${prefix}${name} label` }]));

/** A row of `form` as the database webhook delivers it, read into the team's message with `forms`. */
function messageFor(form: FormDefinition, values: Record<string, string>, forms: readonly TeamForm[]) {
  const row = toRow(form, values, newRowId());
  const parsed = parsePayload(
    { type: 'INSERT', schema: 'public', table: form.table, record: { ...row, created_at: '2026-11-25T10:00:00Z' } },
    forms,
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return buildMessage(parsed.submission, forms);
}

describe('teamForm', () => {
  it('lists the fields in order with their labels, columns and radio labels, and the composed and fixed columns', () => {
    const form = teamForm({
      definition: demoForm,
      labels: labels(demoForm.fields.map((f) => f.name)),
      radioLabels: { requestType: { demo: 'Request a demo', contact: 'Contact sales' } },
    });
    expect(form.id).toBe('demo');
    expect(form.table).toBe('contact_submissions');
    expect(form.fields.map((f) => [f.name, f.label, f.column])).toEqual([
      ['requestType', 'requestType label', undefined],
      ['firstName', 'firstName label', 'first_name'],
      ['lastName', 'lastName label', 'last_name'],
      ['email', 'email label', 'email'],
      ['company', 'company label', 'company'],
      ['message', 'message label', undefined],
    ]);
    expect(form.fields[0].options).toEqual({ demo: 'Request a demo', contact: 'Contact sales' });
    expect(form.compose).toEqual(demoForm.compose);
    expect(form.fixed).toEqual({ status: 'new' });
  });

  it('refuses a field without a label', () => {
    expect(() => teamForm({ definition: contactForm, labels: labels(['firstName']) })).toThrow(/no label for contact\.lastName/);
  });
});

describe('a field added to a definition', () => {
  it('reaches the team message with its label and value, with no change to the function', () => {
    const withLinkedIn = defineForm({
      ...careersForm,
      fields: [...careersForm.fields, { name: 'linkedin', column: 'linkedin_url', input: 'url', required: false, maxLength: 2048 }],
      layout: [...careersForm.layout, 'linkedin'],
    });
    const names = withLinkedIn.fields.map((f) => f.name);
    const forms = [teamForm({ definition: withLinkedIn, labels: { ...labels(names), linkedin: { label: 'LinkedIn profile' } } })];
    const values = {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      expertise: 'Cybersecurity',
      experience: '10 years',
      portfolio: '',
      coverLetter: 'Hi.',
      linkedin: 'https://linkedin.example/in/grace',
    };
    const message = messageFor(withLinkedIn, values, forms);
    expect(message.fields).toContainEqual(['LinkedIn profile', 'https://linkedin.example/in/grace']);
    // Last of the form's fields; then only where the lead came from.
    expect(message.fields.map(([label]) => label)[withLinkedIn.fields.length - 1]).toBe('LinkedIn profile');
    // Without the field in the definition, the column is not shown (nothing a caller adds reaches the message).
    const without = messageFor(careersForm, values, [
      teamForm({ definition: careersForm, labels: labels(careersForm.fields.map((f) => f.name)) }),
    ]);
    expect(without.fields.map(([label]) => label)).not.toContain('LinkedIn profile');
  });
});
