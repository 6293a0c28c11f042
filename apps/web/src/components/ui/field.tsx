import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

export interface FieldProps {
  /** id of the control; the label, hint and error hang on it. */
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Ids of a field's hint and error, for the control's aria-describedby. */
export function describedBy(id: string, opts: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A label, the control, an optional hint and the error message, stacked. */
export function Field({ id, label, required, hint, error, children, className }: FieldProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export type InputFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required'> & { ref?: Ref<HTMLInputElement> };

/**
 * A Field of one text input: the input gets the field's id, aria-required, aria-invalid and
 * aria-describedby (its hint and error); the rest are the input's own attributes (with
 * react-hook-form, `{...register(name)}`).
 */
export function InputField({ id, label, required, hint, error, className, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        id={id}
        className="input"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        {...input}
      />
    </Field>
  );
}

export type TextAreaFieldProps = Omit<FieldProps, 'children'> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'required'> & { ref?: Ref<HTMLTextAreaElement> };

/** InputField's text area: the same label, hint, error and aria attributes, three rows unless told. */
export function TextAreaField({ id, label, required, hint, error, className, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        className="input textarea"
        rows={rows}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        {...textarea}
      />
    </Field>
  );
}

/** A password's InputField: 'Salasana' unless labelled otherwise, the current password unless autoComplete says a new one. */
export function PasswordField({ label = 'Salasana', autoComplete = 'current-password', ...props }: Omit<InputFieldProps, 'type' | 'label'> & { label?: ReactNode }) {
  return <InputField label={label} type="password" autoComplete={autoComplete} {...props} />;
}

/** A checkbox with its label beside it; the rest are the input's own attributes (with react-hook-form, `{...register(name)}`). */
export function CheckboxField({ id, label, ...input }: { id: string; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div className="checkbox-row">
      <input id={id} type="checkbox" className="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Controls under one name (a fieldset and its legend), the group's error under them; `id` names the error `${id}-error`. */
export function FieldGroup({ id, legend, error, className, children }: { id: string; legend: ReactNode; error?: string; className: string; children: ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {children}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
