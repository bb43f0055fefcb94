// The dashboard's date field (issue 35, decision 258): typed and shown as dd.mm.yyyy whatever the browser's language
// (a native <input type="date"> shows an English browser mm/dd/yyyy), with a button that opens a month calendar.
// The value it hands on stays yyyy-mm-dd, so the forms' shared schemas and the server's contracts do not change.
// Render it inside <Field>, which gives it its id, its label and the form's message.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { dotDateDigits, formatDate, isIsoDate, readDateText, shopToday } from '#shared/dates';
import type { FieldControlProps } from './field';
import { DateCalendar } from './date-calendar';
import './date-field.css';

const t = staffMessages.dateField;

interface DateFieldProps extends FieldControlProps {
  /** yyyy-mm-dd; '' for no date; or the text typed when it names no date (the shared schema then refuses it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The first and last days allowed (yyyy-mm-dd): others are refused with a message and cannot be picked. */
  min?: string;
  max?: string;
  'data-testid'?: string;
}

/** The field's own message for a text: why it names no date, or why the date is not allowed; null when it is fine. */
function dateProblem(text: string, min?: string, max?: string): string | null {
  const read = readDateText(text);
  if ('date' in read) {
    if (min && read.date < min) return fill(t.beforeMin, { date: formatDate(min) });
    if (max && read.date > max) return fill(t.afterMax, { date: formatDate(max) });
    return null;
  }
  if (read.problem === 'empty') return null;
  if (read.problem === 'month') return t.noSuchMonth;
  if (read.problem === 'day')
    return fill(t.noSuchDay, { month: t.months[read.month - 1]!, year: read.year, days: read.days });
  return t.notADate;
}

/** The text a value shows: dd.mm.yyyy for a date, else the value as it is (typed text that names no date). */
const shown = (value: string) => (isIsoDate(value) ? formatDate(value) : value);

/** A date typed to its end (a four-digit year): it is handed on at once; shorter ones wait until the field is left. */
const finished = (text: string) => /\d{4}\.?$/.test(text.trim()) || /^\d{4}-\d{2}-\d{2}$/.test(text.trim());

/** Closes the calendar on a press outside the field. */
function useOutsidePress(open: boolean, ref: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPress = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open, ref, close]);
}

/** The text the field shows and its own message: what typing, leaving the field and picking a day do to them. */
function useDateText({ value, onChange, min, max }: Pick<DateFieldProps, 'value' | 'onChange' | 'min' | 'max'>) {
  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<string | null>(null);
  // A new value from outside (a preset, a reset) replaces the text; the value this field sent itself does not.
  const [prev, setPrev] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== prev) {
    setPrev(value);
    setSent(null);
    if (value !== sent) {
      setText(shown(value));
      setProblem(null);
    }
  }
  const send = (next: string) => {
    setSent(next);
    if (next !== value) onChange(next);
  };

  function onType(e: ChangeEvent<HTMLInputElement>) {
    const raw = e.target.value;
    const atEnd = (e.target.selectionEnd ?? raw.length) === raw.length;
    const next = raw.length > text.length && atEnd ? dotDateDigits(raw) : raw;
    setText(next);
    setProblem(null);
    const read = readDateText(next);
    if ('date' in read && finished(next)) send(read.date);
    else if (!next.trim()) send('');
  }

  /** Leaving the field (or Enter): the date as dd.mm.yyyy and handed on, or the typed text and its message. */
  function commit() {
    const read = readDateText(text);
    if ('date' in read) {
      setText(formatDate(read.date));
      send(read.date);
    } else send(read.problem === 'empty' ? '' : text.trim());
    setProblem(dateProblem(text, min, max));
  }

  function choose(day: string) {
    setText(formatDate(day));
    setProblem(dateProblem(day, min, max));
    send(day);
  }

  return { text, problem, onType, commit, choose };
}

/** The button that opens and closes the calendar, with its calendar icon. */
function OpenButton({ open, popupId, onToggle }: { open: boolean; popupId: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="date-field__open"
      aria-label={t.openCalendar}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? popupId : undefined}
      onClick={onToggle}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M2.5 8h15M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

export function DateField(props: DateFieldProps) {
  const { id, className, name, min, max, onBlur } = props;
  const { text, problem, onType, commit, choose } = useDateText(props);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemId = `${id}-date-problem`;
  const popupId = `${id}-calendar`;
  const close = useCallback(() => setOpen(false), []);
  useOutsidePress(open, wrapper, close);
  const closeToField = () => {
    setOpen(false);
    input.current?.focus();
  };

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') commit();
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setOpen(true);
    }
  }

  const typed = readDateText(text);
  // The form's message (the Field marks the control invalid) stands for the field's own, so one message shows.
  const ownMessage = props['aria-invalid'] ? null : problem;
  const describedBy = [props['aria-describedby'], ownMessage ? problemId : null].filter(Boolean).join(' ');
  return (
    <div className="date-field" ref={wrapper}>
      <div className="date-field__box">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.placeholder}
          className={['dash-input', 'date-field__input', className].filter(Boolean).join(' ')}
          value={text}
          onChange={onType}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          onKeyDown={onKey}
          aria-invalid={props['aria-invalid'] ?? (problem ? true : undefined)}
          aria-describedby={describedBy || undefined}
          data-testid={props['data-testid']}
        />
        <OpenButton open={open} popupId={popupId} onToggle={() => setOpen((o) => !o)} />
      </div>
      {open && (
        <DateCalendar
          id={popupId}
          start={'date' in typed ? typed.date : clamp(shopToday(), min, max)}
          selected={'date' in typed ? typed.date : null}
          min={min}
          max={max}
          onPick={(day) => {
            choose(day);
            closeToField();
          }}
          onClose={closeToField}
        />
      )}
      {ownMessage && (
        <p className="dash-error" id={problemId} role="alert">
          {ownMessage}
        </p>
      )}
    </div>
  );
}

/** A day kept between the first and last allowed days. */
function clamp(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}
