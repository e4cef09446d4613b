/**
 * Length bounds of every text column the forms write. The database enforces
 * the same numbers with CHECK constraints (supabase/migrations); the forms use
 * them as `maxLength`, and tests/db checks that both agree, so a value the
 * browser lets through is never refused for its length by the database.
 */
export const LIMITS = {
  contact_submissions: {
    first_name: 100,
    last_name: 100,
    email: 254,
    company: 200,
    message: 5000,
    status: 30,
  },
  job_applications: {
    full_name: 200,
    email: 254,
    expertise: 200,
    experience: 100,
    portfolio_url: 2048,
    cover_letter: 10000,
  },
} as const;

export type TableName = keyof typeof LIMITS;

/** The tag the demo form puts in front of its message (SPEC §3); the longest one bounds the message box. */
export const DEMO_PREFIX = { demo: '[DEMO REQUEST] ', contact: '[CONTACT] ' } as const;
export type RequestType = keyof typeof DEMO_PREFIX;

/** What the visitor may type in the demo message box: the column bound minus the longest tag. */
export const DEMO_MESSAGE_MAX =
  LIMITS.contact_submissions.message - Math.max(...Object.values(DEMO_PREFIX).map((p) => p.length));

export { EMAIL_PATTERN, URL_PATTERN, PASSWORD_MIN_LENGTH } from './patterns';
