// The date field's month calendar (decision 258): a small non-modal dialog with a grid of days, Monday first, in
// Albanian. Arrows move the day (Page Up/Down a month, Home/End the week's ends), Enter or Space picks it, Escape
// closes; the field puts the focus back on its input.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { addDays, addMonths, daysInMonth, shopToday, weekdayOf } from '#shared/dates';

const t = staffMessages.dateField;

/** The month of a yyyy-mm-dd date as weeks of seven cells, Monday first; null where a day of another month falls. */
function monthWeeks(day: string): Array<Array<string | null>> {
  const first = `${day.slice(0, 8)}01`;
  const [y, m] = day.split('-').map(Number) as [number, number];
  const cells: Array<string | null> = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = 1; d <= daysInMonth(y, m); d++) cells.push(`${day.slice(0, 8)}${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

const monthTitle = (day: string) => {
  const name = t.months[Number(day.slice(5, 7)) - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${day.slice(0, 4)}`;
};

const dayLabel = (day: string) =>
  fill(t.dayLabel, {
    weekday: t.weekdays[weekdayOf(day)]!,
    day: Number(day.slice(8)),
    month: t.months[Number(day.slice(5, 7)) - 1]!,
    year: day.slice(0, 4),
  });

/** Where a key moves the focused day; undefined for keys the grid leaves alone. */
function moved(day: string, e: KeyboardEvent): string | undefined {
  switch (e.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'PageUp':
      return addMonths(day, e.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, e.shiftKey ? 12 : 1);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    default:
      return undefined;
  }
}

interface DateCalendarProps {
  id: string;
  /** The day that has the focus when the calendar opens (the field's date, else today). */
  start: string;
  selected: string | null;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
}

/** Moves itself left when it would stick out of the screen's right edge (a field on the right half of a phone). */
function useKeptOnScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const room = document.documentElement.clientWidth - 8;
    if (box.right > room) setShift(Math.max(0, Math.min(box.right - room, box.left - 8)));
  }, []);
  return { ref, shift };
}

/** The month's name and the buttons to the month before and after. */
function MonthHead({ titleId, focused, go }: { titleId: string; focused: string; go: (day: string) => void }) {
  return (
    <div className="date-cal__head">
      <button
        type="button"
        className="date-cal__step"
        aria-label={t.previousMonth}
        onClick={() => go(addMonths(focused, -1))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <p id={titleId} className="date-cal__title" aria-live="polite">
        {monthTitle(focused)}
      </p>
      <button
        type="button"
        className="date-cal__step"
        aria-label={t.nextMonth}
        onClick={() => go(addMonths(focused, 1))}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

interface DayGridProps {
  focused: string;
  selected: string | null;
  allowed: (day: string) => boolean;
  titleId: string;
  hintId: string;
  onKeyDown: (e: KeyboardEvent) => void;
  onDay: (day: string) => void;
}

/** The month's days as a grid: one tab stop (the focused day), the chosen day selected, today marked. */
function DayGrid({ focused, selected, allowed, titleId, hintId, onKeyDown, onDay }: DayGridProps) {
  const today = shopToday();
  const cell = (day: string) => (
    <td key={day} role="gridcell" aria-selected={day === selected}>
      <button
        type="button"
        data-day={day}
        tabIndex={day === focused ? 0 : -1}
        aria-label={dayLabel(day)}
        aria-current={day === today ? 'date' : undefined}
        aria-disabled={allowed(day) ? undefined : true}
        className={day === selected ? 'is-selected' : undefined}
        onClick={() => onDay(day)}
      >
        {Number(day.slice(8))}
      </button>
    </td>
  );
  return (
    <table
      role="grid"
      className="date-cal__grid"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {t.weekdaysShort.map((name, i) => (
            <th key={name} scope="col" abbr={t.weekdays[i]}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(focused).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) => (day ? cell(day) : <td key={`empty-${i}`} role="gridcell" />))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DateCalendar({ id, start, selected, min, max, onPick, onClose }: DateCalendarProps) {
  const [focused, setFocused] = useState(start);
  const takeFocus = useRef(true);
  const { ref, shift } = useKeptOnScreen();
  const titleId = useId();
  const hintId = useId();
  const allowed = (day: string) => (!min || day >= min) && (!max || day <= max);

  useEffect(() => {
    if (!takeFocus.current) return;
    takeFocus.current = false;
    ref.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, ref]);

  /** Shows a day; the keyboard's moves take the focus along, the month buttons keep it. */
  const go = (day: string, focus: boolean) => {
    takeFocus.current = focus;
    setFocused(day);
  };

  function onGridKey(e: KeyboardEvent) {
    const next = moved(focused, e);
    if (next) {
      e.preventDefault();
      go(next, true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (allowed(focused)) onPick(focused);
    }
  }

  return (
    <div
      ref={ref}
      id={id}
      className="date-cal"
      role="dialog"
      aria-labelledby={titleId}
      style={shift ? { transform: `translateX(-${shift}px)` } : undefined}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <MonthHead titleId={titleId} focused={focused} go={(day) => go(day, false)} />
      <DayGrid
        focused={focused}
        selected={selected}
        allowed={allowed}
        titleId={titleId}
        hintId={hintId}
        onKeyDown={onGridKey}
        onDay={(day) => (allowed(day) ? onPick(day) : go(day, true))}
      />
      <p id={hintId} className="date-cal__hint">
        {t.keys}
      </p>
    </div>
  );
}
