// The dashboard's customers list (issue 35 point 10, decision 256): every buyer from the orders' buyers rollup
// (merged by account, e-mail or phone), a page at a time, with the returns of the page's buyers counted by the
// returns module. Search by name, e-mail or phone typed any way ("044 123 456" finds "+383 44 123 456").
import type { BuyerHistoryDto } from '#shared/dto/cod-risk';
import type { CustomerDto } from '#shared/dto/customers';
import type { BuyerHistoryInput } from '#shared/schemas/cod-risk';
import { centsToEuros } from '#shared/money';
import { formatPhone, phoneSearchWords } from '#shared/phone';
import { pageWindow, searchWords, type ListCustomersInput, type Page } from '#shared/schemas/paging';
import type { AppDeps } from '#server/deps';
import { buyerHistory, orderIdsOfBuyers, pageBuyers } from '../orders';
import { returnedUnitsPerOrder } from '../returns';

const list = (text: string) => text.split(' ').filter(Boolean);

/** One page of buyers, latest order first, with how many match the search. */
export async function pageCustomers(
  deps: Pick<AppDeps, 'db'>,
  input: ListCustomersInput = {},
): Promise<Page<CustomerDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input);
  // A phone however it is typed is one word: its digits as stored phones hold them (decision 246).
  const words = phoneSearchWords(input.q) ?? searchWords(input.q);
  const { rows, total } = await pageBuyers(deps.db, words, limit, offset);
  const orders = await orderIdsOfBuyers(
    deps.db,
    rows.map((r) => r.buyer_id),
  );
  const units = await returnedUnitsPerOrder(
    deps.db,
    orders.map((o) => o.order_id),
  );
  const returns = new Map<number, number>();
  for (const o of orders)
    if (o.buyer_id !== null) returns.set(o.buyer_id, (returns.get(o.buyer_id) ?? 0) + (units.get(o.order_id) ?? 0));
  const items = rows.map((r): CustomerDto => ({
    customerId: r.buyer_id,
    name: r.name,
    emails: list(r.emails),
    phones: list(r.phones).map((p) => formatPhone(p)),
    userId: r.user_id,
    orders: Number(r.orders),
    spend: centsToEuros(Number(r.spend_cents)),
    returns: returns.get(r.buyer_id) ?? 0,
    refusals: Number(r.refusals),
    cancelled: Number(r.cancelled),
    delivered: Number(r.delivered),
    firstOrderAt: r.first_order_at,
    lastOrderAt: r.last_order_at,
  }));
  return { items, total, page, pageSize };
}

/**
 * A buyer's history by phone and/or e-mail (decision 272): orders, delivered, refused at the door, cancelled (the
 * buyers rollup) and units returned after delivery (the returns module), for the order screen's risk card.
 */
export async function customerHistory(deps: Pick<AppDeps, 'db'>, input: BuyerHistoryInput): Promise<BuyerHistoryDto> {
  const { history, buyerIds } = await buyerHistory(deps.db, { phone: input.phone, email: input.email });
  const orders = await orderIdsOfBuyers(deps.db, buyerIds);
  const units = await returnedUnitsPerOrder(
    deps.db,
    orders.map((o) => o.order_id),
  );
  const returned = [...units.values()].reduce((n, u) => n + u, 0);
  return { ...history, returned };
}
