// The product table's columns (the spec's: #, name, barcode, brand, description, category, price, sizes, stock,
// colours, photos, events, actions). The # cell holds the row's checkbox for the bulk action; name, price and stock
// headers sort the list on the server (decision 220). Cells the phone layout leaves out carry `pl-wide`.
import { isNoColour } from '#shared/colours';
import type { ReactNode } from 'react';
import type { ProductTableRowDto } from '#shared/dto/catalog-admin';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { defaultDirection, type ProductListSearch, type ProductSort } from '#shared/schemas/product-list';
import type { Column } from '#client/components/dashboard/data-table';

const m = staffMessages.dashboard;
const l = staffMessages.productList;

export interface ColumnOptions {
  /** Number of the first row shown (page 2 of 25 starts at 26). */
  firstNumber: number;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  search: ProductListSearch;
  onSort: (sort: ProductSort) => void;
  actions: (p: ProductTableRowDto) => ReactNode;
}

/** The column's name before a value on a phone card (hidden in the table, whose header names it). */
const CardLabel = ({ text }: { text: string }) => (
  <span className="pl-card-label" aria-hidden="true">
    {text}
  </span>
);

/** A header that sorts by its column (underlined): ▲ / ▼ when the list is sorted by it. */
function SortHeader({ label, sort, o }: { label: string; sort: ProductSort; o: ColumnOptions }) {
  const current = (o.search.sort ?? 'date') === sort;
  const dir = o.search.dir ?? defaultDirection(o.search.sort ?? 'date');
  return (
    <button
      type="button"
      className={`pl-sort${current ? ' is-on' : ''}`}
      onClick={() => o.onSort(sort)}
      aria-label={fill(l.sortBy, { column: label })}
      aria-pressed={current}
    >
      {label}
      {current && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
    </button>
  );
}

function NameCell({ p }: { p: ProductTableRowDto }) {
  return (
    <span className="dash-product-name">
      {p.thumbnailURL ? (
        <img src={p.thumbnailURL} alt="" width={36} height={36} loading="lazy" />
      ) : (
        <span className="dash-noimg">{m.noPhoto}</span>
      )}
      <span className="dash-clip-2" title={p.name}>
        {p.name}
        {!p.isActive && <span className="dash-chip pl-off">{l.inactive}</span>}
      </span>
    </span>
  );
}

type ProductColumn = Column<ProductTableRowDto>;

/** Barcode, brand and description: the table's, not the phone card's. */
const TEXT_COLUMNS: ProductColumn[] = [
  { key: 'barcode', header: m.colBarcode, cell: (p) => p.barcode || '—', className: 'code pl-wide' },
  {
    key: 'brand',
    header: m.colBrand,
    cell: (p) => (
      <span className="dash-clip-2" title={p.brand ?? ''}>
        {p.brand ?? '—'}
      </span>
    ),
    className: 'narrow pl-wide',
  },
  {
    key: 'description',
    header: m.colDescription,
    cell: (p) => <span title={p.description}>{p.description || '—'}</span>,
    className: 'clip pl-wide',
  },
];

const CATEGORY: ProductColumn = {
  key: 'category',
  header: m.colCategory,
  cell: (p) => (
    <>
      <CardLabel text={m.colCategory} />
      <span className="dash-clip-2" title={p.categoryName}>
        {p.categoryName}
      </span>
    </>
  ),
  className: 'narrow pl-cat',
};

/** A header its narrow column may cut short ("Madh…"): the whole name in the tooltip. */
const ShortHeader = ({ text }: { text: string }) => <span title={text}>{text}</span>;

const SIZES: ProductColumn = {
  key: 'sizes',
  header: <ShortHeader text={m.colSizes} />,
  cell: (p) => <ClippedList items={p.sizes} separator=" · " />,
  className: 'clip clip--sm pl-wide',
};

/** Colours, photos and events. */
const DETAIL_COLUMNS: ProductColumn[] = [
  { key: 'colors', header: m.colColors, cell: (p) => <Swatches colors={p.colors} />, className: 'nowrap pl-wide' },
  { key: 'photos', header: m.colPhotos, cell: (p) => p.photoCount, className: 'num pl-wide' },
  {
    key: 'events',
    header: <ShortHeader text={m.colEvents} />,
    cell: (p) => <ClippedList items={p.events} separator=", " />,
    className: 'clip clip--sm pl-wide',
  },
];

function StockCell({ p }: { p: ProductTableRowDto }) {
  return (
    <>
      <CardLabel text={m.colStock} />
      {p.stockQuantity}
      {p.lowStock && (
        <span className="pl-low" title={l.lowStockChip}>
          <span className="visually-hidden">{l.lowStockChip}</span>
        </span>
      )}
    </>
  );
}

export function productColumns(o: ColumnOptions): ProductColumn[] {
  return [
    {
      key: 'n',
      header: m.colNumber,
      className: 'num pl-pick',
      cell: (p, i) => (
        <label className="pl-check">
          <input
            type="checkbox"
            checked={o.selected.has(p.productID)}
            onChange={() => o.onToggle(p.productID)}
            aria-label={fill(l.selectProduct, { name: p.name })}
          />
          <span>{o.firstNumber + i}</span>
        </label>
      ),
    },
    {
      key: 'name',
      header: <SortHeader label={m.colName} sort="name" o={o} />,
      className: 'pl-name',
      cell: (p) => <NameCell p={p} />,
    },
    ...TEXT_COLUMNS,
    CATEGORY,
    {
      key: 'price',
      header: <SortHeader label={m.colPrice} sort="price" o={o} />,
      cell: (p) => (
        <>
          <CardLabel text={m.colPrice} />
          {formatEuro(p.price)}
        </>
      ),
      className: 'num pl-price',
    },
    SIZES,
    {
      key: 'stock',
      header: <SortHeader label={m.colStock} sort="stock" o={o} />,
      cell: (p) => <StockCell p={p} />,
      className: 'num pl-stock',
    },
    ...DETAIL_COLUMNS,
    { key: 'actions', header: m.colActions, className: 'actions', cell: o.actions },
  ];
}

/** A list as one clipped line; the whole list in the tooltip. */
function ClippedList({ items, separator }: { items: string[]; separator: string }) {
  if (!items.length) return <>—</>;
  const text = items.join(separator);
  return <span title={text}>{text}</span>;
}

const SWATCHES_SHOWN = 4;

/** Up to four colour swatches, then "+n" for the rest (all named in the tooltip). */
function Swatches({ colors }: { colors: ProductTableRowDto['colors'] }) {
  if (!colors.length) return <>—</>;
  const rest = colors.length - SWATCHES_SHOWN;
  return (
    <span title={colors.map((c) => c.colorName).join(', ')}>
      {colors.slice(0, SWATCHES_SHOWN).map((c) => (
        <span
          key={c.colorID}
          className={isNoColour(c) ? 'dash-swatch dash-swatch--none' : 'dash-swatch'}
          style={{ background: isNoColour(c) ? undefined : c.hexCode }}
          aria-label={c.colorName}
          role="img"
        />
      ))}
      {rest > 0 && <span className="dash-more">+{rest}</span>}
    </span>
  );
}
