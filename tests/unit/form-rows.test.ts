/** Form values → inserted row: exactly the payload keys, trimmed text, null for empty optionals, derived columns. */
import { describe, it, expect } from 'vitest';
import { emptyValues, newRowId, toRow } from '../../src/lib/forms/definition';
import { contactForm } from '../../src/lib/forms/contact';
import { demoForm, REQUEST_TAGS } from '../../src/lib/forms/demo';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';
import { EMAIL_MAX_LENGTH } from '../../src/lib/forms/patterns';
import { readSite } from '../../src/lib/content/read';
import { fill, placeholderValues } from '../../src/lib/content/placeholders';
import { readListItems } from '../../src/lib/content/read';

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
  it('fit the longest product and domain of content/lists/recruitment-products.yaml in the expertise column', () => {
    const values = placeholderValues(readSite());
    const products = readListItems('content', 'recruitmentProducts') as { title: string; domains: string[] }[];
    const expertise = careersForm.fields.find((f) => f.name === 'expertise')!.maxLength!;
    const longestChoice = Math.max(
      ...products.flatMap((p) =>
        p.domains.map(
          (d) =>
            toRow(productTeamForm, { ...emptyValues(productTeamForm), product: fill(p.title, values), domain: d }, id).expertise!.length,
        ),
      ),
    );
    expect(products.length).toBeGreaterThan(0);
    expect(longestChoice).toBeLessThanOrEqual(expertise);
  });

  it('lay out every field exactly once', () => {
    for (const form of forms) {
      expect(form.layout.flat().toSorted(), form.id).toEqual(form.fields.map((f) => f.name).toSorted());
    }
  });
  it('bound every e-mail field by the longest address the database accepts', () => {
    for (const form of forms) expect(form.fields.find((f) => f.name === 'email')?.maxLength, form.id).toBe(EMAIL_MAX_LENGTH);
  });
  it('have distinct ids (element ids and draft keys)', () => {
    expect(new Set(forms.map((f) => f.id)).size).toBe(forms.length);
  });
});

describe('newRowId', () => {
  it('returns distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newRowId));
    expect(ids.size).toBe(50);
    for (const value of ids) expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('works without crypto.randomUUID (non-secure contexts)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newRowId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
