// A colour by name and hex code (issue 35): the add screen's second way in (beside the photos) and the list's edit.
// The hex is typed ("#B57EDC") or picked with the browser's colour picker; the shared schema checks both, and the
// server answers a taken name with a 409 on the name's field.
import { useEffect, useRef } from 'react';
import type { ColorDto } from '#shared/dto/catalog';
import { staffMessages } from '#shared/messages-staff';
import { ColorInput } from '#shared/schemas/catalog-admin';
import { Field, FieldLook } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';

const m = staffMessages.dashboard;
const HEX = /^#[0-9a-f]{6}$/i;

interface Props {
  /** The colour edited, or none for a new one. */
  colour?: ColorDto;
  title: string;
  submitLabel: string;
  /** Saves the parsed colour; a throw lands on the fields (a taken name on the name). */
  onSave: (input: ColorInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Moves the focus to the title and the form into view when it opens (the edit form, above a long list). */
  focusOnOpen?: boolean;
}

export function ColorForm({ colour, title, submitLabel, onSave, onCancel, focusOnOpen }: Props) {
  const form = useForm({
    initialValues: { colorName: colour?.colorName ?? '', hexCode: colour?.hexCode ?? '#' },
    schema: ColorInput,
    errorFallback: m.saveFailed,
    onSubmit: (input) => onSave(input),
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnOpen) return;
    titleRef.current?.focus({ preventScroll: true });
    titleRef.current?.closest('form')?.scrollIntoView({ block: 'nearest' });
  }, [focusOnOpen, colour?.colorID]);
  const hex = form.values.hexCode.trim();
  const idBase = colour ? `color-${colour.colorID}` : 'color-new';
  return (
    <form className="dash-card dash-form color-form" {...form.formProps} aria-labelledby={`${idBase}-title`}>
      <h2 className="dash-section-title dash-section-first" id={`${idBase}-title`} tabIndex={-1} ref={titleRef}>
        {title}
      </h2>
      <FieldLook.Provider value="dashboard">
        <div className="dash-form-grid">
          <Field label={m.colorName} {...form.field('colorName', `${idBase}-name`)} required>
            {(control) => <input {...control} {...form.input('colorName')} maxLength={60} autoComplete="off" />}
          </Field>
          <Field label={m.colHex} {...form.field('hexCode', `${idBase}-hex`)} required hint={m.hexHint}>
            {(control) => (
              <span className="color-form__hex">
                <input
                  type="color"
                  aria-label={m.pickColour}
                  value={HEX.test(hex) ? hex.toLowerCase() : '#000000'}
                  onChange={(e) => form.set('hexCode', e.target.value.toUpperCase())}
                />
                <input {...control} {...form.input('hexCode')} autoComplete="off" spellCheck={false} />
              </span>
            )}
          </Field>
        </div>
      </FieldLook.Provider>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="dash-form-actions">
        <SubmitButton form={form} label={submitLabel} className="dash-btn dash-btn--primary" />
        {onCancel && (
          <button type="button" className="dash-btn" onClick={onCancel}>
            {m.cancelEdit}
          </button>
        )}
      </div>
    </form>
  );
}
