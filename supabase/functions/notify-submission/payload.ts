/**
 * What this function accepts, each checked before anything is sent:
 *
 * - an INSERT of one row into one of the form tables, in the shape Supabase's database webhooks
 *   send (`{ type, table, schema, record, old_record }`), plus the row's place in the
 *   notification window (`notification`);
 * - a digest of the rows that got no message of their own (`{ type: "SUMMARY", schema, summary }`,
 *   private.notify_take_digest() in *_form_outbox.sql), read by parseSummary;
 * - a short alert (`{ type: "ALERT", schema, alert }`: the first held row of a window, capacity
 *   refusals, the storage budget at 80% or 100%), read by parseAlert.
 *
 * The database's outbox adds `delivery: { key, attempt }` to each: the key names the message
 * (`row:<table>:<id>`, `digest:<id>`, `alert:…`), the same on every retry, so a repeat is dropped.
 * A digest and a held alert carry the held rows they are about (`held_rows`, at most 50, read when
 * posted, so an erased row is never in one, and `held_total`); a row the team released carries
 * `released: { at, digest_id }`.
 *
 * The tables and columns are the website's form definitions'
 * (../_shared/form-definitions.ts), and the columns that say where the lead came from
 * (SOURCE_COLUMNS). Only those columns are copied out of `record`, so nothing else a caller adds
 * to the payload reaches a message or a log.
 */
import { FORMS, SOURCE_COLUMNS, type TableName, type TeamForm } from '../_shared/form-definitions.ts';
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

/** The outbox's name for a message (the same on every attempt) and which attempt this is. */
export interface Delivery {
  key: string;
  attempt: number;
}

/** A held row the team released: when, and the digest that had counted it (if one had). */
export interface Released {
  at: string;
  digestId: number | null;
}

export interface Submission {
  table: TableName;
  record: StoredRow;
  notification?: Notification;
  delivery?: Delivery;
  released?: Released;
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

function deliveryOf(value: unknown): Delivery | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new Invalid('delivery must be an object');
  const { key, attempt } = value;
  if (typeof key !== 'string' || !/^[a-z]+:[\w:.+-]{1,190}$/.test(key)) throw new Invalid('delivery.key must be a delivery key');
  if (!Number.isInteger(attempt) || (attempt as number) < 1) throw new Invalid('delivery.attempt must be a positive whole number');
  return { key, attempt: attempt as number };
}

function releasedOf(value: unknown): Released | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new Invalid('released must be an object');
  const digest = value.digest_id ?? null;
  if (digest !== null && (!Number.isInteger(digest) || (digest as number) < 0))
    throw new Invalid('released.digest_id must be a whole number or null');
  return { at: timestamp(value.at, 'released.at'), digestId: digest as number | null };
}

/**
 * A held row as a digest or an alert carries it: its table, id, when it was stored, and its
 * form's columns with the long texts cut short (the database sends no more: the message shows a
 * line of it, so the team can tell a real lead from the flood).
 */
export interface HeldRow {
  table: TableName;
  record: StoredRow;
}

function heldRowOf(item: unknown, name: string, forms: readonly TeamForm[]): HeldRow {
  if (!isObject(item)) throw new Invalid(`${name} must be an object`);
  const table = [...new Set(forms.map((form) => form.table))].find((t) => t === item.table);
  if (!table) throw new Invalid(`${name}.table must be a form table`);
  if (!isObject(item.record)) throw new Invalid(`${name}.record must be an object`);
  return { table, record: recordOf(table, item.record, forms) };
}

function heldRowsOf(value: unknown, name: string, forms: readonly TeamForm[]): HeldRow[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_HELD_ROWS) throw new Invalid(`${name} must be a list of at most ${MAX_HELD_ROWS} rows`);
  return value.map((item, index) => heldRowOf(item, `${name}[${index}]`, forms));
}

/** A held row as the database's action functions send it (the same shape as a digest's); only its form's and source columns are kept. */
export function parseHeldRow(
  item: unknown,
  forms: readonly TeamForm[] = FORMS,
): { ok: true; row: HeldRow } | { ok: false; reason: string } {
  try {
    return { ok: true, row: heldRowOf(item, 'row', forms) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The most held rows a digest or an alert lists; the rest are behind the digest's list link. */
export const MAX_HELD_ROWS = 50;

/** A relation the team reads as the service role, e.g. private.form_inbox. */
function relation(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(value)) throw new Invalid(`${name} must be a relation name`);
  return value;
}

/**
 * A digest: the rows that got no message of their own, counted once each, stored between
 * `firstAt` and `lastAt`; how many of them are held; the rows announced on their own meanwhile;
 * their senders (per notification window, so approximate); and where to list them.
 */
export interface Digest {
  digestId: number;
  firstAt: string;
  lastAt: string;
  notified: number;
  unannounced: number;
  held: number;
  senders: number;
  heldSenders: number;
  /** The relation that lists the rows, e.g. private.form_inbox (filtered by digest_id). */
  review: string;
  /** The first held rows still held when the digest was posted, newest first, and how many are still held. */
  heldRows: HeldRow[];
  heldTotal: number;
  delivery?: Delivery;
}

export type ParsedSummary = { ok: true; summary: Digest } | { ok: false; reason: string };

const count = (value: Record<string, unknown>, name: string, prefix = 'summary'): number => {
  const n = value[name];
  if (!Number.isInteger(n) || (n as number) < 0) throw new Invalid(`${prefix}.${name} must be a whole number`);
  return n as number;
};

/** Check the body of a digest (type SUMMARY); the reason names the first thing that is wrong. */
export function parseSummary(body: unknown, forms: readonly TeamForm[] = FORMS): ParsedSummary {
  if (!isObject(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (body.type !== 'SUMMARY') return { ok: false, reason: `type must be "SUMMARY" (got ${JSON.stringify(body.type ?? null)})` };
  if (body.schema !== 'public') return { ok: false, reason: `schema must be "public" (got ${JSON.stringify(body.schema ?? null)})` };
  const value = body.summary;
  if (!isObject(value)) return { ok: false, reason: 'summary must be an object' };
  try {
    return {
      ok: true,
      summary: {
        digestId: count(value, 'digest_id'),
        firstAt: timestamp(value.first_at, 'summary.first_at'),
        lastAt: timestamp(value.last_at, 'summary.last_at'),
        notified: count(value, 'notified'),
        unannounced: count(value, 'unannounced'),
        held: count(value, 'held'),
        senders: count(value, 'senders'),
        heldSenders: count(value, 'held_senders'),
        review: relation(value.review, 'summary.review'),
        heldRows: heldRowsOf(value.held_rows, 'summary.held_rows', forms),
        heldTotal: value.held_total === undefined ? 0 : count(value, 'held_total'),
        delivery: deliveryOf(body.delivery),
      },
    };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * A short alert: the first held row of a window, capacity refusals, the storage budget nearly or
 * wholly used, or a scheduled build of the site (an entry due, or the rebuild before security.txt
 * expires) not live 15 minutes after its time.
 */
export type Alert = { at: string; review: string; delivery?: Delivery } & (
  | { kind: 'held'; windowStartedAt: string; windowEndsAt: string; heldRows: HeldRow[]; heldTotal: number }
  | { kind: 'refused'; refused: number }
  | { kind: 'storage'; percent: 80 | 100; usedBytes: number; budgetBytes: number }
  | {
      kind: 'publishing';
      dueAt: string;
      reason: 'entry' | 'renewal';
      attempts: number;
      lastError: string | null;
      hookConfirmed: boolean;
      lastBuildAt: string | null;
    }
);

export type ParsedAlert = { ok: true; alert: Alert } | { ok: false; reason: string };

/** Check the body of an alert (type ALERT); the reason names the first thing that is wrong. */
export function parseAlert(body: unknown, forms: readonly TeamForm[] = FORMS): ParsedAlert {
  if (!isObject(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (body.type !== 'ALERT') return { ok: false, reason: `type must be "ALERT" (got ${JSON.stringify(body.type ?? null)})` };
  if (body.schema !== 'public') return { ok: false, reason: `schema must be "public" (got ${JSON.stringify(body.schema ?? null)})` };
  const value = body.alert;
  if (!isObject(value)) return { ok: false, reason: 'alert must be an object' };
  try {
    const common = {
      at: timestamp(value.at, 'alert.at'),
      review: relation(value.review, 'alert.review'),
      delivery: deliveryOf(body.delivery),
    };
    switch (value.kind) {
      case 'held':
        return {
          ok: true,
          alert: {
            ...common,
            kind: 'held',
            windowStartedAt: timestamp(value.window_started_at, 'alert.window_started_at'),
            windowEndsAt: timestamp(value.window_ends_at, 'alert.window_ends_at'),
            heldRows: heldRowsOf(value.held_rows, 'alert.held_rows', forms),
            heldTotal: value.held_total === undefined ? 0 : count(value, 'held_total', 'alert'),
          },
        };
      case 'refused':
        return { ok: true, alert: { ...common, kind: 'refused', refused: count(value, 'refused', 'alert') } };
      case 'storage': {
        const percent = value.percent;
        if (percent !== 80 && percent !== 100) throw new Invalid('alert.percent must be 80 or 100');
        return {
          ok: true,
          alert: {
            ...common,
            kind: 'storage',
            percent,
            usedBytes: count(value, 'used_bytes', 'alert'),
            budgetBytes: count(value, 'budget_bytes', 'alert'),
          },
        };
      }
      case 'publishing': {
        const reason = value.reason;
        if (reason !== 'entry' && reason !== 'renewal') throw new Invalid('alert.reason must be "entry" or "renewal"');
        if (typeof value.hook_confirmed !== 'boolean') throw new Invalid('alert.hook_confirmed must be true or false');
        return {
          ok: true,
          alert: {
            ...common,
            kind: 'publishing',
            dueAt: timestamp(value.due_at, 'alert.due_at'),
            reason,
            attempts: count(value, 'attempts', 'alert'),
            lastError: typeof value.last_error === 'string' ? value.last_error : null,
            hookConfirmed: value.hook_confirmed,
            lastBuildAt:
              value.last_build_at === null || value.last_build_at === undefined
                ? null
                : timestamp(value.last_build_at, 'alert.last_build_at'),
          },
        };
      }
      default:
        throw new Invalid(`alert.kind must be "held", "refused", "storage" or "publishing" (got ${JSON.stringify(value.kind ?? null)})`);
    }
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The row's id, time, form columns and source columns, checked; nothing else of `source` is kept. */
function recordOf(table: TableName, source: Record<string, unknown>, forms: readonly TeamForm[]): StoredRow {
  const record: StoredRow = { id: text(source, 'id'), created_at: '' };
  for (const { column, required } of columnsOf(table, forms))
    record[column] = required ? text(source, column) : optionalText(source, column);
  for (const column of SOURCE_COLUMNS) record[column] = optionalText(source, column);
  record.created_at = timestamp(source.created_at, 'record.created_at');
  if (!forms.some((form) => form.table === table && readRow(form, record)))
    throw new Invalid(`the row matches none of the forms of ${table}`);
  return record;
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
    const record = recordOf(table, body.record, forms);
    const submission: Submission = {
      table,
      record,
      notification: notificationOf(body.notification),
      delivery: deliveryOf(body.delivery),
      released: releasedOf(body.released),
    };
    return { ok: true, submission };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}
