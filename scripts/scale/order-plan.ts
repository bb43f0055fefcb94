// One order of the scale shop (issue 38): who, where, what, and how far it went through the stages of decision 229
// by its age: today's orders are new or being confirmed, this week's are packed or on the road, older ones were
// delivered, cancelled (from pending, any stage) or refused at the door (closed as returned, from delivered).
import { applyPercent } from '#shared/money';
import type { Row } from './build.queries';
import type { Catalogue, ScaleVariant } from './catalogue';
import { ABROAD_CITIES, kosovoCity, STREETS, type Drawer } from './names';
import { randomPerson, type People, type Person } from './people';

export type Outcome = 'new' | 'no_answer' | 'confirmed' | 'packed' | 'shipped' | 'delivered' | 'cancelled' | 'refused';

export const COURIERS = [
  { name: 'Postë Ekspres', tracking_url_pattern: 'https://postaekspres.example/gjurmo?nr={tracking}' },
  { name: 'Korrieri i Qytetit', tracking_url_pattern: null },
];

export const PROMO = { code: 'MIRESEVINI10', percent: 10 };

export interface PlannedOrder {
  row: Row<'orders'>;
  lines: Array<Omit<Row<'order_details'>, 'order_id'>>;
  events: Array<Omit<Row<'order_events'>, 'order_id'>>;
  outcome: Outcome;
  person: Person;
  orderMs: number;
  /** When it reached the shopper (delivered and refused orders), else null. */
  deliveredMs: number | null;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** How far an order of this age got. */
export function outcomeFor(d: Drawer, ageDays: number): Outcome {
  const r = d.rand();
  if (ageDays < 1)
    return r < 0.45 ? 'new' : r < 0.55 ? 'no_answer' : r < 0.85 ? 'confirmed' : r < 0.92 ? 'packed' : 'cancelled';
  if (ageDays < 3) return r < 0.2 ? 'confirmed' : r < 0.45 ? 'packed' : r < 0.9 ? 'shipped' : 'cancelled';
  if (ageDays < 7) return r < 0.4 ? 'shipped' : r < 0.85 ? 'delivered' : r < 0.93 ? 'cancelled' : 'refused';
  return r < 0.85 ? 'delivered' : r < 0.93 ? 'cancelled' : 'refused';
}

/** One to three lines; popular products are drawn more often (the square of a uniform draw leans to the front). */
function drawLines(d: Drawer, variants: ScaleVariant[], percentOff: Map<number, number>) {
  const lines = new Map<number, { v: ScaleVariant; qty: number }>();
  const count = 1 + (d.rand() < 0.45 ? 1 : 0) + (d.rand() < 0.15 ? 1 : 0);
  for (let k = 0; k < count; k++) {
    const v = variants[Math.floor(d.rand() ** 2 * variants.length)]!;
    const had = lines.get(v.variantId);
    if (had) had.qty += 1;
    else lines.set(v.variantId, { v, qty: d.rand() < 0.15 ? 2 : 1 });
  }
  return [...lines.values()].map(({ v, qty }) => {
    const unit = applyPercent(v.priceCents, percentOff.get(v.productId) ?? 0);
    return {
      variant_id: v.variantId,
      product_id: v.productId,
      product_name: v.name,
      color: v.color,
      size: v.size,
      image_url: v.imageUrl,
      quantity: qty,
      unit_price_cents: unit,
      line_total_cents: unit * qty,
    };
  });
}

interface World {
  d: Drawer;
  catalogue: Catalogue;
  people: People;
  percentOff: Map<number, number>;
  promoId: number;
  nowMs: number;
}

function placeOf(w: World) {
  const rows = w.catalogue.ref.countryRows;
  const country = w.d.rand() < 0.88 ? rows[0]! : rows[1 + w.d.int(rows.length - 1)]!;
  const [city, zip] =
    country === rows[0] ? kosovoCity(w.d) : w.d.pick(ABROAD_CITIES[country.country_name] ?? [['Tiranë', '1001']]);
  return { country, city, zip: country === rows[0] && w.d.rand() < 0.7 ? '' : zip };
}

/** The stage columns and history rows of an order that went as far as `outcome`. */
function stagesOf(w: World, outcome: Outcome, orderMs: number, n: number) {
  const staff = w.people.staffIds[n % w.people.staffIds.length]!;
  const at = (ms: number) => iso(Math.min(ms, w.nowMs - 1000));
  const confirmedMs = orderMs + (20 + w.d.int(240)) * 60_000;
  const packedMs = confirmedMs + (1 + w.d.int(20)) * 3_600_000;
  const shippedMs = packedMs + (1 + w.d.int(6)) * 3_600_000;
  const deliveredMs = shippedMs + (1 + w.d.int(3)) * DAY;
  const reached = ['new', 'no_answer', 'confirmed', 'packed', 'shipped', 'delivered', 'refused'].indexOf(outcome);
  const cancelledAfter = outcome === 'cancelled' ? [0, 2, 3][w.d.int(3)]! : -1; // cancelled when new, confirmed or packed
  const go = (i: number) => (outcome === 'cancelled' ? i <= cancelledAfter : reached >= i);
  const courier = COURIERS[n % COURIERS.length]!;
  const tracking = `PE${String(1_000_000 + n)}`;
  const events: PlannedOrder['events'] = [];
  // Every row names every column: a multi-row insert writes NULL, not the default, for one a row leaves out.
  const row: Partial<Row<'orders'>> = {
    call_attempts: 0,
    stage: null,
    confirmed_at: null,
    confirmed_by_user_id: null,
    shipped_at: null,
    courier_name: null,
    tracking_number: null,
    tracking_url: null,
    order_ship_date: null,
    closed_as: null,
    closed_at: null,
    closed_by_user_id: null,
  };
  if (outcome === 'no_answer') {
    row.call_attempts = 1;
    events.push({ state: 'no_answer', at: at(confirmedMs), user_id: staff, detail: null });
  }
  if (go(2)) {
    Object.assign(row, { stage: 'confirmed', confirmed_at: at(confirmedMs), confirmed_by_user_id: staff });
    events.push({ state: 'confirmed', at: at(confirmedMs), user_id: staff, detail: null });
  }
  if (go(3)) {
    row.stage = 'packed';
    events.push({ state: 'packed', at: at(packedMs), user_id: staff, detail: null });
  }
  if (go(4)) {
    const url = courier.tracking_url_pattern?.replace('{tracking}', tracking) ?? null;
    Object.assign(row, {
      stage: 'shipped',
      shipped_at: at(shippedMs),
      courier_name: courier.name,
      tracking_number: tracking,
      tracking_url: url,
    });
    events.push({ state: 'shipped', at: at(shippedMs), user_id: staff, detail: `${courier.name} ${tracking}` });
  }
  const delivered = go(5);
  if (delivered) {
    Object.assign(row, { status: 'delivered', order_ship_date: at(deliveredMs) });
    events.push({ state: 'delivered', at: at(deliveredMs), user_id: staff, detail: null });
  }
  const closedMs = outcome === 'refused' ? deliveredMs + DAY : confirmedMs + w.d.int(6) * 3_600_000;
  if (outcome === 'refused' || outcome === 'cancelled') {
    const closedAs = outcome === 'refused' ? 'returned' : 'cancelled';
    Object.assign(row, { closed_as: closedAs, closed_at: at(closedMs), closed_by_user_id: staff });
    events.push({ state: closedAs, at: at(closedMs), user_id: staff, detail: null });
  }
  return { row, events, deliveredMs: delivered ? Math.min(deliveredMs, w.nowMs - 1000) : null };
}

/** Order n of `total`, placed two years ago for n = 0 and minutes ago for the last. */
export function planOrder(w: World, n: number, total: number, startMs: number): PlannedOrder {
  const { d } = w;
  const orderMs = Math.min(startMs + ((n + d.rand()) * (w.nowMs - startMs)) / total, w.nowMs - 60_000);
  const ageDays = (w.nowMs - orderMs) / DAY;
  const customer = d.rand() < 0.6 && w.people.customers.length > 0;
  const person: Person = customer
    ? w.people.customers[Math.floor(d.rand() ** 1.5 * w.people.customers.length)]!
    : { ...randomPerson(d, 1_000_000 + n), userId: null };
  const place = placeOf(w);
  const lines = drawLines(d, w.catalogue.variants, w.percentOff);
  const subtotal = lines.reduce((s, l) => s + l.line_total_cents, 0);
  const promo = d.rand() < 0.05;
  const discount = promo ? subtotal - applyPercent(subtotal, PROMO.percent) : 0;
  const shipping = place.country.shipping_price_cents;
  const outcome = outcomeFor(d, ageDays);
  const stages = stagesOf(w, outcome, orderMs, n);
  const row: Row<'orders'> = {
    user_id: person.userId,
    guest_id: person.userId === null ? `guest_${(n + 1).toString(36).padStart(9, '0')}` : null,
    order_date: iso(orderMs),
    status: 'pending',
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone_number: person.phone,
    address: `${d.pick(STREETS)} ${1 + d.int(120)}`,
    city: place.city,
    zip_code: place.zip,
    country_id: place.country.country_id,
    country_name: place.country.country_name,
    subtotal_cents: subtotal,
    discount_cents: discount,
    shipping_cost_cents: shipping,
    total_cents: subtotal - discount + shipping,
    promo_code_discount_id: promo ? w.promoId : null,
    promo_code: promo ? PROMO.code : null,
    promo_percentage: promo ? PROMO.percent : null,
    ...stages.row,
  };
  return { row, lines, events: stages.events, outcome, person, orderMs, deliveredMs: stages.deliveredMs };
}

export type OrderWorld = World;
