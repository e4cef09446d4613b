/**
 * Controls only the submission forms use (the sign-in card needs just the
 * text field and button in fields.tsx): multi-line text, selects, the
 * honeypot and the form frame.
 */
import type { ReactNode } from 'react';
import { Label, SubmitButton, type Common } from './fields';
import { Notices } from './notices';
import type { FormState } from './useFormSubmit';

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

/**
 * The form frame: a card, the fields locked while sending, and what every
 * submission form has after its fields: the honeypot, the submit button with
 * its "Submitting..." state, and the page's notices.
 */
export function FormFrame(props: {
  /** The form's key, e.g. "contact": the form's id is form-<name>. */
  name: string;
  state: Pick<FormState, 'submitting' | 'hydrated' | 'onSubmit' | 'honeypot'>;
  /** Id of the heading that names the form (the section heading). */
  labelledBy?: string;
  submit: { label: string; busyLabel: string };
  honeypotLabel: string;
  children: ReactNode;
}) {
  const { name, state, labelledBy, submit, honeypotLabel, children } = props;
  return (
    <>
      <form id={`form-${name}`} aria-labelledby={labelledBy} aria-busy={state.submitting} className="card relative" onSubmit={state.onSubmit}>
        <fieldset disabled={state.submitting} className="m-0 grid min-w-0 gap-5 border-0 p-0">
          {children}
          <Honeypot form={name} label={honeypotLabel} inputRef={state.honeypot} />
          <div>
            <SubmitButton busy={state.submitting} ready={state.hydrated} label={submit.label} busyLabel={submit.busyLabel} />
          </div>
        </fieldset>
      </form>
      <Notices />
    </>
  );
}
