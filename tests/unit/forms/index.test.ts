/** The site's forms (src/lib/forms/index.ts and the definitions): values → inserted row, exactly the payload keys, trimmed text, null for empty optionals, derived columns. */
import { describe, it, expect } from 'vitest';
import { emptyValues, toRow } from '../../../src/lib/forms/definition';
import { FORM_NAMES, FORMS } from '../../../src/lib/forms';
import { contactForm } from '../../../src/lib/forms/contact';
import { demoForm, REQUEST_TAGS } from '../../../src/lib/forms/demo';
import { careersForm } from '../../../src/lib/forms/careers';
import { productTeamForm } from '../../../src/lib/forms/product-team';
import { EMAIL_MAX_LENGTH } from '../../../src/lib/forms/patterns';

const id = '22222222-2222-4222-8222-222222222222';
const forms = [contactForm, demoForm, careersForm, productTeamForm];

describe('contact row', () => {
  it('maps the contact form with company null when empty', () => {
    expect(
      toRow(
        contactForm,
        { firstName: ' Ada ', lastName: 'Lovelace', email: ' ada@example.com ', company: '  ', message: 'Hello there' },
        id,
      ),
    ).toEqual({
      id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      message: 'Hello there',
    });
  });
  it('keeps a company and sends no status (the database defaults it to new)', () => {
    const row = toRow(contactForm, { firstName: 'A', lastName: 'B', email: 'a@b.co', company: 'Acme', message: 'Hi' }, id);
    expect(row.company).toBe('Acme');
    expect(Object.keys(row)).toEqual(['id', 'first_name', 'last_name', 'email', 'company', 'message']);
  });
});

describe('demo row', () => {
  const values = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Acme', message: 'Show me the agents.' };
  it('is the contact definition plus the request type', () => {
    expect(demoForm.table).toBe(contactForm.table);
    expect(demoForm.fields.map((f) => f.name)).toEqual(['requestType', ...contactForm.fields.map((f) => f.name)]);
    expect(emptyValues(demoForm).requestType).toBe('demo');
  });
  it('prefixes a demo request and sets status new', () => {
    expect(toRow(demoForm, { ...values, requestType: 'demo' }, id)).toEqual({
      id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: 'Acme',
      message: '[DEMO REQUEST] Show me the agents.',
      status: 'new',
    });
  });
  it('prefixes a contact request', () => {
    expect(toRow(demoForm, { ...values, requestType: 'contact' }, id).message).toBe('[CONTACT] Show me the agents.');
  });
  it('sends the tag alone for an empty message and null for an empty company', () => {
    const row = toRow(demoForm, { ...values, company: '', message: '', requestType: 'demo' }, id);
    expect(row.message).toBe('[DEMO REQUEST] ');
    expect(row.company).toBeNull();
  });
  it('leaves room for the longest tag inside the message column', () => {
    const box = demoForm.fields.find((f) => f.name === 'message')!;
    const column = contactForm.fields.find((f) => f.name === 'message')!;
    const longest = Math.max(...Object.values(REQUEST_TAGS).map((t) => t.length));
    expect(box.maxLength! + longest).toBe(column.maxLength);
    for (const requestType of Object.keys(REQUEST_TAGS)) {
      const row = toRow(demoForm, { ...values, requestType, message: 'x'.repeat(box.maxLength!) }, id);
      expect(row.message!.length).toBeLessThanOrEqual(column.maxLength!);
    }
  });
});

describe('careers row', () => {
  const values = {
    name: ' Grace Hopper ',
    email: 'grace@example.com',
    expertise: 'Cybersecurity',
    experience: '10+ years',
    portfolio: '',
    coverLetter: 'Hire me.',
  };
  it('maps the careers form with portfolio_url null when empty', () => {
    expect(toRow(careersForm, values, id)).toEqual({
      id,
      full_name: 'Grace Hopper',
      email: 'grace@example.com',
      expertise: 'Cybersecurity',
      experience: '10+ years',
      portfolio_url: null,
      cover_letter: 'Hire me.',
    });
  });
  it('keeps a portfolio link', () => {
    expect(toRow(careersForm, { ...values, portfolio: ' https://grace.example ' }, id).portfolio_url).toBe('https://grace.example');
  });
});

describe('product-team row', () => {
  it('joins product and domain with " - " as expertise, in the careers row shape', () => {
    const row = toRow(
      productTeamForm,
      {
        name: 'Alan',
        email: 'alan@example.org',
        product: 'Newsbox',
        domain: 'Editorial & Journalism',
        experience: '5 years',
        portfolio: '',
        coverLetter: 'News.',
      },
      id,
    );
    expect(row).toEqual({
      id,
      full_name: 'Alan',
      email: 'alan@example.org',
      expertise: 'Newsbox - Editorial & Journalism',
      experience: '5 years',
      portfolio_url: null,
      cover_letter: 'News.',
    });
    expect(Object.keys(row).sort()).toEqual(Object.keys(toRow(careersForm, emptyValues(careersForm), id)).sort());
  });
});

describe('definitions', () => {
  it('lay out every field exactly once', () => {
    for (const form of forms) {
      expect(form.layout.flat().toSorted(), form.id).toEqual(form.fields.map((f) => f.name).toSorted());
    }
  });
  it('bound every e-mail field by the longest address the database accepts', () => {
    for (const form of forms) expect(form.fields.find((f) => f.name === 'email')?.maxLength, form.id).toBe(EMAIL_MAX_LENGTH);
  });
  it('have distinct ids (element ids and draft keys), each its name in the registry', () => {
    expect(new Set(forms.map((f) => f.id)).size).toBe(forms.length);
    expect(FORM_NAMES.map((name) => FORMS[name].id)).toEqual([...FORM_NAMES]);
  });
});
