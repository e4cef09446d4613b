/** The careers application on /join-{slug}: a row in job_applications. Expertise areas come from content/lists/expertise.yaml. */
import { defineForm } from './definition';
import { emailField } from './fields';
import { LONG_TEXT_PATTERN, TEXT_PATTERN, URL_PATTERN } from './patterns';

export const careersForm = defineForm({
  id: 'careers',
  table: 'job_applications',
  fields: [
    { name: 'name', column: 'full_name', input: 'text', required: true, maxLength: 200, pattern: TEXT_PATTERN, autoComplete: 'name' },
    emailField,
    { name: 'expertise', column: 'expertise', input: 'select', required: true, maxLength: 200 },
    { name: 'experience', column: 'experience', input: 'text', required: true, maxLength: 100, pattern: TEXT_PATTERN },
    {
      name: 'portfolio',
      column: 'portfolio_url',
      input: 'url',
      required: false,
      maxLength: 2048,
      pattern: URL_PATTERN,
      autoComplete: 'url',
    },
    {
      name: 'coverLetter',
      column: 'cover_letter',
      input: 'textarea',
      required: true,
      maxLength: 10000,
      pattern: LONG_TEXT_PATTERN,
      rows: 6,
    },
  ],
  layout: [['name', 'email'], ['expertise', 'experience'], 'portfolio', 'coverLetter'],
});
