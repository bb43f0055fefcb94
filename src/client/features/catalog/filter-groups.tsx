// The listing filter's groups: category (single choice), sizes, events and colours (multiple), each reading its
// own list. Filter data failures are only logged (spec) and the group stays empty, except colours, which state
// their failure and emptiness with the spec's texts.
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { sortSizes } from '../../../shared/sizes';
import { FILTER_COLORS_INPUT } from '../../../shared/pages';
import { trpc } from '../../lib/trpc';

export interface FilterSelection {
  categoryID?: number;
  size: number[];
  eventID: number[];
  colorID: number[];
}

export interface GroupProps {
  draft: FilterSelection;
  setDraft: Dispatch<SetStateAction<FilterSelection>>;
}

const m = messages.listing;

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

function useLogFailure(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(`[filters] ${what} failed to load`, error);
  }, [what, error]);
}

export function CategoryGroup({ draft, setDraft, mainCategoryID }: GroupProps & { mainCategoryID: 1 | 2 }) {
  const categories = useQuery(trpc.catalog.categoriesByMain.queryOptions({ mainCategoryID }));
  useLogFailure('categories', categories.error);
  if (!categories.data?.length) return null;
  return (
    <fieldset className="filters__group">
      <legend>{m.category}</legend>
      {categories.data.map((c) => (
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
  );
}

export function SizeGroup({ draft, setDraft }: GroupProps) {
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  useLogFailure('sizes', sizes.error);
  if (!sizes.data?.length) return null;
  return (
    <fieldset className="filters__group">
      <legend>{m.size}</legend>
      <div className="chips">
        {sortSizes(sizes.data).map((s) => (
          <label key={s.sizeID} className="chip-check">
            <input
              type="checkbox"
              name="size"
              value={s.sizeID}
              checked={draft.size.includes(s.sizeID)}
              onChange={() => setDraft((d) => ({ ...d, size: toggle(d.size, s.sizeID) }))}
            />
            <span>{s.sizeName}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function EventGroup({ draft, setDraft }: GroupProps) {
  const events = useQuery(trpc.catalog.events.queryOptions());
  useLogFailure('events', events.error);
  if (!events.data?.length) return null;
  return (
    <fieldset className="filters__group">
      <legend>{m.event}</legend>
      {events.data.map((ev) => (
        <label key={ev.eventID} className="check">
          <input
            type="checkbox"
            name="eventID"
            value={ev.eventID}
            checked={draft.eventID.includes(ev.eventID)}
            onChange={() => setDraft((d) => ({ ...d, eventID: toggle(d.eventID, ev.eventID) }))}
          />
          <span>{ev.eventName}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ColorGroup({ draft, setDraft }: GroupProps) {
  const colors = useQuery(trpc.catalog.filterColors.queryOptions(FILTER_COLORS_INPUT));
  useLogFailure('colours', colors.error);
  if (colors.isPending) return null;
  return (
    <fieldset className="filters__group">
      <legend>{m.color}</legend>
      {colors.isError ? (
        <p className="filters__note" role="alert">
          {m.colorsFailed}
        </p>
      ) : colors.data.length === 0 ? (
        <p className="filters__note">{m.noColors}</p>
      ) : (
        <div className="swatches">
          {colors.data.map((c) => (
            <label key={c.colorID} className="swatch-check" title={c.colorName}>
              <input
                type="checkbox"
                name="colorID"
                value={c.colorID}
                aria-label={c.colorName}
                checked={draft.colorID.includes(c.colorID)}
                onChange={() => setDraft((d) => ({ ...d, colorID: toggle(d.colorID, c.colorID) }))}
              />
              <span className="swatch" style={{ background: c.hexCode || c.colorName }} aria-hidden="true" />
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
