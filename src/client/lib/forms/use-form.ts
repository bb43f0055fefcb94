// The one form helper of the shop and the dashboard: values, validation with the shared zod schema, the server's
// field messages (tRPC's formatter or a REST body) mapped back onto the fields, the form-level error and the submit
// state (one submit at a time). Render each control inside <Field> (components/ui/field.tsx).
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import type { ZodType } from 'zod';
import { zodFieldErrors } from '#shared/field-errors';
import { readError, type ClientError } from '../api-error';

/** First message per field; the key is the form's field name (or a dotted path the form chose to keep). */
type FieldErrors = Partial<Record<string, string>>;

/** Any object of field values (an interface too: no index signature needed). */
type Values = object;
type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface FormHelpers<V extends Values> {
  values: V;
  /** Replaces the values (or derives them from the current ones); messages of fixed fields go (see settleErrors). */
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
): { fields: FieldErrors; unmatched: Record<string, string[]>; paths: Record<string, string> } {
  const fields: FieldErrors = {};
  const unmatched: Record<string, string[]> = {};
  const paths: Record<string, string> = {};
  for (const [path, list] of Object.entries(fieldErrors)) {
    const name = fieldOf?.(path) ?? defaultFieldOf(path, names);
    if (name && list[0] && fields[name] === undefined) {
      fields[name] = list[0];
      paths[name] = path;
    } else if (!name && list.length) unmatched[path] = list;
  }
  return { fields, unmatched, paths };
}

/** Where a message came from: the path of the value it is about, and whether the browser's check gave it. */
type Origin = { path: string; checked: boolean };

/** The value at a dotted path ("details.name", "variants.0.sizeID"), as text to compare; undefined when absent. */
function valueAt(root: unknown, path: string): string | undefined {
  let at: unknown = root;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at === undefined ? undefined : JSON.stringify(at);
}

function focusFirst(form: HTMLFormElement | null, names: string[], errors: FieldErrors) {
  const first = names.find((n) => errors[n]);
  if (first) form?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}

/** The shared schema's verdict on the values: the parsed data, or the messages by field (and the paths they came from). */
function checkValues<V extends Values, T>(options: FormOptions<V, T>, values: V) {
  const parsed = options.schema.safeParse(options.toInput ? options.toInput(values) : values);
  if (parsed.success) return { data: parsed.data, errors: null, paths: {} };
  const names = Object.keys(options.initialValues);
  const { fields, unmatched, paths } = mapFieldErrors(zodFieldErrors(parsed.error), names, options.fieldOf);
  const rest = Object.values(unmatched)[0]?.[0];
  return { data: null, errors: rest ? { ...fields, _: rest } : fields, paths };
}

/**
 * The messages left after the values changed from `prev` to `next` (issue 25: a field's message goes once it is
 * fixed). A message about a value that changed goes ('submit': editing clears it; 'blur': once the value passes);
 * one the browser's check gave goes as soon as the check no longer reports it (a fixed start date clears the end
 * date's "before the start"); a server message stays until its own value changes. The form-level "_" goes on any edit.
 */
function settleErrors<V extends Values, T>(
  options: FormOptions<V, T>,
  errors: FieldErrors,
  origins: Record<string, Origin>,
  prev: V,
  next: V,
  recheck: () => FieldErrors,
): FieldErrors {
  const input = (v: V) => (options.toInput ? options.toInput(v) : v);
  const [before, after] = [input(prev), input(next)];
  let still: FieldErrors | undefined;
  const kept: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === '_' || message === undefined) continue;
    const path = origins[key]?.path ?? key;
    const changed =
      valueAt(before, path) !== valueAt(after, path) || (path !== key && valueAt(prev, key) !== valueAt(next, key));
    const gone = () => !(still ??= recheck())[key];
    if (changed && (options.validateOn !== 'blur' || gone())) continue;
    if ((origins[key]?.checked ?? false) && gone()) continue;
    kept[key] = message;
  }
  return kept;
}

/** Values and their messages, in one state so a change and the messages it settles are one update. */
function useFieldState<V extends Values, T>(options: FormOptions<V, T>) {
  const [state, setState] = useState<{ values: V; errors: FieldErrors }>({
    values: options.initialValues,
    errors: {},
  });
  const origins = useRef<Record<string, Origin>>({});
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const latest = useRef(options);
  latest.current = options;
  const check = (next: V) => checkValues(latest.current, next);
  /** Replaces the messages, remembering where each came from (the browser's check with its paths, or the server). */
  const setErrors = (errors: FieldErrors, from: { paths: Record<string, string>; checked: boolean } | null = null) => {
    origins.current = Object.fromEntries(
      Object.keys(errors).map((k) => [k, { path: from?.paths[k] ?? k, checked: from?.checked ?? false }]),
    );
    setState((s) => ({ ...s, errors }));
  };
  const setFieldError = (name: string, message: string | undefined) => {
    origins.current[name] = { path: name, checked: false };
    setState((s) => ({ ...s, errors: { ...s.errors, [name]: message } }));
  };
  /** New values (one field or several); the messages that no longer hold go (settleErrors). Stable across renders. */
  const update = useCallback(
    (derive: (values: V) => V) =>
      setState(({ values, errors }) => {
        const next = derive(values);
        if (Object.keys(errors).length === 0) return { values: next, errors };
        const recheck = () => checkValues(latest.current, next).errors ?? {};
        return { values: next, errors: settleErrors(latest.current, errors, origins.current, values, next, recheck) };
      }),
    [],
  );
  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    if (options.validateOn !== 'blur') return update((v) => ({ ...v, [name]: value }));
    // Re-check the fields already visited, so a fixed mistake clears at once.
    setState(({ values, errors }) => {
      const next = { ...values, [name]: value };
      const all = check(next).errors ?? {};
      return { values: next, errors: Object.fromEntries(Object.entries(all).filter(([k]) => touched[k] || errors[k])) };
    });
  };
  const blur = (name: keyof V & string) => {
    if (options.validateOn !== 'blur' || !state.values[name]) return;
    setTouched((t) => ({ ...t, [name]: true }));
    const message = check(state.values).errors?.[name];
    setState((s) => ({ ...s, errors: { ...s.errors, [name]: message } }));
  };
  const touchAll = () => setTouched(Object.fromEntries(Object.keys(state.values).map((k) => [k, true])));
  const reset = (values: V) => {
    origins.current = {};
    setTouched({});
    setState({ values, errors: {} });
  };
  // Stable, like React's own setter: a page may list it in an effect's dependencies (checkout's saved details).
  const setValues = useCallback(
    (next: V | ((values: V) => V)) => update(typeof next === 'function' ? next : () => next),
    [update],
  );
  return { ...state, setValues, setErrors, setFieldError, set, blur, touchAll, check, reset };
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
    setValues: state.setValues,
    setErrors: (errors) => state.setErrors(errors),
    setFieldError: state.setFieldError,
    setFormError,
    reset: (values) => {
      state.reset(values ?? options.initialValues);
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
      state.setErrors(checked.errors, { paths: checked.paths, checked: true });
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
      const { fields, unmatched, paths } = mapFieldErrors(info.fieldErrors ?? {}, names, options.fieldOf);
      state.setErrors(fields, { paths, checked: false });
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
