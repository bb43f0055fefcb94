// The demo's waiting back-in-stock requests (issue 26, decision 233): a sold-out size of each of three products that
// are otherwise on sale gets a few shoppers waiting (3, 2 and 1), made over the last days, so the staff's "Kërkesa për
// rikthim" list has data and those product pages offer "Më njofto kur të kthehet" at once. Their addresses are
// confirmed (decision 239), so the requests are open: counted and e-mailed on a restock.
import { addDays } from '#shared/dates';
import type { DB } from '../db/client';
import * as q from './demo.queries';

interface Variant {
  variantId: number;
  planIndex: number;
  stock: number;
}

const WAITING = [
  ['blerta.krasniqi@example.com', 'arben.gashi@example.com', 'drita.berisha@example.com'],
  ['liridona.hoxha@example.com', 'besnik.morina@example.com'],
  ['vjosa.shala@example.com'],
];

/** The sold-out variants that get requests: one each of the first three products still selling another variant. */
export function waitedVariants<V extends Variant>(variants: V[], plans: ReadonlyArray<{ soldOut: boolean }>): V[] {
  const selling = new Set(variants.filter((v) => v.stock > 0).map((v) => v.planIndex));
  const chosen: V[] = [];
  for (const v of variants) {
    if (chosen.length === WAITING.length) break;
    if (v.stock === 0 && !plans[v.planIndex]!.soldOut && selling.has(v.planIndex)) {
      chosen.push(v);
      selling.delete(v.planIndex);
    }
  }
  return chosen;
}

export async function seedBackInStock(
  trx: DB,
  variants: Variant[],
  plans: ReadonlyArray<{ soldOut: boolean }>,
  today: string,
): Promise<void> {
  const rows = waitedVariants(variants, plans).flatMap((v, i) =>
    WAITING[i]!.map((email, j) => ({
      variant_id: v.variantId,
      email,
      status: 'open' as const,
      created_at: `${addDays(today, -(6 - i - j))}T09:${String(10 + j * 7).padStart(2, '0')}:00.000Z`,
    })),
  );
  await q.insertBackInStockAddresses(
    trx,
    rows.map((r) => ({ email: r.email, created_at: r.created_at, confirmed_at: r.created_at })),
  );
  await q.insertBackInStockRequests(trx, rows);
}
