/** The contact form on /contact: a row in contact_submissions (the database defaults its status to 'new'). */
import { defineForm } from './definition';
import { emailField } from './fields';
import { LONG_TEXT_PATTERN, TEXT_PATTERN } from './patterns';

export const contactForm = defineForm({
  id: 'contact',
  table: 'contact_submissions',
  fields: [
    {
      name: 'firstName',
      column: 'first_name',
      input: 'text',
      required: true,
      maxLength: 100,
      pattern: TEXT_PATTERN,
      autoComplete: 'given-name',
    },
    {
      name: 'lastName',
      column: 'last_name',
      input: 'text',
      required: true,
      maxLength: 100,
      pattern: TEXT_PATTERN,
      autoComplete: 'family-name',
    },
    emailField,
    {
      name: 'company',
      column: 'company',
      input: 'text',
      required: false,
      maxLength: 200,
      pattern: TEXT_PATTERN,
      autoComplete: 'organization',
    },
    { name: 'message', column: 'message', input: 'textarea', required: true, maxLength: 5000, pattern: LONG_TEXT_PATTERN, rows: 5 },
  ],
  layout: [['firstName', 'lastName'], 'email', 'company', 'message'],
});
