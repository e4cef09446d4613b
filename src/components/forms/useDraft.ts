/**
 * A form's draft in session storage, so a reload (or a tab restored by the
 * browser) keeps what the visitor typed. It lives only as long as the tab,
 * holds only the form's own fields, and is cleared when the form is sent.
 * Along with the values it keeps the id of the row being sent, so resending
 * the same values after a failure reuses it (and can never store twice).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftKey } from '../../lib/forms/early-input';

export interface Draft<S> {
  values: S;
  rowId: string | null;
}

/** Read a stored draft, keeping only the known fields with string values. */
export function readDraft<S extends Record<string, string>>(key: string, empty: S, storage: Storage | undefined): Draft<S> | null {
  try {
    const raw = storage?.getItem(draftKey(key));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: Record<string, unknown>; rowId?: unknown };
    const values = { ...empty };
    for (const name of Object.keys(empty) as (keyof S)[]) {
      const value = parsed.values?.[name as string];
      if (typeof value === 'string') values[name] = value as S[keyof S];
    }
    return { values, rowId: typeof parsed.rowId === 'string' ? parsed.rowId : null };
  } catch {
    return null;
  }
}

export function writeDraft<S extends Record<string, string>>(key: string, empty: S, draft: Draft<S>, storage: Storage | undefined) {
  try {
    const isEmpty = (Object.keys(empty) as (keyof S)[]).every((k) => draft.values[k] === empty[k]);
    if (isEmpty && !draft.rowId) storage?.removeItem(draftKey(key));
    else storage?.setItem(draftKey(key), JSON.stringify(draft));
  } catch {
    // Storage full or disabled (private mode): the form still works, only the draft is not kept.
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * `typed` reads what the visitor typed into the server HTML before hydration;
 * it is newer than any stored draft, so its values win.
 */
export function useDraft<S extends Record<string, string>>(key: string, empty: S, typed: () => Partial<S> = () => ({})) {
  const [draft, setDraftState] = useState<Draft<S>>({ values: empty, rowId: null });
  const typedRef = useRef(typed);

  // Restore after hydration (the server HTML is always the empty form).
  useEffect(() => {
    const stored = readDraft(key, empty, session());
    const early = typedRef.current();
    if (Object.keys(early).length > 0) {
      // The fields may hold the draft itself (put back before hydration after a reload): its row id then stays.
      const same = stored !== null && (Object.keys(early) as (keyof S)[]).every((name) => stored.values[name] === early[name]);
      const next = { values: { ...(stored?.values ?? empty), ...early }, rowId: same ? stored.rowId : null };
      writeDraft(key, empty, next, session());
      setDraftState(next);
    } else if (stored) {
      setDraftState(stored);
    }
  }, [key, empty]);

  /** Change the draft (functional, so several changes in one event all apply) and store it. */
  const updateDraft = useCallback(
    (change: (previous: Draft<S>) => Draft<S>) => {
      setDraftState((previous) => {
        const next = change(previous);
        writeDraft(key, empty, next, session());
        return next;
      });
    },
    [key, empty],
  );

  const clearDraft = useCallback(() => {
    setDraftState({ values: empty, rowId: null });
    try {
      session()?.removeItem(draftKey(key));
    } catch {
      /* nothing stored */
    }
  }, [key, empty]);

  return { draft, updateDraft, clearDraft };
}
