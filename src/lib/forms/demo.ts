/**
 * The demo-request form on /advertising: the contact form plus a request
 * type. The row goes to contact_submissions like a contact request, its
 * message tagged with the type so the team can tell them apart, status 'new'.
 */
import { contactForm } from './contact';
import { defineForm, type FieldDefinition } from './definition';

/** The tag in front of the message, by request type. */
export const REQUEST_TAGS = { demo: '[DEMO REQUEST] ', contact: '[CONTACT] ' } as const;
export type RequestType = keyof typeof REQUEST_TAGS;
const LONGEST_TAG = Math.max(...Object.values(REQUEST_TAGS).map((tag) => tag.length));

type ContactField = (typeof contactForm.fields)[number];
const requestType: FieldDefinition<'requestType'> = {
  name: 'requestType',
  input: 'radio',
  required: true,
  values: Object.keys(REQUEST_TAGS),
};

/** On this form the message is optional, and its box leaves room for the tag within the column's bound. */
const adapt = (field: ContactField): ContactField =>
  field.name === 'message' ? { ...field, column: undefined, required: false, maxLength: field.maxLength! - LONGEST_TAG, rows: 4 } : field;

export const demoForm = defineForm({
  ...contactForm,
  id: 'demo',
  fields: [requestType, ...contactForm.fields.map(adapt)],
  layout: ['requestType', ...contactForm.layout],
  derive: (values) => ({
    message: (REQUEST_TAGS[values.requestType as RequestType] ?? REQUEST_TAGS.demo) + values.message.trim(),
    status: 'new',
  }),
});
