// Listing filters: category (single choice: checking one replaces the other), sizes, events and colours
// (multiple). Choices are a draft until "Shto filterat" applies them to the URL.
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import { CloseIcon } from '../../components/layout/icons';
import { CategoryGroup, ColorGroup, EventGroup, SizeGroup, type FilterSelection } from './filter-groups';

interface FilterSidebarProps {
  id: string;
  open: boolean;
  /** Before hydration: shown beside the grid on a wide screen by CSS, hidden on a phone. */
  auto?: boolean;
  mainCategoryID: 1 | 2;
  applied: FilterSelection;
  onApply: (next: FilterSelection) => void;
  onClose: () => void;
}

const m = messages.listing;

export function FilterSidebar({
  id,
  open,
  auto = false,
  mainCategoryID,
  applied,
  onApply,
  onClose,
}: FilterSidebarProps) {
  const [draft, setDraft] = useState<FilterSelection>(applied);
  const appliedKey = JSON.stringify(applied);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => setDraft(JSON.parse(appliedKey) as FilterSelection), [appliedKey]);

  useEffect(() => {
    if (open && window.matchMedia('(max-width: 1023px)').matches) headingRef.current?.focus();
  }, [open]);

  return (
    <aside
      id={id}
      className={`filters${open ? ' filters--open' : auto ? ' filters--auto' : ''}`}
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="filters__head">
        <h2 id={headingId} className="filters__title" tabIndex={-1} ref={headingRef}>
          {m.filtering}
        </h2>
        <button type="button" className="icon-button filters__close" aria-label={m.closeFilters} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <form
        className="filters__body"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <CategoryGroup draft={draft} setDraft={setDraft} mainCategoryID={mainCategoryID} />
        <SizeGroup draft={draft} setDraft={setDraft} />
        <EventGroup draft={draft} setDraft={setDraft} />
        <ColorGroup draft={draft} setDraft={setDraft} />
        <div className="filters__foot">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              const cleared = { categoryID: undefined, size: [], eventID: [], colorID: [] };
              setDraft(cleared);
              onApply(cleared);
            }}
          >
            {m.clearFilters}
          </button>
          <button type="submit" className="button">
            {m.applyFilters}
          </button>
        </div>
      </form>
    </aside>
  );
}
