/**
 * A submission form rendered from its definition (src/lib/forms/*.ts): the
 * fields in the definition's layout, then what every form ends with: the
 * honeypot, the submit button with its submitting state, and the notices.
 * The four form islands only add what is theirs (select options, radio labels).
 */
import type { ReactNode, RefObject } from 'react';
import type { FieldDefinition, FormDefinition, Values } from '../../lib/forms/definition';
import type { FormsCopy } from '../../lib/content/schemas';
import { RadioGroup, SelectField, SubmitButton, TextAreaField, TextField, type FieldCopy, type OptionGroup } from './controls';
import { Notices, type Notice } from './notices';
import { useFormSubmit } from './useFormSubmit';

export interface Choice {
  options: readonly string[];
  /** Further options under headings, after `options`. */
  groups?: readonly OptionGroup[];
  /** Text of the empty option, when it differs from the field's placeholder. */
  placeholder?: string;
}

export interface SubmissionFormProps<N extends string> {
  definition: FormDefinition<N>;
  copy: { fields: Record<N, FieldCopy>; submit: string; submitting: string; error: Notice };
  common: FormsCopy['common'];
  /** Id of the heading that names the form (the section heading). */
  labelledBy?: string;
  success: (values: Values<N>) => Notice;
  /** The options of the select fields; they may depend on what has been chosen so far. */
  choices?: (values: Values<N>) => Partial<Record<N, Choice>>;
  /** Visible text of each value of the radio groups. */
  radioLabels?: Partial<Record<N, Record<string, string>>>;
  /** Other fields a change resets (a new product clears a domain it does not offer). */
  alsoChange?: (name: N, value: string, values: Values<N>) => Partial<Values<N>>;
}

export function SubmissionForm<N extends string>(props: SubmissionFormProps<N>) {
  const { definition, copy, common, labelledBy, success, choices, radioLabels, alsoChange } = props;
  const form = useFormSubmit({
    definition,
    success,
    error: copy.error,
    throttled: common.throttled,
    offline: common.pageUpdate.offline,
    fields: copy.fields,
    fieldErrors: common.fieldErrors,
  });
  const { values } = form;
  const selects = choices?.(values) ?? {};
  const byName = new Map<N, FieldDefinition<N>>(definition.fields.map((f) => [f.name, f]));

  const change = (name: N) => (value: string) =>
    form.setFields({ [name]: value, ...alsoChange?.(name, value, values) } as Partial<Values<N>>);

  const control = (field: FieldDefinition<N>): ReactNode => {
    const shared = {
      form: definition.id,
      name: field.name,
      copy: copy.fields[field.name],
      value: values[field.name],
      onChange: change(field.name),
      required: field.required,
      optionalMark: common.optional,
      maxLength: field.maxLength,
      error: form.errors[field.name],
    };
    switch (field.input) {
      case 'textarea':
        return <TextAreaField key={field.name} {...shared} rows={field.rows ?? 4} pattern={field.pattern} />;
      case 'select': {
        const choice = (selects as Partial<Record<N, Choice>>)[field.name];
        return (
          <SelectField
            key={field.name}
            {...shared}
            options={choice?.options ?? []}
            groups={choice?.groups}
            placeholder={choice?.placeholder}
          />
        );
      }
      case 'radio':
        return <RadioGroup key={field.name} {...shared} values={field.values ?? []} labels={radioLabels?.[field.name] ?? {}} />;
      default:
        return <TextField key={field.name} {...shared} type={field.input} pattern={field.pattern} autoComplete={field.autoComplete} />;
    }
  };

  return (
    <>
      {/* method="dialog": a submit the script does not take (before hydration, without JavaScript) only runs the
          browser's validation and never navigates. Once hydrated the script checks the fields itself (noValidate). */}
      <form
        ref={form.formRef}
        id={`form-${definition.id}`}
        method="dialog"
        noValidate={form.hydrated}
        aria-labelledby={labelledBy}
        aria-busy={form.submitting}
        className="card relative"
        onSubmit={form.onSubmit}
        onChange={form.recheck}
      >
        {/* Named as the form is: an unnamed group is announced as just "group" (WCAG 1.3.1, HTML_CodeSniffer). */}
        <fieldset disabled={form.submitting} aria-labelledby={labelledBy} className="m-0 grid min-w-0 gap-5 border-0 p-0">
          {definition.layout.map((row) =>
            typeof row === 'string' ? (
              control(byName.get(row as N)!)
            ) : (
              <div key={(row as readonly N[]).join('+')} className="grid gap-5 sm:grid-cols-2">
                {(row as readonly N[]).map((name) => control(byName.get(name)!))}
              </div>
            ),
          )}
          <Honeypot form={definition.id} label={common.honeypot} inputRef={form.honeypot} />
          <div>
            <SubmitButton busy={form.submitting} label={copy.submit} busyLabel={copy.submitting} />
          </div>
        </fieldset>
      </form>
      <Notices dismiss={common.dismiss} />
    </>
  );
}

/**
 * The spam trap: a field people never see or reach (off screen, hidden from
 * assistive technology, out of the tab order), which form-filling bots fill.
 * Uncontrolled, never stored in the draft, never sent.
 */
function Honeypot({ form, label, inputRef }: { form: string; label: string; inputRef: RefObject<HTMLInputElement | null> }) {
  const id = `${form}-website`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
