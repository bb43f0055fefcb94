// The one form field of the shop and the dashboard: a label, the control (a render slot that receives its id and
// aria-invalid / aria-describedby), a hint, and the error message. Values and messages come from lib/forms/use-form.
import { createContext, useContext, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  className?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

const LOOKS = {
  shop: {
    field: 'field',
    invalid: 'field--invalid',
    label: 'field__label',
    control: 'field__control',
    hint: 'field__hint',
    error: 'field__error',
  },
  dashboard: {
    field: 'dash-field',
    invalid: 'has-error',
    label: undefined,
    control: undefined,
    hint: 'dash-hint',
    error: 'dash-error',
  },
} as const;

/** The look of the fields inside: a dashboard form card provides 'dashboard'. */
export const FieldLook = createContext<'shop' | 'dashboard'>('shop');

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Marks the label with an asterisk (dashboard). */
  required?: boolean;
  /** The storefront's look or the dashboard's (default: the surrounding FieldLook, else the storefront's). */
  look?: 'shop' | 'dashboard';
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ id, label, error, hint, required, look: lookProp, className, children }: FieldProps) {
  const look = useContext(FieldLook);
  const c = LOOKS[lookProp ?? look];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shownHint = hint && !error ? hint : null;
  const describedBy = error ? errorId : shownHint ? hintId : undefined;
  const classes = [c.field, error ? c.invalid : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={c.label} htmlFor={id}>
        {label}
        {required && c === LOOKS.dashboard && (
          <span className="dash-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: c.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {shownHint && (
        <p className={c.hint} id={hintId}>
          {shownHint}
        </p>
      )}
      {error && (
        <p className={c.error} id={errorId} role={c === LOOKS.dashboard ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
