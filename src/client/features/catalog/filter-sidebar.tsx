// Listing filters: category (single choice: checking one replaces the other), sizes, events and colours
// (multiple). Choices are a draft until "Shto filterat" applies them to the URL.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { sortSizes } from '../../../shared/sizes';
import { CloseIcon } from '../../components/layout/icons';
import { trpc } from '../../lib/trpc';

export interface FilterSelection {
  categoryID?: number;
  size: number[];
  eventID: number[];
  colorID: number[];
}

interface FilterSidebarProps {
  id: string;
  open: boolean;
  mainCategoryID: 1 | 2;
  applied: FilterSelection;
  onApply: (next: FilterSelection) => void;
  onClose: () => void;
}

const m = messages.listing;

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

function logFailure(what: string, error: unknown) {
  if (error) console.error(`[filters] ${what} failed to load`, error);
}

export function FilterSidebar({ id, open, mainCategoryID, applied, onApply, onClose }: FilterSidebarProps) {
  const [draft, setDraft] = useState<FilterSelection>(applied);
  const appliedKey = JSON.stringify(applied);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => setDraft(JSON.parse(appliedKey) as FilterSelection), [appliedKey]);

  const categories = useQuery(trpc.catalog.categoriesByMain.queryOptions({ mainCategoryID }));
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const events = useQuery(trpc.catalog.events.queryOptions());
  const colors = useQuery(trpc.catalog.filterColors.queryOptions({ minProductCount: 4 }));
  // Filter data failures are only logged (spec); the sections simply stay empty.
  useEffect(() => logFailure('categories', categories.error), [categories.error]);
  useEffect(() => logFailure('sizes', sizes.error), [sizes.error]);
  useEffect(() => logFailure('events', events.error), [events.error]);
  useEffect(() => logFailure('colours', colors.error), [colors.error]);

  useEffect(() => {
    if (open && window.matchMedia('(max-width: 1023px)').matches) headingRef.current?.focus();
  }, [open]);

  return (
    <aside
      id={id}
      className={`filters${open ? ' filters--open' : ''}`}
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
        {(categories.data?.length ?? 0) > 0 && (
          <fieldset className="filters__group">
            <legend>{m.category}</legend>
            {categories.data!.map((c) => (
              <label key={c.categoryID} className="check">
                <input
                  type="checkbox"
                  name="categoryID"
                  value={c.categoryID}
                  checked={draft.categoryID === c.categoryID}
                  onChange={(e) => setDraft((d) => ({ ...d, categoryID: e.target.checked ? c.categoryID : undefined }))}
                />
                <span>{c.categoryName}</span>
              </label>
            ))}
          </fieldset>
        )}
        {(sizes.data?.length ?? 0) > 0 && (
          <fieldset className="filters__group">
            <legend>{m.size}</legend>
            <div className="chips">
              {sortSizes(sizes.data!).map((s) => (
                <label key={s.sizeID} className="chip-check">
                  <input type="checkbox" name="size" value={s.sizeID} checked={draft.size.includes(s.sizeID)} onChange={() => setDraft((d) => ({ ...d, size: toggle(d.size, s.sizeID) }))} />
                  <span>{s.sizeName}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {(events.data?.length ?? 0) > 0 && (
          <fieldset className="filters__group">
            <legend>{m.event}</legend>
            {events.data!.map((ev) => (
              <label key={ev.eventID} className="check">
                <input type="checkbox" name="eventID" value={ev.eventID} checked={draft.eventID.includes(ev.eventID)} onChange={() => setDraft((d) => ({ ...d, eventID: toggle(d.eventID, ev.eventID) }))} />
                <span>{ev.eventName}</span>
              </label>
            ))}
          </fieldset>
        )}
        {/* The colour list states its failure and emptiness with the spec's texts instead of vanishing. */}
        {!colors.isPending && (
          <fieldset className="filters__group">
            <legend>{m.color}</legend>
            {colors.isError ? (
              <p className="filters__note" role="alert">{m.colorsFailed}</p>
            ) : colors.data!.length === 0 ? (
              <p className="filters__note">{m.noColors}</p>
            ) : (
              <div className="swatches">
                {colors.data!.map((c) => (
                  <label key={c.colorID} className="swatch-check" title={c.colorName}>
                    <input type="checkbox" name="colorID" value={c.colorID} aria-label={c.colorName} checked={draft.colorID.includes(c.colorID)} onChange={() => setDraft((d) => ({ ...d, colorID: toggle(d.colorID, c.colorID) }))} />
                    <span className="swatch" style={{ background: c.hexCode || c.colorName }} aria-hidden="true" />
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
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
