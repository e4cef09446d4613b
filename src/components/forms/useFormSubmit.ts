/**
 * What every submission form shares: the draft, the submitting state (one
 * send at a time, so a double click never sends twice), the field checks and
 * their inline messages, the honeypot, the retrying insert and the notices.
 * Fields and row come from the form's definition (src/lib/forms/*.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useDraft } from './useDraft';
import { dismissFailures, notifyError, notifySuccess, type Notice } from './notices';
import { useFieldErrors } from './useFieldErrors';
import { useIslandReady } from './useIslandReady';
import type { FieldCopy } from './controls';
import type { FieldErrorCopy } from '../../lib/forms/field-errors';
import { submitWithRetry, type Outcome } from '../../lib/forms/submit';
import { throttledNotice, type ThrottledCopy } from '../../lib/forms/retry-wait';
import { emptyValues, newRowId, toRow, type FormDefinition, type Values } from '../../lib/forms/definition';
import { restBackend } from '../../lib/supabase/rest';
import { typedValues } from '../../lib/forms/early-input';

export interface FormOptions<N extends string> {
  definition: FormDefinition<N>;
  success: (values: Values<N>) => Notice;
  error: Notice;
  /** Shown when the database's throttle refuses the row, with when to try again (its Retry-After): nothing is retried, values and draft stay. */
  throttled: ThrottledCopy;
  /** Shown when the visitor sends while offline: the form sends once the connection is back, unless edited meanwhile. */
  offline: string;
  /** Each field's copy (its `invalid` message) and the common field messages. */
  fields: Record<N, FieldCopy>;
  fieldErrors: FieldErrorCopy;
}

function describe(outcome: Extract<Outcome, { ok: false }>): string {
  if (outcome.reason === 'not-configured' || outcome.reason === 'exception') return String(outcome.cause);
  const { status, error } = outcome.result ?? { status: 0, error: null };
  return `HTTP ${status}${error?.code ? ` ${error.code}` : ''}: ${error?.message ?? 'no answer'}`;
}

/** What the visitor typed into the server-rendered form before the island hydrated, so hydration takes it over. */
function typedBeforeHydration<N extends string>(definition: FormDefinition<N>): Partial<Values<N>> {
  const form = document.getElementById(`form-${definition.id}`) as HTMLFormElement | null;
  return typedValues(
    form,
    definition.fields.map((f) => f.name),
    emptyValues(definition),
  ) as Partial<Values<N>>;
}

export function useFormSubmit<N extends string>({ definition, success, error, throttled, offline, fields, fieldErrors }: FormOptions<N>) {
  const empty = useMemo(() => emptyValues(definition), [definition]);
  const { draft, updateDraft, clearDraft } = useDraft(definition.id, empty, () => typedBeforeHydration(definition));
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const busy = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { errors, check, recheck } = useFieldErrors(fields, fieldErrors);
  // Pressed while offline: sent once the connection is back, unless a field changed meanwhile.
  const sendWhenOnline = useRef(false);
  useEffect(() => {
    const onOnline = () => {
      if (!sendWhenOnline.current) return;
      sendWhenOnline.current = false;
      dismissFailures();
      formRef.current?.requestSubmit();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  useEffect(() => setHydrated(true), []);
  // Rendered with the draft and what was typed before hydration: a press made meanwhile can be done now.
  useIslandReady(hydrated, formRef);

  // The fields are disabled while sending, which drops keyboard focus; give it back to the submit button.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const sent = wasSubmitting.current && !submitting;
    wasSubmitting.current = submitting;
    if (!sent || !formRef.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) formRef.current.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [submitting]);

  /** Change fields. A changed form is a new submission, so it gets a new row id when sent. */
  const setFields = useCallback(
    (changes: Partial<Values<N>>) => {
      dismissFailures();
      sendWhenOnline.current = false;
      updateDraft((d) => ({ values: { ...d.values, ...changes }, rowId: null }));
    },
    [updateDraft],
  );

  const onSubmit = useCallback(
    async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      dismissFailures();
      // A value of only spaces or invisible characters fails the field's pattern (src/lib/forms/patterns.ts): its message shows.
      if (!check(event.currentTarget)) return;
      if (!navigator.onLine) {
        sendWhenOnline.current = true;
        notifyError({ text: offline });
        return;
      }

      busy.current = true;
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
        const row = toRow(definition, values, rowId);
        const outcome = await submitWithRetry(() => restBackend.insert(definition.table, row));
        if (outcome.ok) {
          done();
        } else {
          console.error(`The ${definition.id} form could not be sent after ${outcome.attempts} attempt(s): ${describe(outcome)}`);
          notifyError(outcome.reason === 'throttled' ? throttledNotice(throttled, outcome.result?.retryAfterMs) : error);
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [draft, updateDraft, clearDraft, definition, success, error, throttled, offline, check],
  );

  return useMemo(
    () => ({
      values: draft.values,
      setFields,
      submitting,
      hydrated,
      onSubmit,
      honeypot,
      formRef,
      errors,
      recheck,
    }),
    [draft.values, setFields, submitting, hydrated, onSubmit, errors, recheck],
  );
}
