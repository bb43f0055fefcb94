// What follows an order in the scale shop (issue 38): its sent e-mails (the real templates, so the outbox holds what a
// real shop's holds), a review from some buyers of delivered orders (decision 234) and return or exchange requests
// (decision 235) with their history rows.
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import { centsToEuros } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { RETURN_REASONS, type ReturnState } from '#shared/returns';
import { orderCancelledMail, orderConfirmationMail, orderPageUrl, orderShippedMail } from '#server/modules/outbox';
import type { Row } from './build.queries';
import type { Drawer } from './names';
import type { PlannedOrder } from './order-plan';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const PUBLIC = { publicUrl: 'https://butiku.shop', port: 3000 };

function dtoOf(o: PlannedOrder, orderId: number, lineIds: number[]): OrderConfirmationDto {
  const r = o.row;
  return {
    orderId,
    orderNumber: orderNumberOf(orderId),
    orderDate: r.order_date,
    status: 'pending',
    userId: r.user_id ?? null,
    guestId: r.guest_id ?? null,
    customerDetails: {
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      phoneNumber: r.phone_number,
      address: r.address,
      city: r.city,
      zipCode: r.zip_code,
      countryID: r.country_id ?? null,
      countryName: r.country_name ?? '',
    },
    lines: o.lines.map((l, k) => ({
      orderDetailsId: lineIds[k]!,
      productVariantId: l.variant_id ?? null,
      productId: l.product_id ?? null,
      productName: l.product_name,
      color: l.color,
      size: l.size,
      imageUrl: l.image_url ?? '',
      quantity: l.quantity,
      unitPrice: centsToEuros(l.unit_price_cents),
      lineTotal: centsToEuros(l.line_total_cents),
    })),
    subtotal: centsToEuros(r.subtotal_cents),
    discount: centsToEuros(r.discount_cents ?? 0),
    shipping: centsToEuros(r.shipping_cost_cents),
    total: centsToEuros(r.total_cents),
    promoCode: r.promo_code ?? null,
    promoPercentage: r.promo_percentage ?? null,
    promoAmount: null,
    storeCreditAmount: 0,
    giftCardAmount: 0,
    lookDiscount: 0,
    paymentMethod: 'cash_on_delivery',
    held: false,
    replayed: false,
    shipment: {
      stage: r.stage ?? null,
      courierName: r.courier_name ?? null,
      trackingNumber: r.tracking_number ?? null,
      trackingUrl: r.tracking_url ?? null,
    },
  };
}

/**
 * The order's sent e-mails: the confirmation, "Në dërgesë" once shipped, the cancellation when cancelled. Orders placed
 * more than `bodyDays` ago keep the row with an empty body (SCALE_MAIL_BODY_DAYS; the default keeps every body).
 */
export function mailsOf(o: PlannedOrder, orderId: number, lineIds: number[], bodyDays: number, nowMs: number) {
  const dto = dtoOf(o, orderId, lineIds);
  const url = orderPageUrl(PUBLIC, dto);
  const keepBody = nowMs - o.orderMs <= bodyDays * DAY;
  const mails: Array<Row<'mail_outbox'>> = [];
  const add = (kind: string, atIso: string, m: { subject: string; html: string; text: string }) => {
    const sent = iso(Math.min(Date.parse(atIso) + 40_000, nowMs));
    mails.push({
      kind,
      recipient: o.row.email,
      subject: m.subject,
      html: keepBody ? m.html : '',
      text_body: keepBody ? m.text : '',
      // A body not kept was cleared as the shop's upkeep would have (MAIL_KEEP_DAYS, decision 241), not left for it.
      body_cleared_at: keepBody ? null : sent,
      status: 'sent',
      attempts: 1,
      next_attempt_at: atIso,
      order_id: orderId,
      created_at: atIso,
      sent_at: sent,
    });
  };
  add('order_confirmation', o.row.order_date, orderConfirmationMail(dto, url));
  if (o.row.shipped_at) add('order_shipped', o.row.shipped_at, orderShippedMail(dto, url));
  if (o.row.closed_as === 'cancelled') add('order_cancelled', o.row.closed_at!, orderCancelledMail(dto, url));
  return mails;
}

const REVIEWS: Array<[number, string, string]> = [
  [5, 'Shumë i bukur', 'Materiali është i butë dhe masa më erdhi saktë. E porosita të hënën, arriti të mërkurën.'],
  [4, 'I mirë, pak i gjatë', 'Cilësi e mirë për çmimin. Për shtatin tim ishte pak i gjatë, por e shkurtova.'],
  [5, 'E rekomandoj', 'Ngjyra është njësoj si në foto. Pagesa në dorëzim ishte shumë e thjeshtë.'],
  [5, 'Dhuratë e suksesshme', 'E bleva për motrën dhe i pëlqeu shumë. Paketimi ishte i kujdesshëm.'],
  [3, 'Në rregull', 'Produkti është i mirë, por masa M më doli pak e ngushtë. Herën tjetër marr L.'],
  [4, 'Cilësi e mirë', 'Qepjet janë të rregullta dhe stofi nuk rrudhet shumë. Do të blej përsëri.'],
  [5, 'Perfekt', 'Më e bukur se në foto! Korrieri ishte shumë i sjellshëm.'],
  [2, 'Pak zhgënjim', 'Ngjyra në realitet është më e errët se në foto. Dërgesa ishte e shpejtë.'],
  [1, 'Nuk më pëlqeu', 'Stofi është më i hollë se sa prisja. E ktheva pa problem.'],
];
const REPLY = 'Faleminderit shumë për fjalët e mira! Ju presim përsëri në Butiku.';

/** A review by one buyer in sixteen of a delivered order's first product (once per product and buyer). */
export function reviewOf(d: Drawer, o: PlannedOrder, orderId: number, seen: Set<string>, nowMs: number) {
  if (o.outcome !== 'delivered' || o.deliveredMs === null || d.rand() >= 1 / 16) return null;
  const line = o.lines[0]!;
  const key = o.person.userId ? `user:${o.person.userId}` : `email:${o.person.email.toLowerCase()}`;
  if (seen.has(`${line.product_id}|${key}`)) return null;
  seen.add(`${line.product_id}|${key}`);
  const [rating, title, body] = REVIEWS[d.int(REVIEWS.length)]!;
  const createdMs = Math.min(o.deliveredMs + (1 + d.int(10)) * DAY, nowMs - 1000);
  const waiting = nowMs - createdMs < 3 * DAY && d.rand() < 0.6;
  const status = waiting ? 'pending' : d.rand() < 0.05 ? 'hidden' : 'approved';
  const replied = status === 'approved' && rating >= 4 && d.rand() < 0.2;
  const row: Row<'product_reviews'> = {
    product_id: line.product_id!,
    order_id: orderId,
    user_id: o.person.userId,
    reviewer_key: key,
    author_name: `${o.person.firstName} ${o.person.lastName.slice(0, 1)}.`,
    rating,
    title,
    body,
    status,
    reply: replied ? REPLY : null,
    replied_at: replied ? iso(Math.min(createdMs + DAY, nowMs)) : null,
    created_at: iso(createdMs),
    moderated_at: status === 'pending' ? null : iso(Math.min(createdMs + 3_600_000, nowMs)),
  };
  return row;
}

export interface PlannedReturn {
  request: Row<'return_requests'>;
  line: Omit<Row<'return_request_lines'>, 'return_request_id'>;
  events: Array<Omit<Row<'order_events'>, 'order_id'>>;
}

/** Where a request of this age stands, and its history (requested, then the staff's steps). */
function returnSteps(d: Drawer, kind: 'return' | 'exchange', ageDays: number): ReturnState[] {
  if (ageDays < 3) return d.rand() < 0.7 ? ['requested'] : ['requested', 'approved'];
  const r = d.rand();
  if (r < 0.1) return ['requested', 'refused'];
  if (r < 0.15) return ['requested', 'withdrawn'];
  if (kind === 'exchange') return ['requested', 'refused']; // an exchange sent would need its new order: not built
  return ['requested', 'approved', 'received', 'refunded'];
}

const RETURN_EVENT: Record<string, string> = {
  requested: 'return_requested',
  approved: 'return_approved',
  received: 'return_received',
  refused: 'return_refused',
  withdrawn: 'return_withdrawn',
  refunded: 'refund_recorded',
};

/** One delivered order in thirty gets a return (three in four) or exchange request of its first line. */
export function returnOf(
  d: Drawer,
  o: PlannedOrder,
  orderId: number,
  lineIds: number[],
  exchangeFor: (variantId: number) => number | null,
  nowMs: number,
): PlannedReturn | null {
  if (o.outcome !== 'delivered' || o.deliveredMs === null || d.rand() >= 1 / 30) return null;
  const line = o.lines[0]!;
  const wanted = d.rand() < 0.25 ? exchangeFor(line.variant_id!) : null;
  const kind = wanted ? 'exchange' : 'return';
  const createdMs = Math.min(o.deliveredMs + (1 + d.int(10)) * DAY, nowMs - 60_000);
  const steps = returnSteps(d, kind, (nowMs - createdMs) / DAY);
  const at = (k: number) => iso(Math.min(createdMs + k * 2 * DAY, nowMs - 1000));
  const state = steps.at(-1)!;
  const refunded = state === 'refunded';
  return {
    request: {
      order_id: orderId,
      kind,
      reason: d.pick(RETURN_REASONS),
      comment: '',
      state,
      created_at: at(0),
      updated_at: at(steps.length - 1),
      refusal_reason: state === 'refused' ? 'Produkti është përdorur dhe nuk pranohet.' : null,
      refund_method: refunded ? 'cash' : null,
      refund_cents: refunded ? line.unit_price_cents : null,
      exchange_order_id: null,
    },
    line: {
      order_details_id: lineIds[0]!,
      quantity: 1,
      paid_cents: line.unit_price_cents,
      exchange_variant_id: wanted,
      reserved: 0,
    },
    events: steps.map((s, k) => ({ state: RETURN_EVENT[s] as never, at: at(k), user_id: null, detail: null })),
  };
}
