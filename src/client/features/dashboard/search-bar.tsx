// Debounced (300 ms) dashboard search bar; submitting searches at once. Its text lives in search-store.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { staffMessages } from '#shared/messages-staff';
import { SEARCH_DEBOUNCE_MS, getDashboardSearch, setDashboardSearch } from '#client/components/dashboard/search-store';

export function DashboardSearchBar({ resetKey }: { resetKey: string }) {
  const [text, setText] = useState(getDashboardSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new screen starts with an empty search.
  useEffect(() => {
    setText('');
    setDashboardSearch('');
  }, [resetKey]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function onChange(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setDashboardSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    setDashboardSearch(text.trim());
  }

  return (
    <form className="dash-search" role="search" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="dash-search-input">
        {staffMessages.dashboard.search}
      </label>
      <input
        id="dash-search-input"
        type="search"
        value={text}
        placeholder={staffMessages.dashboard.searchPlaceholder}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="dash-btn dash-btn--ghost" aria-label={staffMessages.dashboard.search}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
