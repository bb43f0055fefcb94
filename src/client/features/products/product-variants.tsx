// The product form's variants table: one row per size × colour with its stock, rows added and removed freely, or
// made in one step by the size × colour generator. "Pa ngjyrë" (decision 216) comes first among the colours.
import { Fragment, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColorDto, SizeDto } from '#shared/dto/catalog';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { isNoColour } from '#shared/colours';
import { sortSizes } from '#shared/sizes';
import { trpc } from '#client/lib/trpc';
import { Swatch } from '#client/components/dashboard/swatch';
import { addCombinations, newRow, type FieldErrorOf, type VariantRow } from './product-form-model';
import { VariantGenerator } from './variant-generator';
import { VariantHistory } from './variant-history';

const m = staffMessages.dashboard;

interface Props {
  variants: VariantRow[];
  setVariants: Dispatch<SetStateAction<VariantRow[]>>;
  colorById: Map<string, ColorDto>;
  err: FieldErrorOf;
  /** The generator starts open (a new product). */
  generatorOpen: boolean;
  /** The saved product (its variants' waiting back-in-stock shoppers are shown, decision 233). */
  productID?: number;
}

/** Waiting back-in-stock shoppers per saved variant of the product (decision 233). */
function useWaiting(productID: number | undefined): Map<number, number> {
  const demand = useQuery({
    ...trpc.backInStock.productDemand.queryOptions({ productID: productID ?? 0 }),
    enabled: productID !== undefined,
  });
  return useMemo(() => new Map((demand.data ?? []).map((d) => [d.variantID, d.waiting])), [demand.data]);
}

/** The colours for the selects and the generator: "Pa ngjyrë" first, then as listed (by name). */
const noColourFirst = (colours: ColorDto[]) => [
  ...colours.filter(isNoColour),
  ...colours.filter((c) => !isNoColour(c)),
];

export function ProductVariants({ variants, setVariants, colorById, err, generatorOpen, productID }: Props) {
  const waiting = useWaiting(productID);
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const sortedSizes = useMemo(() => sortSizes(sizes.data ?? []), [sizes.data]);
  const colours = useMemo(() => noColourFirst([...colorById.values()]), [colorById]);
  const generate = (sizeIDs: string[], colorIDs: string[], stock: string) => {
    const result = addCombinations(variants, sizeIDs, colorIDs, stock);
    setVariants(result.rows);
    return result;
  };
  const setRow = (key: number, patch: Partial<VariantRow>) =>
    setVariants((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: number) => setVariants((rows) => rows.filter((r) => r.key !== key));
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  return (
    <>
      <h2 className="dash-section-title">{m.variants}</h2>
      <VariantGenerator sizes={sortedSizes} colours={colours} onGenerate={generate} open={generatorOpen} />
      {err('variants') && (
        <p className="dash-error" role="alert">
          {err('variants')}
        </p>
      )}
      <div className="dash-table-wrap">
        <table className="dash-table dash-variants">
          <thead>
            <tr>
              <th scope="col">{m.colSizes}</th>
              <th scope="col">{m.colColors}</th>
              <th scope="col">{m.stockQuantity}</th>
              <th scope="col" title={staffMessages.backInStock.waitingTitle}>
                {staffMessages.backInStock.colWaiting}
              </th>
              <th scope="col">
                <span className="visually-hidden">{m.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v, i) => {
              // A variant's stock history opens in place: the row right under it (issue 35), not below the table.
              const open = v.variantID !== undefined && historyOf === v.variantID;
              return (
                <Fragment key={v.key}>
                  <VariantRowView
                    row={v}
                    index={i}
                    sizes={sortedSizes}
                    colours={colours}
                    colorById={colorById}
                    err={err}
                    onChange={(patch) => setRow(v.key, patch)}
                    onRemove={() => remove(v.key)}
                    onHistory={v.variantID === undefined ? undefined : () => setHistoryOf(open ? null : v.variantID!)}
                    historyOpen={open}
                    waiting={v.variantID === undefined ? 0 : (waiting.get(v.variantID) ?? 0)}
                  />
                  {open && (
                    <tr className="stock-history-row">
                      <td colSpan={5}>
                        <VariantHistory variantID={v.variantID!} onClose={() => setHistoryOf(null)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <button type="button" className="dash-btn" onClick={() => setVariants((rows) => [...rows, newRow()])}>
          + {m.addVariant}
        </button>
      </div>
    </>
  );
}

interface RowProps {
  row: VariantRow;
  index: number;
  sizes: SizeDto[];
  colours: ColorDto[];
  colorById: Map<string, ColorDto>;
  err: FieldErrorOf;
  onChange: (patch: Partial<VariantRow>) => void;
  onRemove: () => void;
  /** Shows or hides the saved variant's stock history (absent for a row not saved yet). */
  onHistory?: () => void;
  historyOpen: boolean;
  /** Shoppers waiting for it to come back in stock. */
  waiting: number;
}

function VariantRowView(props: RowProps) {
  const {
    row: v,
    index: i,
    sizes,
    colours,
    colorById,
    err,
    onChange,
    onRemove,
    onHistory,
    historyOpen,
    waiting,
  } = props;
  return (
    <tr>
      <td>
        <select
          aria-label={`${m.chooseSize} ${i + 1}`}
          value={v.sizeID}
          onChange={(e) => onChange({ sizeID: e.target.value })}
          className="dash-input"
        >
          <option value="">{m.chooseSize}</option>
          {sizes.map((s) => (
            <option key={s.sizeID} value={s.sizeID}>
              {s.sizeName}
            </option>
          ))}
        </select>
        {err(`variants.${i}.sizeID`) && <p className="dash-error">{err(`variants.${i}.sizeID`)}</p>}
      </td>
      <td>
        <span className="dash-color-pick">
          <Swatch colour={colorById.get(v.colorID)} />
          <select
            aria-label={`${m.chooseColor} ${i + 1}`}
            value={v.colorID}
            onChange={(e) => onChange({ colorID: e.target.value })}
            className="dash-input"
          >
            <option value="">{m.chooseColor}</option>
            {colours.map((c) => (
              <option key={c.colorID} value={c.colorID}>
                {c.colorName}
              </option>
            ))}
          </select>
        </span>
        {err(`variants.${i}.colorID`) && <p className="dash-error">{err(`variants.${i}.colorID`)}</p>}
      </td>
      <td>
        <input
          aria-label={`${m.stockQuantity} ${i + 1}`}
          type="number"
          min="0"
          step="1"
          value={v.stockQuantity}
          onChange={(e) => onChange({ stockQuantity: e.target.value })}
          className="dash-input dash-stock"
        />
        {err(`variants.${i}.stockQuantity`) && <p className="dash-error">{err(`variants.${i}.stockQuantity`)}</p>}
      </td>
      <WaitingCell waiting={waiting} />
      <VariantActions index={i} onHistory={onHistory} historyOpen={historyOpen} onRemove={onRemove} />
    </tr>
  );
}

/** Shoppers waiting for the variant to come back in stock (decision 233); a dash when none. */
function WaitingCell({ waiting }: { waiting: number }) {
  const t = staffMessages.backInStock;
  return (
    <td className="dash-variants__waiting" data-testid="variant-waiting">
      {waiting > 0 ? <span title={t.waitingTitle}>{plural(t.waiting, waiting)}</span> : '—'}
    </td>
  );
}

/** The row's buttons: its stock history (a saved variant only) and removing it. */
function VariantActions(props: Pick<RowProps, 'index' | 'onHistory' | 'historyOpen' | 'onRemove'>) {
  const { index: i, onHistory, historyOpen, onRemove } = props;
  return (
    <td className="actions">
      {onHistory && (
        <button
          type="button"
          className="dash-btn dash-btn--sm"
          aria-label={`${staffMessages.stock.historyTitle} ${i + 1}`}
          aria-expanded={historyOpen}
          onClick={onHistory}
        >
          {staffMessages.stock.historyShow}
        </button>
      )}
      <button
        type="button"
        className="dash-btn dash-btn--sm"
        aria-label={`${m.removeVariant} ${i + 1}`}
        onClick={onRemove}
      >
        ×
      </button>
    </td>
  );
}
