// The courier hand-off (issue 27, decision 229): the selected orders as the CSV a courier portal imports, one row
// per parcel: order number, name, phone, address, city, the amount to collect on delivery and a short note (how many
// items). Albanian headers, UTF-8 with BOM and CRLF like the orders export, amounts as plain decimals with a dot
// ("12.50", what the portals' importers read); formula-like cells neutralised by lib/csv.ts (decision 200).
// Internal notes never leave the shop: they are not in this file.
import type { Readable } from 'node:stream';
import { shopToday } from '#shared/dates';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { orderNumberOf } from '#shared/order-number';
import type { AppDeps } from '#server/deps';
import { csvStream } from '#server/lib/csv';
import * as q from './orders.queries';
import { withCountryNames } from './orders.service';
import { orderMessages } from '#shared/messages/orders';

const h = staffMessages.orderStages;

const COLUMNS = [
  { key: 'order', header: h.csvOrder },
  { key: 'name', header: h.csvName },
  { key: 'phone', header: h.csvPhone },
  { key: 'address', header: h.csvAddress },
  { key: 'city', header: h.csvCity },
  { key: 'zip', header: h.csvZip },
  { key: 'country', header: h.csvCountry },
  { key: 'cod', header: h.csvCod },
  { key: 'note', header: h.csvNote },
];

/**
 * The stored phone (digits with a leading +) with the international prefix written 00 ("0038344111222"): a cell
 * starting with + would be written as text with a quote in front (decision 200), which a portal's importer keeps.
 */
const dialable = (phone: string) => phone.replace(/^\+/, '00');

/** Cents as "12.50" (dot, two places, no currency sign). */
const plain = (cents: number) => (cents / 100).toFixed(2);

/** The orders in the order given (missing ones left out): one query, and one for the live country names. */
async function* courierRecords(deps: Pick<AppDeps, 'db'>, ids: number[]) {
  const found = await withCountryNames(deps, await q.findOrders(deps.db, ids));
  const byId = new Map(found.map((r) => [r.order_id, r]));
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    yield {
      order: orderNumberOf(r.order_id),
      name: `${r.first_name} ${r.last_name}`.trim(),
      phone: dialable(r.phone_number),
      address: r.address,
      city: r.city,
      zip: r.zip_code,
      country: r.country_name || r.current_country_name || '',
      // A delivered or closed order is not collected again: nothing to collect. Store credit (273), gift cards (274)
      // and a deposit by transfer (277) are paid already.
      cod: plain(
        r.status === 'pending' && r.closed_as === null
          ? Math.max(0, r.total_cents - r.store_credit_cents - r.gift_card_cents - r.deposit_cents)
          : 0,
      ),
      note: plural(orderMessages.myOrders.items, Number(r.item_count ?? 0)),
    };
  }
}

/** The selected orders (at most 200, in the order given; missing ones left out) as the courier's CSV. */
export function courierCsv(deps: Pick<AppDeps, 'db'>, ids: number[]): Readable {
  return csvStream(courierRecords(deps, ids), { bom: true, header: true, columns: COLUMNS, record_delimiter: '\r\n' });
}

export const courierCsvName = (now: Date = new Date()) => `korrieri-${shopToday(now)}.csv`;
