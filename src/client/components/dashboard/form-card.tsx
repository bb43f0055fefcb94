// A dashboard form in a card: its fields, optional secondary actions and the submit button (disabled while sending).
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FieldLook } from '../ui/field';
import { SubmitButton } from '../ui/submit-button';

interface CardForm {
  submitting: boolean;
  formProps: { ref: RefObject<HTMLFormElement | null>; noValidate: boolean; onSubmit: (e: FormEvent) => void };
}

export function FormCard({
  form,
  submitLabel,
  pendingLabel,
  children,
  actions,
  wide,
  labelledBy,
}: {
  form: CardForm;
  submitLabel: string;
  pendingLabel?: string;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  labelledBy?: string;
}) {
  return (
    <form className={`dash-card dash-form${wide ? ' is-wide' : ''}`} {...form.formProps} aria-labelledby={labelledBy}>
      <FieldLook.Provider value="dashboard">{children}</FieldLook.Provider>
      <div className="dash-form-actions">
        {actions}
        <SubmitButton
          form={form}
          label={submitLabel}
          pendingLabel={pendingLabel}
          className="dash-btn dash-btn--primary"
        />
      </div>
    </form>
  );
}
