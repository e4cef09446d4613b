/** Form state → inserted row (SPEC §3, §7): exactly the payload keys, trimmed text, null for empty optionals. */
import { describe, it, expect } from 'vitest';
import { careersRow, contactRow, demoRow, newRowId, productTeamRow } from '../../src/lib/forms/rows';

const id = '22222222-2222-4222-8222-222222222222';

describe('contactRow', () => {
  it('maps the contact form with company null when empty', () => {
    expect(contactRow({ firstName: ' Ada ', lastName: 'Lovelace', email: ' ada@example.com ', company: '  ', message: 'Hello there' }, id)).toEqual({
      id, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', company: null, message: 'Hello there',
    });
  });
  it('keeps a company and sends no status (the database defaults it to new)', () => {
    const row = contactRow({ firstName: 'A', lastName: 'B', email: 'a@b.co', company: 'Acme', message: 'Hi' }, id);
    expect(row.company).toBe('Acme');
    expect(Object.keys(row)).toEqual(['id', 'first_name', 'last_name', 'email', 'company', 'message']);
  });
});

describe('demoRow', () => {
  const state = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Acme', message: 'Show me the agents.' };
  it('prefixes a demo request and sets status new', () => {
    expect(demoRow({ ...state, requestType: 'demo' }, id)).toEqual({
      id, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', company: 'Acme',
      message: '[DEMO REQUEST] Show me the agents.', status: 'new',
    });
  });
  it('prefixes a contact request', () => {
    expect(demoRow({ ...state, requestType: 'contact' }, id).message).toBe('[CONTACT] Show me the agents.');
  });
  it('sends the tag alone for an empty message and null for an empty company', () => {
    const row = demoRow({ ...state, company: '', message: '', requestType: 'demo' }, id);
    expect(row.message).toBe('[DEMO REQUEST] ');
    expect(row.company).toBeNull();
  });
});

describe('careersRow', () => {
  const state = { name: ' Grace Hopper ', email: 'grace@example.com', expertise: 'Cybersecurity', experience: '10+ years', portfolio: '', coverLetter: 'Hire me.' };
  it('maps the careers form with portfolio_url null when empty', () => {
    expect(careersRow(state, id)).toEqual({
      id, full_name: 'Grace Hopper', email: 'grace@example.com', expertise: 'Cybersecurity', experience: '10+ years', portfolio_url: null, cover_letter: 'Hire me.',
    });
  });
  it('keeps a portfolio link', () => {
    expect(careersRow({ ...state, portfolio: ' https://grace.example ' }, id).portfolio_url).toBe('https://grace.example');
  });
});

describe('productTeamRow', () => {
  it('joins product and domain with " - " as expertise', () => {
    expect(
      productTeamRow({ name: 'Alan', email: 'alan@example.org', product: 'Newsbox', domain: 'Editorial & Journalism', experience: '5 years', portfolio: '', coverLetter: 'News.' }, id),
    ).toEqual({
      id, full_name: 'Alan', email: 'alan@example.org', expertise: 'Newsbox - Editorial & Journalism', experience: '5 years', portfolio_url: null, cover_letter: 'News.',
    });
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

describe('limits', () => {
  it('bound both email columns by the longest address the forms accept', async () => {
    const { LIMITS } = await import('../../src/lib/forms/limits');
    const { EMAIL_MAX_LENGTH } = await import('../../src/lib/forms/patterns');
    expect(LIMITS.contact_submissions.email).toBe(EMAIL_MAX_LENGTH);
    expect(LIMITS.job_applications.email).toBe(EMAIL_MAX_LENGTH);
  });
});
