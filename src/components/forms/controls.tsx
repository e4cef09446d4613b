/**
 * Form controls: a visible label bound to each control (htmlFor/id), native
 * validation attributes, the field's error message under it (tied with
 * aria-describedby, the control marked aria-invalid) and the site's field
 * styles. Copy comes in as props. Used by the submission forms and the sign-in card.
 */
import { useEffect, useRef, type ChangeEvent, type InvalidEvent } from 'react';
import { matchesPattern } from '../../lib/forms/patterns';

export interface FieldCopy {
  label: string;
  placeholder?: string;
  /** Said by the browser when the value does not have the expected form (pattern or type). */
  invalid?: string;
}

export interface ControlProps {
  /** Form-unique prefix for element ids. */
  form: string;
  name: string;
  copy: FieldCopy;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Marker shown (to sighted users) after an optional field's label; `required` is what assistive technology gets. */
  optionalMark?: string;
  maxLength?: number;
  /** The message of an invalid value, shown under the control (src/components/forms/useFieldErrors.ts). */
  error?: string;
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

/**
 * Replace the browser's generic "Please match the requested format" with the
 * field's own message. Re-evaluated on every change, since a custom message
 * keeps a field invalid until it is cleared. `pattern` is for textareas, which
 * have no pattern attribute: it is applied here as the browser applies one
 * (to the whole value, never to an empty one).
 */
function formatCheck(message: string | undefined, pattern?: string) {
  const check = (el: Editable) => {
    el.setCustomValidity('');
    const mismatch =
      el.validity.patternMismatch ||
      el.validity.typeMismatch ||
      (pattern !== undefined && el.value !== '' && !matchesPattern(pattern, el.value));
    if (message && mismatch) el.setCustomValidity(message);
  };
  return {
    check,
    onInvalid: (event: InvalidEvent<Editable>) => check(event.currentTarget),
    afterChange: (event: ChangeEvent<Editable>) => check(event.currentTarget),
  };
}

export function Label({ id, copy, required, optionalMark }: { id: string; copy: FieldCopy; required?: boolean; optionalMark?: string }) {
  // The marker sits outside the <label>, so the field's name stays exactly the label; `required` tells assistive technology.
  return (
    <div className="flex items-baseline justify-between gap-2">
      <label htmlFor={id} className="field-label">
        {copy.label}
      </label>
      {!required && optionalMark && (
        <span className="text-xs text-ink-600" aria-hidden="true">
          {optionalMark}
        </span>
      )}
    </div>
  );
}

/** The attributes that tie a control to its error message, and the message. */
function errorOf(id: string, error: string | undefined) {
  const errorId = `${id}-error`;
  return {
    attributes: error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {},
    message: error ? (
      <p id={errorId} className="field-error">
        {error}
      </p>
    ) : null,
  };
}

export function TextField(
  props: ControlProps & { type?: 'text' | 'email' | 'url' | 'password'; autoComplete?: string; pattern?: string; minLength?: number },
) {
  const {
    form,
    name,
    copy,
    value,
    onChange,
    required,
    optionalMark,
    maxLength,
    type = 'text',
    autoComplete,
    pattern,
    minLength,
    error,
  } = props;
  const id = `${form}-${name}`;
  const format = formatCheck(copy.invalid);
  const invalid = errorOf(id, error);
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => {
          format.afterChange(event);
          onChange(event.target.value);
        }}
        onInvalid={format.onInvalid}
        required={required}
        maxLength={maxLength}
        minLength={minLength}
        pattern={pattern}
        placeholder={copy.placeholder}
        autoComplete={autoComplete}
        spellCheck={type === 'text' ? undefined : false}
        className="field-input"
        {...invalid.attributes}
      />
      {invalid.message}
    </div>
  );
}

export function TextAreaField(props: ControlProps & { rows: number; pattern?: string }) {
  const { form, name, copy, value, onChange, required, optionalMark, maxLength, rows, pattern, error } = props;
  const id = `${form}-${name}`;
  const format = formatCheck(copy.invalid, pattern);
  const invalid = errorOf(id, error);
  const ref = useRef<HTMLTextAreaElement>(null);
  // Without a pattern attribute the textarea is only invalid once told so, also for a value restored from a draft.
  useEffect(() => {
    if (ref.current) format.check(ref.current);
  });
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <textarea
        ref={ref}
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => {
          format.afterChange(event);
          onChange(event.target.value);
        }}
        onInvalid={format.onInvalid}
        required={required}
        maxLength={maxLength}
        placeholder={copy.placeholder}
        className="field-input"
        {...invalid.attributes}
      />
      {invalid.message}
    </div>
  );
}

/** Options shown under a heading (an optgroup). */
export interface OptionGroup {
  label: string;
  options: readonly string[];
}

/** A select that starts on an empty placeholder option, so `required` makes a choice necessary. */
export function SelectField(props: ControlProps & { options: readonly string[]; groups?: readonly OptionGroup[]; placeholder?: string }) {
  const { form, name, copy, value, onChange, required, optionalMark, options, groups, placeholder, error } = props;
  const id = `${form}-${name}`;
  const invalid = errorOf(id, error);
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        className="field-input"
        {...invalid.attributes}
      >
        <option value="">{placeholder ?? copy.placeholder ?? ''}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {invalid.message}
    </div>
  );
}

/** A group of radio buttons named by a legend; `labels` maps each value to its visible text. */
export function RadioGroup(
  props: Omit<ControlProps, 'form' | 'optionalMark' | 'maxLength'> & { values: readonly string[]; labels: Record<string, string> },
) {
  const { name, copy, value, onChange, values, labels } = props;
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="field-label">{copy.label}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {values.map((option) => (
          <label
            key={option}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-ink-200 px-4 py-2 text-sm font-medium text-ink-900 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand-700"
            />
            {labels[option] ?? option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Never disabled before hydration: a press then runs the browser's own
 * validation at once and is done again once the script is ready (src/directives/form.ts).
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
