/**
 * GENERATED from the website's form definitions (src/lib/forms/*.ts), their
 * patterns (src/lib/forms/patterns.ts) and their labels (content/forms.yaml)
 * by src/lib/forms/team-message.ts. Do not edit: change those, then run
 * `npx vitest run --project content -u tests/content/team-forms-module.test.ts`, which
 * also fails while this file is stale.
 */

export type TableName = 'contact_submissions' | 'job_applications';

export interface TeamField {
  name: string;
  label: string;
  column?: string;
  input: string;
  required: boolean;
  autoComplete?: string;
  options?: Readonly<Record<string, string>>;
}

export type ComposedColumn =
  | { column: string; join: readonly [string, string]; separator: string }
  | { column: string; tagBy: string; tags: Readonly<Record<string, string>>; text: string };

export interface TeamForm {
  id: string;
  table: TableName;
  fields: readonly TeamField[];
  compose: readonly ComposedColumn[];
  fixed: Readonly<Record<string, string>>;
}

export const FORMS = [
  {
    id: 'contact',
    table: 'contact_submissions',
    fields: [
      {
        name: 'firstName',
        label: 'First Name',
        column: 'first_name',
        input: 'text',
        required: true,
        autoComplete: 'given-name',
      },
      {
        name: 'lastName',
        label: 'Last Name',
        column: 'last_name',
        input: 'text',
        required: true,
        autoComplete: 'family-name',
      },
      {
        name: 'email',
        label: 'Email',
        column: 'email',
        input: 'email',
        required: true,
        autoComplete: 'email',
      },
      {
        name: 'company',
        label: 'Company',
        column: 'company',
        input: 'text',
        required: false,
        autoComplete: 'organization',
      },
      {
        name: 'message',
        label: 'Message',
        column: 'message',
        input: 'textarea',
        required: true,
      },
    ],
    compose: [],
    fixed: {},
  },
  {
    id: 'demo',
    table: 'contact_submissions',
    fields: [
      {
        name: 'requestType',
        label: 'I would like to',
        input: 'radio',
        required: true,
        options: {
          demo: 'Request a demo',
          contact: 'Contact sales',
        },
      },
      {
        name: 'firstName',
        label: 'First Name',
        column: 'first_name',
        input: 'text',
        required: true,
        autoComplete: 'given-name',
      },
      {
        name: 'lastName',
        label: 'Last Name',
        column: 'last_name',
        input: 'text',
        required: true,
        autoComplete: 'family-name',
      },
      {
        name: 'email',
        label: 'Email',
        column: 'email',
        input: 'email',
        required: true,
        autoComplete: 'email',
      },
      {
        name: 'company',
        label: 'Company',
        column: 'company',
        input: 'text',
        required: false,
        autoComplete: 'organization',
      },
      {
        name: 'message',
        label: 'Message',
        input: 'textarea',
        required: false,
      },
    ],
    compose: [
      {
        column: 'message',
        tagBy: 'requestType',
        tags: {
          demo: '[DEMO REQUEST] ',
          contact: '[CONTACT] ',
        },
        text: 'message',
      },
    ],
    fixed: {
      status: 'new',
    },
  },
  {
    id: 'careers',
    table: 'job_applications',
    fields: [
      {
        name: 'name',
        label: 'Full Name',
        column: 'full_name',
        input: 'text',
        required: true,
        autoComplete: 'name',
      },
      {
        name: 'email',
        label: 'Email Address',
        column: 'email',
        input: 'email',
        required: true,
        autoComplete: 'email',
      },
      {
        name: 'expertise',
        label: 'Area of Expertise',
        column: 'expertise',
        input: 'select',
        required: true,
      },
      {
        name: 'experience',
        label: 'Years of Experience',
        column: 'experience',
        input: 'text',
        required: true,
      },
      {
        name: 'portfolio',
        label: 'Portfolio',
        column: 'portfolio_url',
        input: 'url',
        required: false,
        autoComplete: 'url',
      },
      {
        name: 'coverLetter',
        label: 'Cover Letter',
        column: 'cover_letter',
        input: 'textarea',
        required: true,
      },
    ],
    compose: [],
    fixed: {},
  },
  {
    id: 'product-team',
    table: 'job_applications',
    fields: [
      {
        name: 'name',
        label: 'Full Name',
        column: 'full_name',
        input: 'text',
        required: true,
        autoComplete: 'name',
      },
      {
        name: 'email',
        label: 'Email',
        column: 'email',
        input: 'email',
        required: true,
        autoComplete: 'email',
      },
      {
        name: 'product',
        label: 'Product of Interest',
        input: 'select',
        required: true,
      },
      {
        name: 'domain',
        label: 'Domain Expertise',
        input: 'select',
        required: true,
      },
      {
        name: 'experience',
        label: 'Years of Experience',
        column: 'experience',
        input: 'text',
        required: true,
      },
      {
        name: 'portfolio',
        label: 'Portfolio or Profile Link',
        column: 'portfolio_url',
        input: 'url',
        required: false,
        autoComplete: 'url',
      },
      {
        name: 'coverLetter',
        label: 'Why This Product?',
        column: 'cover_letter',
        input: 'textarea',
        required: true,
      },
    ],
    compose: [
      {
        column: 'expertise',
        join: ['product', 'domain'],
        separator: ' - ',
      },
    ],
    fixed: {},
  },
] as const satisfies readonly TeamForm[];

export type FormId = (typeof FORMS)[number]['id'];

/** The e-mail rule of the forms and the database, as the browser applies it (whole value, flag v). */
export const EMAIL_PATTERN =
  '[^@\\u0000-\\u001F\\u007F-\\u009F\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069<>"\'`]+@[^\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00A0\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069\\u3002\\uFF0C\\uFF0E\\uFF1F\\uFF20\\uFF61]+(?:-+[^\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00A0\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069\\u3002\\uFF0C\\uFF0E\\uFF1F\\uFF20\\uFF61]+)*(?:\\.[^\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00A0\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069\\u3002\\uFF0C\\uFF0E\\uFF1F\\uFF20\\uFF61]+(?:-+[^\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00A0\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069\\u3002\\uFF0C\\uFF0E\\uFF1F\\uFF20\\uFF61]+)*)+';

/** The characters that show nothing but are not spaces (for a character class, flag v). */
export const FORMAT =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}\\u202A-\\u202E\\u2066-\\u2069';

/**
 * Where a lead came from: columns of both tables that every form fills when it can
 * (src/lib/forms/visit-source.ts), in the order the team's message shows them.
 */
export const SOURCE_COLUMNS = ['sent_from', 'landing_page', 'referrer_origin', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

export type SourceColumn = (typeof SOURCE_COLUMNS)[number];
