// The product list's bulk action (decision 220): the chosen products of the page are activated, deactivated or
// deleted by one server call after ONE confirmation, all of them or none; the answer is shown per product (a deleted
// product's order lines keep their snapshot, and the report says how many).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BulkProductOutcomeDto, BulkProductsResultDto, ProductTableRowDto } from '#shared/dto/catalog-admin';
import { fill, plural, type PluralText } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { BulkProductAction } from '#shared/schemas/product-list';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';

const l = staffMessages.productList;

const TEXTS: Record<BulkProductAction, { ask: PluralText; button: PluralText; done: PluralText }> = {
  activate: { ask: l.confirmActivate, button: l.activateN, done: l.doneActivate },
  deactivate: { ask: l.confirmDeactivate, button: l.deactivateN, done: l.doneDeactivate },
  delete: { ask: l.confirmRemove, button: l.removeN, done: l.doneRemove },
};

const NAMES_SHOWN = 5;

/** "A, B, C dhe 2 të tjera". */
function namesOf(products: readonly ProductTableRowDto[]): string {
  const names = products.slice(0, NAMES_SHOWN).map((p) => `«${p.name}»`);
  const rest = products.length - names.length;
  return rest > 0 ? plural(l.andMore, rest, { names: names.join(', ') }) : names.join(', ');
}

/** Runs a bulk action on the chosen products after one confirmation; keeps the last answer for the report. */
export function useProductBulk(onDone: () => void) {
  const bulk = useMutation(trpc.catalogAdmin.bulkProducts.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const [report, setReport] = useState<BulkProductsResultDto | null>(null);

  async function run(action: BulkProductAction, products: readonly ProductTableRowDto[]) {
    const n = products.length;
    if (n === 0) return;
    const t = TEXTS[action];
    const message: ReactNode = (
      <>
        {plural(t.ask, n)}
        <span className="pl-confirm-names">{fill(l.confirmNames, { names: namesOf(products) })}</span>
      </>
    );
    if (!(await confirm(message, { confirm: plural(t.button, n), keep: l.bulkKeep }))) return;
    try {
      const result = await bulk.mutateAsync({ action, productIDs: products.map((p) => p.productID) });
      setReport(result);
      notify.success(plural(t.done, result.changed), { topic: 'product-bulk' });
      onDone();
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, l.bulkFailed).message, { topic: 'product-bulk' });
    }
  }

  return { run, busy: bulk.isPending, report, closeReport: () => setReport(null), dialog };
}

interface BulkBarProps {
  rows: readonly ProductTableRowDto[];
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  onAction: (action: BulkProductAction) => void;
  busy: boolean;
}

/** Select-all of the page, the count chosen and the three actions (disabled until something is chosen). */
export function BulkBar({ rows, selected, onSelect, onAction, busy }: BulkBarProps) {
  const box = useRef<HTMLInputElement>(null);
  const chosen = rows.filter((p) => selected.has(p.productID)).length;
  const all = rows.length > 0 && chosen === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  const none = chosen === 0 || busy;
  return (
    <div className="pl-bulk" role="group" aria-label={l.bulkActions} data-testid="product-bulk">
      <label className="pl-check pl-check--all">
        <input
          ref={box}
          type="checkbox"
          checked={all}
          disabled={rows.length === 0}
          onChange={() => onSelect(all ? new Set() : new Set(rows.map((p) => p.productID)))}
          aria-label={l.selectAll}
        />
        <span aria-hidden="true">{l.selectPage}</span>
      </label>
      <span className="pl-bulk-count" aria-live="polite">
        {plural(l.selectedCount, chosen)}
      </span>
      <span className="pl-bulk-actions">
        <button type="button" className="dash-btn dash-btn--sm" disabled={none} onClick={() => onAction('activate')}>
          {l.activate}
        </button>
        <button type="button" className="dash-btn dash-btn--sm" disabled={none} onClick={() => onAction('deactivate')}>
          {l.deactivate}
        </button>
        <button
          type="button"
          className="dash-btn dash-btn--sm dash-btn--danger"
          disabled={none}
          onClick={() => onAction('delete')}
        >
          {l.remove}
        </button>
        {chosen > 0 && (
          <button type="button" className="dash-btn dash-btn--sm dash-btn--ghost" onClick={() => onSelect(new Set())}>
            {l.clearSelection}
          </button>
        )}
      </span>
    </div>
  );
}

function outcomeText(p: BulkProductOutcomeDto): string {
  if (p.outcome === 'deleted')
    return p.orderLinesKept ? plural(l.outcomeDeletedWithOrders, p.orderLinesKept) : l.outcomeDeleted;
  return { activated: l.outcomeActivated, deactivated: l.outcomeDeactivated, unchanged: l.outcomeUnchanged }[p.outcome];
}

/** What the last bulk action did, product by product. */
export function BulkReport({ report, onClose }: { report: BulkProductsResultDto; onClose: () => void }) {
  return (
    <section className="pl-report" role="status" data-testid="product-bulk-report">
      <div className="pl-report-head">
        <h2>{l.reportTitle}</h2>
        <button type="button" className="dash-btn dash-btn--sm dash-btn--ghost" onClick={onClose}>
          {l.closeReport}
        </button>
      </div>
      <ul>
        {report.products.map((p) => (
          <li key={p.productID} className={`is-${p.outcome}`}>
            <strong>{p.name}</strong> (#{p.productID}): {outcomeText(p)}
          </li>
        ))}
      </ul>
    </section>
  );
}
