/**
 * What every submission form shares: the draft, the submitting state (one
 * send at a time, so a double click never sends twice), the field checks and
 * their inline messages, the honeypot, the retrying insert and the notices.
 * Fields and row come from the form's definition (src/lib/forms/*.ts).
 *
 * What only sending needs, the Supabase client (src/lib/supabase/rest.ts) and
 * the notices' library (./notices.tsx), is not part of the island's first
 * render: it is loaded once the island is ready, when the browser is idle
 * (with the first submit where the visitor spares data), and the submit waits
 * for it before anything is sent. When it cannot load (a deploy removed it,
 * the connection is gone and it had not come yet), the page recovers as for
 * the island's own code (src/lib/forms/recovery.ts): the press is kept,
 * carried out after a reload.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useDraft } from './useDraft';
import { dismissFailures, loadNotices, notifyError, notifySuccess, type Notice } from './notices';
import { useFieldErrors } from './useFieldErrors';
import { useIslandReady } from './useIslandReady';
import type { FieldCopy } from './controls';
import type { FieldErrorCopy } from '../../lib/forms/field-errors';
import { submitWithRetry, type Outcome } from '../../lib/forms/submit';
import { throttledNotice, type ThrottledCopy } from '../../lib/forms/retry-wait';
import { emptyValues, newRowId, toRow, type FormDefinition, type Values } from '../../lib/forms/definition';
import { typedValues } from '../../lib/forms/early-input';
import { loadRecoveryScript, showOfflineNotice } from '../../lib/forms/recovery-script';
import { whenIdleAndWilling } from '../../lib/islands/prefetch';
import { sourceOf } from '../../lib/forms/visit-source';

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

/** What the first submit needs and the first render does not: the Supabase client and the notices. */
const loadSending = () => Promise.all([import('../../lib/supabase/rest'), loadNotices()]).then(([rest]) => rest.restBackend);

/**
 * What sending needs could not load: recover as an island whose code cannot load (src/lib/forms/recovery.ts),
 * with the press, a submit that passed the checks, to carry out after the reload. Without even the recovery
 * script (offline), say so and send once the connection is back.
 */
function recoverSend(form: HTMLFormElement, formId: string, submitter: HTMLElement | null) {
  const island = form.closest('astro-island');
  const button = [...form.querySelectorAll('button')].indexOf(submitter as HTMLButtonElement);
  loadRecoveryScript().then(
    (script) =>
      script.recoverOnPage(
        {
          formId,
          deploy: island?.getAttribute('component-url') ?? '',
          press: () => ({ kind: 'submit', button, validated: true }),
          hasPassword: false,
        },
        form,
      ),
    (error) => {
      if (navigator.onLine) return console.error(`The ${formId} form cannot be sent from this page:`, error);
      showOfflineNotice(formId);
      addEventListener('online', () => form.requestSubmit(submitter as HTMLButtonElement | null), { once: true });
    },
  );
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

  useEffect(() => {
    setHydrated(true);
    // What the first send needs, after the first render; a module that cannot load is the send's to recover from.
    whenIdleAndWilling(() => void loadSending().catch(() => {}));
  }, []);
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
      const form = event.currentTarget;
      if (!check(form)) return;
      busy.current = true;
      const backend = await loadSending().catch(() => undefined);
      if (!backend) {
        busy.current = false;
        recoverSend(form, definition.id, event.nativeEvent.submitter);
        return;
      }
      if (!navigator.onLine) {
        busy.current = false;
        sendWhenOnline.current = true;
        notifyError({ text: offline });
        return;
      }

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
        const row = toRow(
          definition,
          values,
          rowId,
          sourceOf(() => sessionStorage, location.pathname),
        );
        const outcome = await submitWithRetry(() => backend.insert(definition.table, row));
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
