/**
 * What the team's actions do in the database: five functions of the service role, each doing one
 * thing (supabase/schemas/, "team actions"), called over the project's REST API as
 * ./receipts.ts calls its two. The database keeps the ledger that makes a link work once: the
 * link's id (its signature) is recorded in the same transaction as what it did, so a second use,
 * or two at once, finds what the first did and when.
 */
import type { ReceiptsStore } from './config.ts';
import { parseHeldRow, type HeldRow } from './payload.ts';

/** What a link already did: its action, when, and how many rows it changed. */
export interface LinkUse {
  action: 'release' | 'erase';
  at: string;
  count: number;
}

export type RowState =
  | { used?: LinkUse; state: 'held'; row: HeldRow }
  | { used?: LinkUse; state: 'released'; releasedAt: string | null }
  | { used?: LinkUse; state: 'normal' }
  | { used?: LinkUse; state: 'gone'; erasedAt: string | null };

export type Released =
  | { outcome: 'released'; at: string }
  | { outcome: 'link_used'; used: LinkUse }
  | { outcome: 'already_released'; at: string | null }
  | { outcome: 'not_held' }
  | { outcome: 'gone'; erasedAt: string | null };

/** What an Erase sender link would erase: the address's rows stored up to its message. */
export interface SenderState {
  used?: LinkUse;
  /** How many. */
  total: number;
  /** The newest 50 of them, each held or not. */
  rows: { row: HeldRow; held: boolean }[];
  /** The address's rows stored after the message: a link keeps them. */
  kept: number;
  erasedAt: string | null;
}

export type Erased =
  | { outcome: 'erased'; at: string; count: number; kept: number }
  | { outcome: 'link_used'; used: LinkUse }
  | { outcome: 'nothing_stored'; erasedAt: string | null; kept: number };

export interface HeldPage {
  /** Held rows of the digest that are still held. */
  total: number;
  rows: HeldRow[];
}

export interface ActionsStore {
  describeRow(rowId: string, linkId: string): Promise<RowState>;
  release(rowId: string, linkId: string, linkExpires: string): Promise<Released>;
  /** `messageAt`: when the link's message was written (ISO, a whole second); rows stored after it are kept. */
  describeSender(email: string, senderKey: string, linkId: string, messageAt: string): Promise<SenderState>;
  erase(email: string, senderKey: string, linkId: string, linkExpires: string, messageAt: string): Promise<Erased>;
  /** null when the digest no longer exists. */
  heldRows(digestId: number, skip: number, take: number): Promise<HeldPage | null>;
}

/** The database answered something this function does not understand: treated like an unreachable store. */
export class StoreAnswerError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const time = (value: unknown) => (typeof value === 'string' ? value : null);
const whole = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);

function useOf(value: unknown): LinkUse | undefined {
  if (!isObject(value)) return undefined;
  if ((value.action !== 'release' && value.action !== 'erase') || typeof value.at !== 'string')
    throw new StoreAnswerError('a link use without action or time');
  return { action: value.action, at: value.at, count: whole(value.count) };
}

function heldRowOf(value: unknown): HeldRow {
  const parsed = parseHeldRow(value);
  if (!parsed.ok) throw new StoreAnswerError(parsed.reason);
  return parsed.row;
}

/** Read the store's answers as the SQL functions write them (the shapes are tested in tests/db/team-actions.test.ts). */
export const readAnswers = {
  row(answer: unknown): RowState {
    if (!isObject(answer)) throw new StoreAnswerError('not an object');
    const used = useOf(answer.used);
    switch (answer.state) {
      case 'held':
        return { used, state: 'held', row: heldRowOf(answer.row) };
      case 'released':
        return { used, state: 'released', releasedAt: time(answer.released_at) };
      case 'normal':
        return { used, state: 'normal' };
      case 'gone':
        return { used, state: 'gone', erasedAt: time(answer.erased_at) };
      default:
        throw new StoreAnswerError(`unknown row state ${JSON.stringify(answer.state)}`);
    }
  },
  release(answer: unknown): Released {
    if (!isObject(answer)) throw new StoreAnswerError('not an object');
    switch (answer.outcome) {
      case 'released':
        return { outcome: 'released', at: String(time(answer.at)) };
      case 'link_used':
        return { outcome: 'link_used', used: useOf(answer.used)! };
      case 'already_released':
        return { outcome: 'already_released', at: time(answer.at) };
      case 'not_held':
        return { outcome: 'not_held' };
      case 'gone':
        return { outcome: 'gone', erasedAt: time(answer.erased_at) };
      default:
        throw new StoreAnswerError(`unknown outcome ${JSON.stringify(answer.outcome)}`);
    }
  },
  sender(answer: unknown): SenderState {
    if (!isObject(answer) || !Array.isArray(answer.rows)) throw new StoreAnswerError('not a sender');
    return {
      used: useOf(answer.used),
      total: whole(answer.total),
      rows: answer.rows.map((item) => ({ row: heldRowOf(item), held: isObject(item) && item.held === true })),
      kept: whole(answer.kept),
      erasedAt: time(answer.erased_at),
    };
  },
  erase(answer: unknown): Erased {
    if (!isObject(answer)) throw new StoreAnswerError('not an object');
    switch (answer.outcome) {
      case 'erased':
        return { outcome: 'erased', at: String(time(answer.at)), count: whole(answer.count), kept: whole(answer.kept) };
      case 'link_used':
        return { outcome: 'link_used', used: useOf(answer.used)! };
      case 'nothing_stored':
        return { outcome: 'nothing_stored', erasedAt: time(answer.erased_at), kept: whole(answer.kept) };
      default:
        throw new StoreAnswerError(`unknown outcome ${JSON.stringify(answer.outcome)}`);
    }
  },
  held(answer: unknown): HeldPage | null {
    if (answer === null) return null;
    if (!isObject(answer) || !Array.isArray(answer.rows)) throw new StoreAnswerError('not a page of held rows');
    return { total: whole(answer.total), rows: answer.rows.map(heldRowOf) };
  },
};

/** The store over the project's REST API, as the service role. */
export function restActionsStore(project: ReceiptsStore, timeoutMs: number): ActionsStore {
  const rpc = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
    const response = await fetch(`${project.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: project.serviceKey, authorization: `Bearer ${project.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${name} answered HTTP ${response.status}`);
    }
    return response.json();
  };
  return {
    describeRow: async (rowId, linkId) => readAnswers.row(await rpc('team_describe_row', { row_id: rowId, link_id: linkId })),
    release: async (rowId, linkId, linkExpires) =>
      readAnswers.release(await rpc('team_release', { row_id: rowId, link_id: linkId, link_expires_at: linkExpires })),
    describeSender: async (email, senderKey, linkId, messageAt) =>
      readAnswers.sender(await rpc('team_describe_sender', { email, sender_key: senderKey, link_id: linkId, message_at: messageAt })),
    erase: async (email, senderKey, linkId, linkExpires, messageAt) =>
      readAnswers.erase(
        await rpc('team_erase', { email, sender_key: senderKey, link_id: linkId, link_expires_at: linkExpires, message_at: messageAt }),
      ),
    heldRows: async (digestId, skip, take) => readAnswers.held(await rpc('team_held_rows', { digest_id: digestId, skip, take })),
  };
}
