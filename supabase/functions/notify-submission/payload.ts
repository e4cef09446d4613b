/**
 * The database-webhook payload this function accepts: an INSERT of one row
 * into one of the form tables, in the shape Supabase's database webhooks (and
 * the trigger in supabase/migrations/*_notify_submission_webhook.sql and
 * *_notify_ceiling.sql) send: `{ type, table, schema, record, old_record }`,
 * plus the row's place in the notification window (`notification`); and the
 * summary of an ended notification window the database's scheduled job posts
 * (`{ type: "SUMMARY", schema, summary }`, *_form_hold.sql), read by parseSummary.
 *
 * The tables and columns are the website's form definitions'
 * (../_shared/form-definitions.ts). Only those columns are copied out of `record`, so
 * nothing else a caller adds to the payload reaches a message or a log.
 */
import { FORMS, type TableName, type TeamForm } from '../_shared/form-definitions.ts';
import { readRow } from './read-row.ts';

/** The stored row: its id, when it was stored, and the forms' columns (null when empty). */
export type StoredRow = { id: string; created_at: string } & Record<string, string | null>;

/** The row's place among the rows numbered in the current notification window. */
export interface Notification {
  number: number;
  limit: number;
  windowStartedAt: string;
  windowEndsAt: string;
}

export interface Submission {
  table: TableName;
  record: StoredRow;
  notification?: Notification;
}

export type Parsed = { ok: true; submission: Submission } | { ok: false; reason: string };

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

function timestamp(value: unknown, name: string): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new Invalid(`${name} must be a timestamp`);
  return value;
}

/**
 * The columns the forms of `table` write, in the order of their fields: a
 * column is required when every form of the table writes it as a required
 * field, a composed column or a fixed value.
 */
export function columnsOf(table: TableName, forms: readonly TeamForm[]): { column: string; required: boolean }[] {
  const ofTable = forms.filter((form) => form.table === table);
  const written = (form: TeamForm) =>
    new Map<string, boolean>([
      ...form.fields.flatMap((field) => (field.column ? [[field.column, field.required] as const] : [])),
      ...form.compose.map((composed) => [composed.column, true] as const),
      ...Object.keys(form.fixed).map((column) => [column, true] as const),
    ]);
  const perForm = ofTable.map(written);
  const columns = [...new Set(perForm.flatMap((columns) => [...columns.keys()]))];
  return columns.map((column) => ({ column, required: perForm.every((columns) => columns.get(column) === true) }));
}

function notificationOf(value: unknown): Notification | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new Invalid('notification must be an object');
  const { number, limit } = value;
  if (!Number.isInteger(number) || (number as number) < 1) throw new Invalid('notification.number must be a positive whole number');
  if (!Number.isInteger(limit) || (limit as number) < 0) throw new Invalid('notification.limit must be a whole number');
  return {
    number: number as number,
    limit: limit as number,
    windowStartedAt: timestamp(value.window_started_at, 'notification.window_started_at'),
    windowEndsAt: timestamp(value.window_ends_at, 'notification.window_ends_at'),
  };
}

/** The counts of an ended notification window: rows posted one by one, not posted, held; their senders; where to review. */
export interface WindowSummary {
  windowStartedAt: string;
  windowEndsAt: string;
  notified: number;
  unannounced: number;
  held: number;
  senders: number;
  heldSenders: number;
  /** The relation that lists the held rows, e.g. private.held_submissions. */
  review: string;
}

export type ParsedSummary = { ok: true; summary: WindowSummary } | { ok: false; reason: string };

const count = (value: Record<string, unknown>, name: string): number => {
  const n = value[name];
  if (!Number.isInteger(n) || (n as number) < 0) throw new Invalid(`summary.${name} must be a whole number`);
  return n as number;
};

/** Check the body of a window summary (type SUMMARY); the reason names the first thing that is wrong. */
export function parseSummary(body: unknown): ParsedSummary {
  if (!isObject(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (body.type !== 'SUMMARY') return { ok: false, reason: `type must be "SUMMARY" (got ${JSON.stringify(body.type ?? null)})` };
  if (body.schema !== 'public') return { ok: false, reason: `schema must be "public" (got ${JSON.stringify(body.schema ?? null)})` };
  const value = body.summary;
  if (!isObject(value)) return { ok: false, reason: 'summary must be an object' };
  try {
    const review = value.review;
    if (typeof review !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(review)) throw new Invalid('summary.review must be a relation name');
    return {
      ok: true,
      summary: {
        windowStartedAt: timestamp(value.window_started_at, 'summary.window_started_at'),
        windowEndsAt: timestamp(value.window_ends_at, 'summary.window_ends_at'),
        notified: count(value, 'notified'),
        unannounced: count(value, 'unannounced'),
        held: count(value, 'held'),
        senders: count(value, 'senders'),
        heldSenders: count(value, 'held_senders'),
        review,
      },
    };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Check a parsed JSON body; the reason names the first thing that is wrong, for the 400 answer. */
export function parsePayload(body: unknown, forms: readonly TeamForm[] = FORMS): Parsed {
  const tables = [...new Set(forms.map((form) => form.table))];
  if (!isObject(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (body.type !== 'INSERT') return { ok: false, reason: `type must be "INSERT" (got ${JSON.stringify(body.type ?? null)})` };
  if (body.schema !== 'public') return { ok: false, reason: `schema must be "public" (got ${JSON.stringify(body.schema ?? null)})` };
  const table = tables.find((name) => name === body.table);
  if (!table) return { ok: false, reason: `table must be one of ${tables.join(', ')} (got ${JSON.stringify(body.table ?? null)})` };
  if (!isObject(body.record)) return { ok: false, reason: 'record must be an object (the inserted row)' };
  try {
    const source = body.record;
    const record: StoredRow = { id: text(source, 'id'), created_at: '' };
    for (const { column, required } of columnsOf(table, forms))
      record[column] = required ? text(source, column) : optionalText(source, column);
    record.created_at = timestamp(source.created_at, 'record.created_at');
    const submission: Submission = { table, record, notification: notificationOf(body.notification) };
    if (!forms.some((form) => form.table === table && readRow(form, record)))
      throw new Invalid(`the row matches none of the forms of ${table}`);
    return { ok: true, submission };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}
