/**
 * What every form island shares: the draft, the submitting state (one send at
 * a time, so a double click never sends twice), the honeypot, the retrying
 * insert and the notices. Each island only lays out its fields.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useDraft } from './useDraft';
import { notifyError, notifySuccess, type Notice } from './notices';
import { submitWithRetry, type Outcome } from '../../lib/forms/submit';
import { newRowId } from '../../lib/forms/rows';
import { restBackend } from '../../lib/supabase/rest';
import type { TableName } from '../../lib/forms/limits';

export interface FormOptions<S extends Record<string, string>> {
  /** Session-storage key of the draft, e.g. "contact". */
  name: string;
  empty: S;
  table: TableName;
  toRow: (values: S, id: string) => object;
  success: (values: S) => Notice;
  error: Notice;
}

function describe(outcome: Extract<Outcome, { ok: false }>): string {
  if (outcome.reason === 'not-configured' || outcome.reason === 'exception') return String(outcome.cause);
  const { status, error } = outcome.result ?? { status: 0, error: null };
  return `HTTP ${status}${error?.code ? ` ${error.code}` : ''}: ${error?.message ?? 'no answer'}`;
}

export type FormState = ReturnType<typeof useFormSubmit>;

export function useFormSubmit<S extends Record<string, string>>(options: FormOptions<S>) {
  const { name, empty, table, toRow, success, error } = options;
  const { draft, updateDraft, clearDraft } = useDraft(name, empty);
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const busy = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => setHydrated(true), []);

  // The fields are disabled while sending, which drops keyboard focus; give it back to the submit button.
  useEffect(() => {
    if (submitting || !formRef.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) formRef.current.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [submitting]);

  /** Change one field. A changed form is a new submission, so it gets a new row id when sent. */
  const setField = useCallback(
    <K extends keyof S>(field: K, value: S[K]) => updateDraft((d) => ({ values: { ...d.values, [field]: value }, rowId: null })),
    [updateDraft],
  );

  const onSubmit = useCallback(
    async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const form = event.currentTarget;
      // `required` accepts a field of spaces; empty it so the browser asks for it like an empty one.
      const blank = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[required], textarea[required]')].filter(
        (el) => el.value !== '' && el.value.trim() === '',
      );
      for (const el of blank) {
        el.value = '';
        if (el.name in empty) setField(el.name as keyof S, '' as S[keyof S]);
      }
      if (!form.reportValidity()) return;

      busy.current = true;
      formRef.current = form;
      setSubmitting(true);
      try {
        const values = draft.values;
        const done = () => {
          notifySuccess(success(values));
          clearDraft();
          if (honeypot.current) honeypot.current.value = '';
        };
        // A filled honeypot means a bot: it sees the normal success and nothing is sent.
        if (honeypot.current && honeypot.current.value !== '') {
          done();
          return;
        }
        const rowId = draft.rowId ?? newRowId();
        if (!draft.rowId) updateDraft((d) => ({ ...d, rowId }));
        const row = toRow(values, rowId);
        const outcome = await submitWithRetry(() => restBackend.insert(table, row));
        if (outcome.ok) {
          done();
        } else {
          console.error(`The ${name} form could not be sent after ${outcome.attempts} attempt(s): ${describe(outcome)}`);
          notifyError(error);
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [draft, empty, setField, updateDraft, clearDraft, name, table, toRow, success, error],
  );

  return useMemo(
    () => ({ values: draft.values, setField, submitting, hydrated, onSubmit, honeypot }),
    [draft.values, setField, submitting, hydrated, onSubmit],
  );
}
