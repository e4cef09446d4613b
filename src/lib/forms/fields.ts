/** Fields that more than one form asks for, defined once. */
import type { FieldDefinition } from './definition';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './patterns';

/** The visitor's e-mail address, in the `email` column of every form table. */
export const emailField: FieldDefinition<'email'> = {
  name: 'email',
  column: 'email',
  input: 'email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  autoComplete: 'email',
};
