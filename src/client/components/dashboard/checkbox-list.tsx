// A labelled group of checkboxes for choosing several items (product events, …): a filter box once the list
// is long, the number chosen, and a scrollable grid; replaces a Ctrl-click <select multiple>.
import { useId, useState } from 'react';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { matchesQuery } from '#shared/text';

const m = staffMessages.dashboard;

/** Lists longer than this get a filter box. */
const FILTER_FROM = 8;

interface Option {
  id: number;
  label: string;
}

interface CheckboxListProps {
  legend: string;
  options: Option[];
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string | string[] | null;
  testId?: string;
}

export function CheckboxList({ legend, options, selected, onChange, error, testId }: CheckboxListProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const chosen = new Set(selected);
  const shown = query ? options.filter((o) => matchesQuery(query, [o.label])) : options;
  const text = Array.isArray(error) ? error[0] : error;
  const toggle = (optionId: number, on: boolean) =>
    onChange(on ? [...selected, optionId] : selected.filter((s) => s !== optionId));

  return (
    <fieldset
      className={`dash-field dash-checks${text ? ' has-error' : ''}`}
      data-testid={testId}
      aria-describedby={text ? `${id}-error` : undefined}
    >
      <legend className="dash-field-label">
        {legend} <span className="dash-muted">· {plural(m.chosenCount, selected.length)}</span>
      </legend>
      {options.length > FILTER_FROM && (
        <input
          type="search"
          className="dash-input"
          placeholder={m.filterOptions}
          aria-label={`${m.filterOptions} ${legend}`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <div className="dash-checks__grid">
        {shown.map((o) => (
          <label key={o.id} className="dash-checks__item">
            <input type="checkbox" checked={chosen.has(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
            <span>{o.label}</span>
          </label>
        ))}
        {shown.length === 0 && <p className="dash-hint">{m.noOptionMatches}</p>}
      </div>
      {text && (
        <p className="dash-error" role="alert" id={`${id}-error`}>
          {text}
        </p>
      )}
    </fieldset>
  );
}
