/** content/forms.yaml: valid, and the labels and notices the specification names. */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { formsCopySchema } from '../../src/lib/content/schemas';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';

const raw = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: unknown }).forms;

describe('content/forms.yaml', () => {
  const copy = formsCopySchema.parse(raw);

  it('labels the fields with their agreed names', () => {
    const labels = (fields: Record<string, { label: string }>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.label]));
    expect(labels(copy.contact.fields)).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      company: 'Company',
      message: 'Message',
    });
    expect(labels(copy.careers.fields)).toEqual({
      name: 'Full Name',
      email: 'Email Address',
      expertise: 'Area of Expertise',
      experience: 'Years of Experience',
      portfolio: 'Portfolio',
      coverLetter: 'Cover Letter',
    });
    expect(copy['product-team'].fields.product.label).toBe('Product of Interest');
    expect(copy['product-team'].fields.domain.label).toBe('Domain Expertise');
    expect(copy['product-team'].fields.coverLetter.label).toBe('Why This Product?');
    expect(copy.signIn.fields.password.label).toBe('Password');
  });

  it('uses the agreed placeholders', () => {
    expect(copy.careers.fields.expertise.placeholder).toBe('Select your primary expertise');
    expect(copy.careers.fields.experience.placeholder).toBe('e.g., 5 years, 2-3 years, 10+ years');
    expect(copy['product-team'].fields.experience.placeholder).toBe('e.g., 5 years, 2-3 years, 10+ years');
  });

  it('has no example answer inside a one-line field: a hint starts with "e.g., ", or there is none', () => {
    const oneLine = [contactForm, demoForm, careersForm, productTeamForm].flatMap((definition) =>
      definition.fields
        .filter((f) => f.input === 'text' || f.input === 'email' || f.input === 'url')
        .map((f) => [`${definition.id}.${f.name}`, (copy[definition.id].fields as Record<string, { placeholder?: string }>)[f.name].placeholder] as const),
    );
    expect(oneLine.length).toBeGreaterThan(10);
    const shown = oneLine.filter(([, placeholder]) => placeholder !== undefined);
    expect(shown).toEqual([
      ['careers.experience', 'e.g., 5 years, 2-3 years, 10+ years'],
      ['product-team.experience', 'e.g., 5 years, 2-3 years, 10+ years'],
    ]);
    expect(copy.signIn.fields.email.placeholder).toBeUndefined();
  });

  it('refuses an example answer as the hint of a one-line field, naming the rule', () => {
    const withName = structuredClone(raw) as { contact: { fields: { firstName: Record<string, string> } } };
    withName.contact.fields.firstName.placeholder = 'John';
    const result = formsCopySchema.safeParse(withName);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contact.fields.firstName.placeholder', expect.stringContaining('starts with "e.g., " so it cannot pass for a typed answer')],
    ]);
  });

  it('has the success and error notices', () => {
    expect(copy.contact.success).toEqual({ title: 'Message Sent', text: "Thank you for contacting us! We'll get back to you soon." });
    expect(copy.contact.error).toEqual({ title: 'Error', text: 'There was an error sending your message. Please try again.' });
    expect(copy.careers.success.title).toBe('Application Submitted');
    expect(copy.careers.error.text).toBe('There was an error submitting your application. Please try again.');
    expect(copy.demo.success).toEqual({
      title: 'Request Submitted',
      demo: "Thank you for your demo request. We'll contact you within 24 hours.",
      contact: "Thank you for your message. We'll get back to you soon.",
    });
    expect(copy.demo.error.text).toBe('There was an error submitting your request. Please try again.');
    expect(copy['product-team'].success.text).toBe(
      "Thank you for your interest in joining our product teams! We'll review your application and get back to you.",
    );
    expect(copy.signIn.success).toBe('Successfully signed in!');
    expect(copy.signIn.unexpectedError).toBe('An unexpected error occurred');
    expect(copy.signIn.submitting).toBe('Signing In...');
    for (const form of [copy.contact, copy.demo, copy.careers, copy['product-team']]) expect(form.submitting).toBe('Submitting...');
  });


});
