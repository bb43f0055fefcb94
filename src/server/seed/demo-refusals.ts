// The demo's refusal risk (issue 37, decision 272): a guest whose phone refused two parcels at the door (a month and
// two weeks ago, closed as returned) and who has just placed a new order, still "Në pritje", so the orders list and
// the order screen show the "2 refuzime" badge at once and the stage bar asks for "Konfirmuar" before packing.
import type { DB } from '../db/client';
import * as q from './demo.queries';
import type { ReturnsWorld } from './demo-returns';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The demo's risky phone (E.164, decision 246), shown "+383 44 600 700". */
export const DEMO_RISKY_PHONE = '+38344600700';

type World = Omit<ReturnsWorld, 'customer' | 'staffId'>;

async function order(trx: DB, w: World, daysAgo: number, refused: boolean): Promise<number> {
  const v = w.orderable[(daysAgo * 7) % w.orderable.length]!;
  const plan = w.plans[v.planIndex]!;
  const orderMs = Date.now() - daysAgo * DAY - 30 * 60_000;
  return q.insertOrder(
    trx,
    {
      guest_id: `guest_rrezik${daysAgo}`,
      order_date: iso(orderMs),
      order_ship_date: refused ? iso(orderMs + 2 * DAY) : null,
      status: refused ? 'delivered' : 'pending',
      // Refused at the door: the courier brought it back (decision 180's "returned", the refusals of decision 254).
      closed_as: refused ? 'returned' : null,
      closed_at: refused ? iso(orderMs + 2 * DAY) : null,
      first_name: 'Blerina',
      last_name: 'Kastrati',
      email: '',
      phone_number: DEMO_RISKY_PHONE,
      address: 'Rruga Nëna Terezë 40',
      city: 'Prishtinë',
      zip_code: '10000',
      country_id: w.country.country_id,
      country_name: w.country.country_name,
      subtotal_cents: plan.priceCents,
      discount_cents: 0,
      shipping_cost_cents: w.country.shipping_price_cents,
      total_cents: plan.priceCents + w.country.shipping_price_cents,
    },
    [
      {
        variant_id: v.variantId,
        product_id: w.productIds[v.planIndex]!,
        product_name: plan.name,
        color: plan.colourless ? '' : w.colourName(v.color),
        size: v.size,
        image_url: w.firstImage.get(`${v.planIndex}|${v.color}`) ?? '',
        quantity: 1,
        unit_price_cents: plan.priceCents,
        line_total_cents: plan.priceCents,
      },
    ],
  );
}

/** Two refusals and a new pending order of one phone; returns the new order's id. */
export async function seedDemoRefusals(trx: DB, w: World): Promise<number> {
  await order(trx, w, 30, true);
  await order(trx, w, 14, true);
  return order(trx, w, 0, false);
}
