// The one form helper of the shop and the dashboard: values, validation with the shared zod schema, the server's
// field messages (tRPC's formatter or a REST body) mapped back onto the fields, the form-level error and the submit
// state (one submit at a time). Render each control inside <Field> (components/ui/field.tsx).
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import type { ZodType } from 'zod';
import { zodFieldErrors } from '../../../shared/field-errors';
import { readError, type ClientError } from '../api-error';

/** First message per field; the key is the form's field name (or a dotted path the form chose to keep). */
type FieldErrors = Partial<Record<string, string>>;

/** Any object of field values (an interface too: no index signature needed). */
type Values = object;
type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface FormHelpers<V extends Values> {
  values: V;
  /** Replaces the values (or derives them from the current ones), leaving the messages as they are. */
  setValues: (next: V | ((values: V) => V)) => void;
  setErrors: (errors: FieldErrors) => void;
  setFieldError: (name: string, message: string | undefined) => void;
  setFormError: (message: string | null) => void;
  reset: (values?: V) => void;
}

export interface FormOptions<V extends Values, T> {
  initialValues: V;
  /** The shared schema the server parses with; `toInput` shapes the values into its input (defaults to the values). */
  schema: ZodType<T>;
  toInput?: (values: V) => unknown;
  /** Sends the parsed data. A throw (tRPC or REST error) is read into field messages and the form-level error. */
  onSubmit: (data: T, helpers: FormHelpers<V>) => unknown;
  /** The form-level text when the server gave none a person may read (5xx, network). */
  errorFallback: string;
  /** After a failed send, once the field messages are set (toasts, special cases). `unmatched`: paths no field took. */
  onError?: (error: ClientError, helpers: FormHelpers<V>, unmatched: Record<string, string[]>) => void;
  /** Called when the browser-side check fails (after the messages are set). */
  onInvalid?: (errors: FieldErrors, values: V) => void;
  /** Which field a message path belongs to; undefined falls back to the default (the path, its first or last segment). */
  fieldOf?: (path: string) => string | undefined;
  /**
   * 'submit' (default): messages appear on submit, and editing a field clears its message.
   * 'blur': a field is checked when left (if filled in) and re-checked as it is edited from then on.
   */
  validateOn?: 'submit' | 'blur';
  /** Puts the focus on the first invalid field after a failed check (default true). */
  focusInvalid?: boolean;
}

/** The field a message path belongs to among `names`: the path, its first segment or its last one. */
function defaultFieldOf(path: string, names: readonly string[]): string | undefined {
  if (names.includes(path)) return path;
  const parts = path.split('.');
  if (names.includes(parts[0]!)) return parts[0];
  if (names.includes(parts[parts.length - 1]!)) return parts[parts.length - 1];
  return undefined;
}

/** Splits field messages (zod's or the server's) into the form's fields and the paths no field takes. */
export function mapFieldErrors(
  fieldErrors: Record<string, string[]>,
  names: readonly string[],
  fieldOf?: (path: string) => string | undefined,
): { fields: FieldErrors; unmatched: Record<string, string[]> } {
  const fields: FieldErrors = {};
  const unmatched: Record<string, string[]> = {};
  for (const [path, list] of Object.entries(fieldErrors)) {
    const name = fieldOf?.(path) ?? defaultFieldOf(path, names);
    if (name && list[0]) fields[name] ??= list[0];
    else if (list.length) unmatched[path] = list;
  }
  return { fields, unmatched };
}

function focusFirst(form: HTMLFormElement | null, names: string[], errors: FieldErrors) {
  const first = names.find((n) => errors[n]);
  if (first) form?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}

/** Values and their messages; checking follows `validateOn`. */
function useFieldState<V extends Values, T>(options: FormOptions<V, T>) {
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const check = (next: V): { data: T; errors: null } | { data: null; errors: FieldErrors } => {
    const parsed = options.schema.safeParse(options.toInput ? options.toInput(next) : next);
    if (parsed.success) return { data: parsed.data, errors: null };
    const names = Object.keys(options.initialValues);
    const all = zodFieldErrors(parsed.error);
    const { fields, unmatched } = mapFieldErrors(all, names, options.fieldOf);
    const rest = Object.values(unmatched)[0]?.[0];
    return { data: null, errors: rest ? { ...fields, _: rest } : fields };
  };
  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValuesState((prev) => ({ ...prev, [name]: value }));
    if (options.validateOn === 'blur') {
      // Re-check the fields already visited, so a fixed mistake clears at once.
      const all = check({ ...values, [name]: value }).errors ?? {};
      setErrors(Object.fromEntries(Object.entries(all).filter(([k]) => touched[k] || errors[k])));
    } else if (errors[name] || errors._) setErrors(({ [name]: _gone, _: _form, ...rest }) => rest);
  };
  const blur = (name: keyof V & string) => {
    if (options.validateOn !== 'blur' || !values[name]) return;
    setTouched((t) => ({ ...t, [name]: true }));
    setErrors((prev) => ({ ...prev, [name]: check(values).errors?.[name] }));
  };
  const touchAll = () => setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
  return { values, setValuesState, errors, setErrors, setTouched, set, blur, touchAll, check };
}

/** See the file's header. `formProps` goes on the <form>; `field(name)` on its <Field>; `input(name)` on the control. */
export function useForm<V extends Values, T>(options: FormOptions<V, T>) {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const state = useFieldState(options);
  const names = Object.keys(options.initialValues);

  const helpers: FormHelpers<V> = {
    values: state.values,
    setValues: state.setValuesState,
    setErrors: state.setErrors,
    setFieldError: (name, message) => state.setErrors((prev) => ({ ...prev, [name]: message })),
    setFormError,
    reset: (values) => {
      state.setValuesState(values ?? options.initialValues);
      state.setErrors({});
      state.setTouched({});
      setFormError(null);
    },
  };

  async function handleSubmit(e?: FormEvent) {
    e?.preventDefault();
    if (inFlight.current) return; // a second click while the first is on its way sends nothing
    setFormError(null);
    const checked = state.check(state.values);
    if (checked.errors) {
      state.touchAll();
      state.setErrors(checked.errors);
      if (checked.errors._) setFormError(checked.errors._);
      if (options.focusInvalid !== false) focusFirst(formRef.current, names, checked.errors);
      options.onInvalid?.(checked.errors, state.values);
      return;
    }
    state.setErrors({});
    inFlight.current = true;
    setSubmitting(true);
    try {
      await options.onSubmit(checked.data, helpers);
    } catch (err) {
      const info = readError(err, options.errorFallback);
      const { fields, unmatched } = mapFieldErrors(info.fieldErrors ?? {}, names, options.fieldOf);
      state.setErrors(fields);
      setFormError(info.message);
      options.onError?.(info, helpers, unmatched);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return {
    ...helpers,
    errors: state.errors,
    formError,
    submitting,
    set: state.set,
    formProps: {
      ref: formRef as RefObject<HTMLFormElement | null>,
      noValidate: true,
      onSubmit: (e: FormEvent) => void handleSubmit(e),
    },
    /** Props of the field's <Field>: its control's id (given, or derived from the name) and its message. */
    field: (name: keyof V & string, id?: string) => ({ id: id ?? `${baseId}-${name}`, error: state.errors[name] }),
    /** Props of a text control bound to a string field. */
    input: <K extends StringKeys<V>>(name: K) => ({
      name,
      value: state.values[name] as string,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        state.set(name, e.target.value as V[K]),
      onBlur: () => state.blur(name),
    }),
  };
}

export type Form<V extends Values> = ReturnType<typeof useForm<V, unknown>>;
