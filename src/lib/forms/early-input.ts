/**
 * Form islands hydrate on the visitor's first interaction (src/directives/form.ts),
 * so their server-rendered fields already work before React runs. These
 * helpers keep what happened in that gap: the values typed into the plain
 * HTML, the draft key the directive checks to hydrate a restored form at once,
 * and the event that tells the directive the island is ready.
 * A module without React, so the directive can import it.
 */

/**
 * The event a form island sends (bubbling, from inside it) once its script runs
 * and its state has taken over what was typed: the directive then does what the
 * visitor pressed meanwhile (src/directives/form.ts).
 */
export const ISLAND_READY = 'island:ready';

/** The session-storage key of a form's draft (src/components/forms/useDraft.ts). */
export const draftKey = (formId: string) => `form-draft:${formId}`;

/**
 * The non-empty values the visitor typed or chose in a form before its island
 * hydrated, by field name; `initial` values (a radio group's first choice) do not count.
 */
export function typedValues(
  form: HTMLFormElement | null,
  names: readonly string[],
  initial: Record<string, string> = {},
): Record<string, string> {
  const typed: Record<string, string> = {};
  if (!form) return typed;
  for (const name of names) {
    const control = form.elements.namedItem(name);
    const value =
      control instanceof RadioNodeList ||
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
        ? control.value
        : '';
    if (value !== '' && value !== (initial[name] ?? '')) typed[name] = value;
  }
  return typed;
}
