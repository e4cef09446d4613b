/**
 * The database-webhook payload this function accepts: an INSERT of one row
 * into public.contact_submissions or public.job_applications, in the shape
 * Supabase's database webhooks (and the trigger in
 * supabase/migrations/*_notify_submission_webhook.sql) send:
 * `{ type, table, schema, record, old_record }`.
 *
 * Only the columns named here are copied out of `record`, so nothing else a
 * caller adds to the payload reaches a message or a log.
 */

export interface ContactRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: string;
}

export interface ApplicationRecord {
  id: string;
  full_name: string;
  email: string;
  expertise: string;
  experience: string;
  portfolio_url: string | null;
  cover_letter: string;
  created_at: string;
}

export type Submission = { table: 'contact_submissions'; record: ContactRecord } | { table: 'job_applications'; record: ApplicationRecord };

export type Parsed = { ok: true; submission: Submission } | { ok: false; reason: string };

const TABLES = ['contact_submissions', 'job_applications'] as const;

class Invalid extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(record: Record<string, unknown>, column: string): string {
  const value = record[column];
  if (typeof value !== 'string' || value.trim() === '') throw new Invalid(`record.${column} must be a non-empty string`);
  return value;
}

function optionalText(record: Record<string, unknown>, column: string): string | null {
  const value = record[column] ?? null;
  if (value !== null && typeof value !== 'string') throw new Invalid(`record.${column} must be a string or null`);
  return value;
}

function timestamp(record: Record<string, unknown>, column: string): string {
  const value = text(record, column);
  if (Number.isNaN(Date.parse(value))) throw new Invalid(`record.${column} must be a timestamp`);
  return value;
}

function submissionOf(table: (typeof TABLES)[number], r: Record<string, unknown>): Submission {
  if (table === 'contact_submissions') {
    return {
      table,
      record: {
        id: text(r, 'id'),
        first_name: text(r, 'first_name'),
        last_name: text(r, 'last_name'),
        email: text(r, 'email'),
        company: optionalText(r, 'company'),
        message: text(r, 'message'),
        created_at: timestamp(r, 'created_at'),
      },
    };
  }
  return {
    table,
    record: {
      id: text(r, 'id'),
      full_name: text(r, 'full_name'),
      email: text(r, 'email'),
      expertise: text(r, 'expertise'),
      experience: text(r, 'experience'),
      portfolio_url: optionalText(r, 'portfolio_url'),
      cover_letter: text(r, 'cover_letter'),
      created_at: timestamp(r, 'created_at'),
    },
  };
}

/** Check a parsed JSON body; the reason names the first thing that is wrong, for the 400 answer. */
export function parsePayload(body: unknown): Parsed {
  if (!isObject(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (body.type !== 'INSERT') return { ok: false, reason: `type must be "INSERT" (got ${JSON.stringify(body.type ?? null)})` };
  if (body.schema !== 'public') return { ok: false, reason: `schema must be "public" (got ${JSON.stringify(body.schema ?? null)})` };
  const table = TABLES.find((name) => name === body.table);
  if (!table) return { ok: false, reason: `table must be one of ${TABLES.join(', ')} (got ${JSON.stringify(body.table ?? null)})` };
  if (!isObject(body.record)) return { ok: false, reason: 'record must be an object (the inserted row)' };
  try {
    return { ok: true, submission: submissionOf(table, body.record) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}
