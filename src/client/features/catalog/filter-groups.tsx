// The listing filter's groups (issue 25), each a collapsible section (<details>, so it opens and closes before the
// app is live too): category (links: one category at a time, the page changes at once), colours, sizes (only those
// the category's products have), price range, brands and events (multiple, fields of the filter's GET form, applied
// as they change, decision 249). A group with a choice opens by itself. Filter data failures are only logged
// (spec) and the group stays empty, except colours, which state their failure and emptiness with the spec's texts.
import { useEffect, useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListingFacetsDto, SizeDto } from '#shared/dto/catalog';
import { listingMessages } from '#shared/messages/listing';
import { euroAmountText } from '#shared/money';
import { FILTER_COLORS_INPUT } from '#shared/pages';
import { Field } from '#client/components/ui/field';
import { trpc } from '#client/lib/trpc';
import type { ListingLink } from './listing-links';

const m = listingMessages;

function useLogFailure(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(`[filters] ${what} failed to load`, error);
  }, [what, error]);
}

/** One collapsible group: its title (with how many are chosen) and its fields. */
function Group({
  title,
  open,
  chosen = 0,
  children,
}: {
  title: string;
  open: boolean;
  chosen?: number;
  children: ReactNode;
}) {
  return (
    <details className="filters__group" open={open || chosen > 0}>
      <summary className="filters__summary">
        <span>{title}</span>
        {chosen > 0 && <span className="filters__chosen">{chosen}</span>}
      </summary>
      <fieldset className="filters__fields">
        <legend className="visually-hidden">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

interface CategoryGroupProps {
  categories: Array<{ categoryID: number; categoryName: string }> | undefined;
  current: number | undefined;
  linkFor: (categoryID: number | undefined) => ListingLink;
}

/** Categories as links (the listing of that category, the other filters kept): one at a time, no JavaScript needed. */
export function CategoryGroup({ categories, current, linkFor }: CategoryGroupProps) {
  if (!categories?.length) return null;
  const item = (categoryID: number | undefined, name: string) => (
    <li key={categoryID ?? 0}>
      <Link
        {...linkFor(categoryID)}
        // Another category's listing opens with the drawer still open (decision 249).
        state={{ filtersOpen: true }}
        className="filters__link"
        aria-current={categoryID === current ? 'page' : undefined}
        // Only the chosen category is current (the router would also mark /products current on /products/5).
        activeOptions={{ exact: true, includeSearch: true }}
      >
        {name}
      </Link>
    </li>
  );
  return (
    <Group title={m.category} open chosen={current === undefined ? 0 : 1}>
      <ul className="filters__links">
        {item(undefined, m.allCategories)}
        {categories.map((c) => item(c.categoryID, c.categoryName))}
      </ul>
    </Group>
  );
}

/** The sizes the page's products have (facets), and any chosen one they do not (so it can be taken off). */
export function SizeGroup({ offered, chosen, all }: { offered: SizeDto[]; chosen: number[]; all: SizeDto[] }) {
  const missing = chosen.filter((id) => !offered.some((s) => s.sizeID === id));
  const sizes = [...offered, ...all.filter((s) => missing.includes(s.sizeID))];
  if (!sizes.length) return null;
  return (
    <Group title={m.size} open chosen={chosen.length}>
      <div className="chips">
        {sizes.map((s) => (
          <label key={s.sizeID} className="chip-check">
            <input type="checkbox" name="size" value={s.sizeID} defaultChecked={chosen.includes(s.sizeID)} />
            <span>{s.sizeName}</span>
          </label>
        ))}
      </div>
    </Group>
  );
}

interface PriceGroupProps {
  min: number | undefined;
  max: number | undefined;
  range: Pick<ListingFacetsDto, 'minPrice' | 'maxPrice'> | undefined;
}

/** From and to, in euros as the shopper types them ("59,90" or "59.90"); the page's own range as placeholders. */
export function PriceGroup({ min, max, range }: PriceGroupProps) {
  const id = useId();
  const placeholder = (v: number | null | undefined) => (v == null ? undefined : euroAmountText(v));
  const input =
    (name: 'minPrice' | 'maxPrice', value: number | undefined, limit: number | null | undefined) =>
    (control: { id: string; className?: string }) => (
      <input
        {...control}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value === undefined ? '' : euroAmountText(value)}
        placeholder={placeholder(limit)}
      />
    );
  return (
    <Group title={m.price} open chosen={(min === undefined ? 0 : 1) + (max === undefined ? 0 : 1)}>
      <div className="filters__prices">
        <Field id={`${id}-min`} label={m.priceFrom}>
          {input('minPrice', min, range?.minPrice)}
        </Field>
        <Field id={`${id}-max`} label={m.priceTo}>
          {input('maxPrice', max, range?.maxPrice)}
        </Field>
      </div>
      <p className="filters__note">{m.priceHint}</p>
    </Group>
  );
}

/** The brands of the page's products (facets), and any chosen one they do not have. */
export function BrandGroup({ offered, chosen }: { offered: string[]; chosen: string[] }) {
  const lower = new Set(offered.map((b) => b.toLowerCase()));
  const brands = [...offered, ...chosen.filter((b) => !lower.has(b.toLowerCase()))];
  if (!brands.length) return null;
  const isChosen = (b: string) => chosen.some((c) => c.toLowerCase() === b.toLowerCase());
  return (
    <Group title={m.brand} open={false} chosen={chosen.length}>
      <div className="filters__list">
        {brands.map((b) => (
          <label key={b} className="check">
            <input type="checkbox" name="brand" value={b} defaultChecked={isChosen(b)} />
            <span>{b}</span>
          </label>
        ))}
      </div>
    </Group>
  );
}

export function EventGroup({ chosen }: { chosen: number[] }) {
  const events = useQuery(trpc.catalog.events.queryOptions());
  useLogFailure('events', events.error);
  if (!events.data?.length) return null;
  return (
    <Group title={m.event} open={false} chosen={chosen.length}>
      {events.data.map((ev) => (
        <label key={ev.eventID} className="check">
          <input type="checkbox" name="eventID" value={ev.eventID} defaultChecked={chosen.includes(ev.eventID)} />
          <span>{ev.eventName}</span>
        </label>
      ))}
    </Group>
  );
}

export function ColorGroup({ chosen }: { chosen: number[] }) {
  const colors = useQuery(trpc.catalog.filterColors.queryOptions(FILTER_COLORS_INPUT));
  useLogFailure('colours', colors.error);
  if (colors.isPending) return null;
  return (
    <Group title={m.color} open chosen={chosen.length}>
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
                defaultChecked={chosen.includes(c.colorID)}
              />
              <span className="swatch" style={{ background: c.hexCode || c.colorName }} aria-hidden="true" />
            </label>
          ))}
        </div>
      )}
    </Group>
  );
}
