/**
 * Form controls with a visible label bound to each input (htmlFor/id), native
 * validation attributes and the site's field styles. Copy comes in as props.
 */

export interface FieldCopy {
  label: string;
  placeholder?: string;
}

export interface Common {
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

export function SubmitButton({ busy, ready, label, busyLabel }: { busy: boolean; ready: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={busy || !ready}>
      {busy ? busyLabel : label}
    </button>
  );
}

