// The submit button of a form: disabled while the form is sending (aria-busy), with its pending label then.
import type { ReactNode } from 'react';

export function SubmitButton({
  form,
  label,
  pendingLabel,
  className = 'button',
  disabled,
  testId,
}: {
  form: { submitting: boolean };
  label: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={form.submitting || disabled}
      aria-busy={form.submitting || undefined}
      data-testid={testId}
    >
      {form.submitting ? (pendingLabel ?? label) : label}
    </button>
  );
}
