// Shared form pieces for dashboard screens: a labelled field with its error, and a form card with actions.
import type { FormEvent, ReactNode } from 'react';

export function FormField({
  label,
  htmlFor,
  error,
  hint,
  children,
  required,
}: {
  label: string;
  htmlFor: string;
  error?: string | string[] | null;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const text = Array.isArray(error) ? error[0] : error;
  return (
    <div className={`dash-field${text ? ' has-error' : ''}`}>
      <label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="dash-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !text && <p className="dash-hint">{hint}</p>}
      {text && (
        <p className="dash-error" role="alert" id={`${htmlFor}-error`}>
          {text}
        </p>
      )}
    </div>
  );
}

/** A card-shaped form with a submit button (disabled while busy) and optional secondary actions. */
export function FormCard({
  onSubmit,
  submitLabel,
  busy,
  children,
  actions,
  wide,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy?: boolean;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}) {
  return (
    <form className={`dash-card dash-form${wide ? ' is-wide' : ''}`} onSubmit={onSubmit} noValidate>
      {children}
      <div className="dash-form-actions">
        {actions}
        <button type="submit" className="dash-btn dash-btn--primary" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
