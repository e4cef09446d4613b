/**
 * The one place that turns a form's state into the row it inserts (SPEC §3,
 * §7). Text is trimmed; optional fields that are empty become null. Every row
 * carries a client-generated `id`, so a retried insert can never store the
 * same submission twice (the second attempt hits the primary key).
 */
import { DEMO_PREFIX, type RequestType } from './limits';

export type ContactState = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  message: string;
};

export type DemoState = ContactState & {
  requestType: RequestType;
};

export type CareersState = {
  name: string;
  email: string;
  expertise: string;
  experience: string;
  portfolio: string;
  coverLetter: string;
};

export type ProductTeamState = {
  name: string;
  email: string;
  product: string;
  domain: string;
  experience: string;
  portfolio: string;
  coverLetter: string;
};

export interface ContactRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  message: string;
  status?: 'new';
}

export interface JobApplicationRow {
  id: string;
  full_name: string;
  email: string;
  expertise: string;
  experience: string;
  portfolio_url: string | null;
  cover_letter: string;
}

const text = (value: string) => value.trim();
const optional = (value: string) => (value.trim() === '' ? null : value.trim());

export const emptyContact: ContactState = { firstName: '', lastName: '', email: '', company: '', message: '' };
export const emptyDemo: DemoState = { ...emptyContact, requestType: 'demo' };
export const emptyCareers: CareersState = { name: '', email: '', expertise: '', experience: '', portfolio: '', coverLetter: '' };
export const emptyProductTeam: ProductTeamState = {
  name: '', email: '', product: '', domain: '', experience: '', portfolio: '', coverLetter: '',
};

/** SPEC §7 call 1: the contact form. */
export function contactRow(state: ContactState, id: string): ContactRow {
  return {
    id,
    first_name: text(state.firstName),
    last_name: text(state.lastName),
    email: text(state.email),
    company: optional(state.company),
    message: text(state.message),
  };
}

/** SPEC §7 call 2: the demo form; the message is tagged with the request type and the status is 'new'. */
export function demoRow(state: DemoState, id: string): ContactRow {
  const prefix = DEMO_PREFIX[state.requestType] ?? DEMO_PREFIX.demo;
  return { ...contactRow(state, id), message: prefix + text(state.message), status: 'new' };
}

/** SPEC §7 call 3: the careers application. */
export function careersRow(state: CareersState, id: string): JobApplicationRow {
  return {
    id,
    full_name: text(state.name),
    email: text(state.email),
    expertise: text(state.expertise),
    experience: text(state.experience),
    portfolio_url: optional(state.portfolio),
    cover_letter: text(state.coverLetter),
  };
}

/** SPEC §7 call 4: the product-team application; expertise is "<product> - <domain>". */
export function productTeamRow(state: ProductTeamState, id: string): JobApplicationRow {
  return {
    id,
    full_name: text(state.name),
    email: text(state.email),
    expertise: `${text(state.product)} - ${text(state.domain)}`,
    experience: text(state.experience),
    portfolio_url: optional(state.portfolio),
    cover_letter: text(state.coverLetter),
  };
}

/** A random v4 UUID for a row id (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRowId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
