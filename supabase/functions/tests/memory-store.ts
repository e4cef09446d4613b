/**
 * The database's team-action functions played in memory, for the function's tests and the
 * browser suites' stand-in (tests/support/supabase/team-actions.ts): rows held or not, a ledger of
 * used links, erasure by address (trimmed, case-insensitive, as erase_submitter) of the rows stored
 * up to the end of the second the link's message was written, and the answers
 * in the shapes the SQL functions give (tests/db/team-actions.test.ts checks those shapes on
 * the real SQL with the same readers, ./actions-store.ts's readAnswers). Plain TypeScript: no
 * Deno API, so Node can load it too.
 */
import type { ActionsStore, Erased, HeldPage, LinkUse, Released, RowState, SenderState } from '../notify-submission/actions-store.ts';
import type { HeldRow } from '../notify-submission/payload.ts';

export interface MemoryRow extends HeldRow {
  held: boolean;
  releasedAt: string | null;
  digestId: number | null;
}

interface LedgerEntry {
  use: LinkUse;
  rowId?: string;
  senderKey?: string;
  rowIds: string[];
}

export interface MemoryStore extends ActionsStore {
  rows: MemoryRow[];
  /** Digest ids that exist. */
  digests: Set<number>;
  /** Every call, in order: method and arguments. */
  calls: { method: string; args: unknown[] }[];
  /** Make the next calls throw, as an unreachable database would. */
  failing: boolean;
}

export function memoryStore(rows: MemoryRow[] = [], now: () => string = () => new Date().toISOString()): MemoryStore {
  const ledger = new Map<string, LedgerEntry>();
  const emailOf = (row: HeldRow) =>
    String(row.record.email ?? '')
      .trim()
      .toLowerCase();
  const erasedWhen = (test: (entry: LedgerEntry) => boolean) =>
    [...ledger.values()].filter((entry) => entry.use.action === 'erase' && entry.use.count > 0 && test(entry)).at(-1)?.use.at ?? null;
  /** The address's rows, newest first, and whether its message could have shown each (team_sender_rows). */
  const senderRows = (email: string, messageAt: string) => {
    const until = Math.floor(Date.parse(messageAt) / 1000) * 1000 + 1000;
    const mine = store.rows
      .filter((row) => emailOf(row) === email.trim().toLowerCase())
      .sort((a, b) => b.record.created_at.localeCompare(a.record.created_at) || b.record.id.localeCompare(a.record.id));
    return {
      seen: mine.filter((row) => Date.parse(row.record.created_at) < until),
      kept: mine.filter((row) => Date.parse(row.record.created_at) >= until).length,
    };
  };

  const store: MemoryStore = {
    rows,
    digests: new Set(rows.flatMap((row) => (row.digestId ? [row.digestId] : []))),
    calls: [],
    failing: false,
    describeRow(rowId, linkId) {
      return record('describeRow', [rowId, linkId], (): RowState => {
        const used = ledger.get(linkId)?.use;
        const row = store.rows.find((r) => r.record.id === rowId);
        if (!row) return { used, state: 'gone', erasedAt: erasedWhen((entry) => entry.rowIds.includes(rowId)) };
        if (row.held) return { used, state: 'held', row: { table: row.table, record: row.record } };
        return row.releasedAt ? { used, state: 'released', releasedAt: row.releasedAt } : { used, state: 'normal' };
      });
    },
    release(rowId, linkId, _expires) {
      return record('release', [rowId, linkId, _expires], (): Released => {
        const used = ledger.get(linkId)?.use;
        if (used) return { outcome: 'link_used', used };
        const row = store.rows.find((r) => r.record.id === rowId);
        if (!row) return { outcome: 'gone', erasedAt: erasedWhen((entry) => entry.rowIds.includes(rowId)) };
        if (!row.held) return row.releasedAt ? { outcome: 'already_released', at: row.releasedAt } : { outcome: 'not_held' };
        const at = now();
        row.held = false;
        row.releasedAt = at;
        ledger.set(linkId, { use: { action: 'release', at, count: 1 }, rowId, rowIds: [rowId] });
        return { outcome: 'released', at };
      });
    },
    describeSender(email, senderKey, linkId, messageAt) {
      return record('describeSender', [email, senderKey, linkId, messageAt], (): SenderState => {
        const { seen, kept } = senderRows(email, messageAt);
        return {
          used: ledger.get(linkId)?.use,
          total: seen.length,
          rows: seen.slice(0, 50).map((row) => ({ row: { table: row.table, record: row.record }, held: row.held })),
          kept,
          erasedAt: erasedWhen((entry) => entry.senderKey === senderKey),
        };
      });
    },
    erase(email, senderKey, linkId, _expires, messageAt) {
      return record('erase', [email, senderKey, linkId, _expires, messageAt], (): Erased => {
        const used = ledger.get(linkId)?.use;
        if (used) return { outcome: 'link_used', used };
        const { seen: gone, kept } = senderRows(email, messageAt);
        const at = now();
        // Used once pressed, even when it found nothing.
        ledger.set(linkId, { use: { action: 'erase', at, count: gone.length }, senderKey, rowIds: gone.map((row) => row.record.id) });
        if (gone.length === 0) return { outcome: 'nothing_stored', erasedAt: erasedWhen((entry) => entry.senderKey === senderKey), kept };
        store.rows = store.rows.filter((row) => !gone.includes(row));
        return { outcome: 'erased', at, count: gone.length, kept };
      });
    },
    heldRows(digestId, skip, take) {
      return record('heldRows', [digestId, skip, take], (): HeldPage | null => {
        if (!store.digests.has(digestId)) return null;
        const held = store.rows
          .filter((row) => row.digestId === digestId && row.held)
          .sort((a, b) => b.record.created_at.localeCompare(a.record.created_at) || b.record.id.localeCompare(a.record.id));
        return { total: held.length, rows: held.slice(skip, skip + take).map((row) => ({ table: row.table, record: row.record })) };
      });
    },
  };

  function record<T>(method: string, args: unknown[], run: () => T): Promise<T> {
    store.calls.push({ method, args });
    if (store.failing) return Promise.reject(new Error('answered HTTP 503'));
    return Promise.resolve(run());
  }
  return store;
}

/** A held contact request, as a digest would hold it. */
export function heldContact(id: string, fields: Partial<Record<string, string | null>> = {}, digestId = 42): MemoryRow {
  return {
    table: 'contact_submissions',
    record: {
      id,
      created_at: '2026-11-25T09:41:07+00:00',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      message: 'We would like to talk about a project.',
      status: 'new',
      ...fields,
    } as HeldRow['record'],
    held: true,
    releasedAt: null,
    digestId,
  };
}
