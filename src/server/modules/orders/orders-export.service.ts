// GET /api/Orders/export.csv: one row per order line for the courier or the accountant, streamed through
// csv-stringify (UTF-8 with BOM so Excel shows ë and ç, a header row, money as plain decimals like 54.90, times as
// shop time with their offset like 2026-03-29T03:30:00+02:00: decision 221). Shoppers type the names and addresses:
// lib/csv.ts writes formula-like text as text (decision 200).
import type { Readable } from 'node:stream';
import { addDays, shopDateTimeIso, shopDayStartIso } from '#shared/dates';
import { orderMessages } from '#shared/messages/orders';
import { orderNumberOf } from '#shared/order-number';
import type { ExportOrdersInput } from '#shared/schemas/orders';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { csvStream } from '#server/lib/csv';
import { timeSlices } from '#server/time-slices';
import { readOffThread } from '#server/workers/read-pool';
import { shownStatus } from './order-records.service';
import * as q from './orders.queries';

/** Orders read per batch (with their lines): the export never holds more than one batch. */
export const EXPORT_BATCH = 500;

const COLUMNS = [
  'orderNumber',
  'orderId',
  'orderDate',
  'status',
  'statusLabel',
  'closedAt',
  'shipDate',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'address',
  'city',
  'zipCode',
  'country',
  'productId',
  'productName',
  'color',
  'size',
  'quantity',
  'unitPrice',
  'lineTotal',
  'orderSubtotal',
  'orderDiscount',
  'promoCode',
  'orderShipping',
  'orderTotal',
  // Store credit the order used and what is left to pay at the door (decision 273): added last, earlier columns keep
  // their place for the imports that read them.
  'orderStoreCredit',
  'orderToPay',
  // The gift card's part (decision 274), after them for the same reason; orderToPay is net of both.
  'orderGiftCard',
  // What complete looks took off (decision 276): last, so earlier columns keep their place.
  'orderLookDiscount',
] as const;

/** Cents as a plain decimal with a dot and two places ("54.90"): what spreadsheets and accounting imports read. */
const plain = (cents: number) => (cents / 100).toFixed(2);

function toRecord(r: q.ExportLineRow): Record<(typeof COLUMNS)[number], string | number> {
  const status = shownStatus(r);
  return {
    orderNumber: orderNumberOf(r.order_id),
    orderId: r.order_id,
    orderDate: shopDateTimeIso(r.order_date),
    status,
    statusLabel: orderMessages.orderStatus[status],
    closedAt: shopDateTimeIso(r.closed_at),
    shipDate: shopDateTimeIso(r.order_ship_date),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phoneNumber: r.phone_number,
    address: r.address,
    city: r.city,
    zipCode: r.zip_code,
    country: r.country_name,
    productId: r.product_id ?? '',
    productName: r.product_name,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    unitPrice: plain(r.unit_price_cents),
    lineTotal: plain(r.line_total_cents),
    orderSubtotal: plain(r.subtotal_cents),
    orderDiscount: plain(r.discount_cents),
    promoCode: r.promo_code ?? '',
    orderShipping: plain(r.shipping_cost_cents),
    orderTotal: plain(r.total_cents),
    orderStoreCredit: plain(r.store_credit_cents),
    orderToPay: plain(Math.max(0, r.total_cents - r.store_credit_cents - r.gift_card_cents)),
    orderGiftCard: plain(r.gift_card_cents),
    orderLookDiscount: plain(r.look_discount_cents),
  };
}

async function* exportRecords(db: DB, input: ExportOrdersInput) {
  const filter: q.ExportFilter = {
    startAt: input.from ? shopDayStartIso(input.from) : undefined,
    endAt: input.to ? shopDayStartIso(addDays(input.to, 1)) : undefined,
    status: input.status,
  };
  // Batches of orders by primary key between the period's first and last id: each batch costs the same however far
  // into the period it is (decision 241).
  const span = await q.exportIdSpan(db, filter);
  if (!span) return;
  // Records of a batch come from memory: without a macrotask turn now and then, writing a batch's CSV would be one
  // long run on the serving thread (PostgreSQL reads in-thread, decision 261).
  const slices = timeSlices();
  for (let after = span.first - 1; ;) {
    const ids = await q.exportOrderIds(db, filter, after, span.last, EXPORT_BATCH);
    for (const r of await q.exportLinesOf(db, ids)) {
      yield toRecord(r);
      if (slices.spent()) await slices.next();
    }
    if (ids.length < EXPORT_BATCH) return;
    after = ids[ids.length - 1]!;
  }
}

/** The CSV's bytes read in this thread from `db` (a worker's connection, or PostgreSQL's pool). */
export function ordersCsvStream(db: DB, input: ExportOrdersInput): Readable {
  return csvStream(exportRecords(db, input), {
    bom: true,
    header: true,
    columns: [...COLUMNS],
    record_delimiter: '\r\n',
  });
}

/**
 * The CSV as a byte stream: batches are read from the database only as fast as the client takes the bytes
 * (pipeline backpressure), so memory stays flat however many orders there are. Days are shop-time days, both ends
 * included; status as in the lists. On SQLite the reading runs in a worker thread (decision 261).
 */
export function exportOrdersCsv(deps: Pick<AppDeps, 'db'>, input: ExportOrdersInput): Readable {
  return readOffThread(deps.db, 'orders-csv', input, () => ordersCsvStream(deps.db, input));
}

export function exportFileName(input: ExportOrdersInput): string {
  return `porosite${input.from ? `-${input.from}` : ''}${input.to ? `_${input.to}` : ''}${input.status ? `-${input.status}` : ''}.csv`;
}
