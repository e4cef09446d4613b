/**
 * Form controls with a visible label bound to each input (htmlFor/id), native
 * validation attributes and the site's field styles. Copy comes in as props.
 */
import type { ReactNode } from 'react';

export interface FieldCopy {
  label: string;
  placeholder?: string;
}

interface Common {
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
}

function Label({ id, copy, required, optionalMark }: { id: string; copy: FieldCopy; required?: boolean; optionalMark?: string }) {
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

export function TextField(
  props: Common & { type?: 'text' | 'email' | 'url' | 'password'; autoComplete?: string; pattern?: string; minLength?: number },
) {
  const { form, name, copy, value, onChange, required, optionalMark, maxLength, type = 'text', autoComplete, pattern, minLength } = props;
  const id = `${form}-${name}`;
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        maxLength={maxLength}
        minLength={minLength}
        pattern={pattern}
        placeholder={copy.placeholder}
        autoComplete={autoComplete}
        spellCheck={type === 'text' ? undefined : false}
        className="field-input"
      />
    </div>
  );
}

export function TextAreaField(props: Common & { rows: number }) {
  const { form, name, copy, value, onChange, required, optionalMark, maxLength, rows } = props;
  const id = `${form}-${name}`;
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        maxLength={maxLength}
        placeholder={copy.placeholder}
        className="field-input"
      />
    </div>
  );
}

/** A select that starts on an empty placeholder option (SPEC §5), so `required` makes a choice necessary. */
export function SelectField(props: Common & { options: string[]; placeholder?: string }) {
  const { form, name, copy, value, onChange, required, optionalMark, options, placeholder } = props;
  const id = `${form}-${name}`;
  return (
    <div>
      <Label id={id} copy={copy} required={required} optionalMark={optionalMark} />
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} required={required} className="field-input">
        <option value="">{placeholder ?? copy.placeholder ?? ''}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The spam trap: a field people never see or reach (off screen, hidden from
 * assistive technology, out of the tab order), which form-filling bots fill.
 * Uncontrolled, never stored in the draft, never sent.
 */
export function Honeypot({ form, label, inputRef }: { form: string; label: string; inputRef: React.RefObject<HTMLInputElement | null> }) {
  const id = `${form}-website`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({ busy, ready, label, busyLabel }: { busy: boolean; ready: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={busy || !ready}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The form frame: a card, the fields locked while sending, and room for the honeypot. */
export function FormFrame(props: {
  id: string;
  /** Id of the heading that names the form (the section heading). */
  labelledBy?: string;
  busy: boolean;
  onSubmit: (event: React.SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { id, labelledBy, busy, onSubmit, children } = props;
  return (
    <form id={id} aria-labelledby={labelledBy} aria-busy={busy} className="card relative" onSubmit={onSubmit}>
      <fieldset disabled={busy} className="m-0 grid min-w-0 gap-5 border-0 p-0">
        {children}
      </fieldset>
    </form>
  );
}
