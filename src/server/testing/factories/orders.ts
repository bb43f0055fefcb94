// Orders for tests, two ways, named for what they give:
// - insertOrder: a row written straight to `orders`/`order_details` in any state and on any date (a delivered order
//   20 days ago, a cancelled one, lines of a deleted product); no stock is taken, nothing is checked.
// - placeCheckoutOrder: a real order through the checkout service (prices, discounts, promo, shipping and stock as a
//   shopper's order gets them), for tests that need what checkout writes.
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import type { DB } from '#server/db/client';
import type { OrderOutcome, OrderStatus } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { placeOrder } from '#server/modules/checkout';

export interface OrderLineFactoryInput {
  /** The product and variant the line was bought as; null for a product deleted since. */
  productId?: number | null;
  variantId?: number | null;
  name?: string;
  color?: string;
  size?: string;
  imageUrl?: string;
  qty?: number;
  unitCents?: number;
}

export interface OrderFactoryInput {
  /** ISO timestamp of the order; now when omitted. */
  date?: string;
  status?: OrderStatus;
  closedAs?: OrderOutcome | null;
  closedAt?: string | null;
  userId?: number | null;
  guestId?: string | null;
  countryId?: number | null;
  countryName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  address?: string;
  city?: string;
  zipCode?: string;
  /** The sum of the lines when omitted. */
  subtotalCents?: number;
  discountCents?: number;
  shippingCents?: number;
  /** subtotal − discount + shipping when omitted. */
  totalCents?: number;
  promoCode?: string | null;
  lines?: OrderLineFactoryInput[];
}

/** Writes an order and its lines as they would stand in the database (test data only); returns the order id. */
export async function insertOrder(db: DB, input: OrderFactoryInput = {}): Promise<number> {
  const lines = (input.lines ?? []).map((l) => ({ ...l, qty: l.qty ?? 1, unitCents: l.unitCents ?? 1000 }));
  const subtotal = input.subtotalCents ?? lines.reduce((n, l) => n + l.qty * l.unitCents, 0);
  const discount = input.discountCents ?? 0;
  const shipping = input.shippingCents ?? 0;
  const order = await db
    .insertInto('orders')
    .values({
      order_date: input.date ?? new Date().toISOString(),
      status: input.status ?? 'pending',
      closed_as: input.closedAs ?? null,
      closed_at: input.closedAt ?? (input.closedAs ? (input.date ?? new Date().toISOString()) : null),
      user_id: input.userId ?? null,
      guest_id: input.guestId ?? null,
      first_name: input.firstName ?? 'Arta',
      last_name: input.lastName ?? 'Krasniqi',
      email: input.email ?? 'arta@example.com',
      phone_number: input.phoneNumber ?? '+38344111222',
      address: input.address ?? 'Rruga B 1',
      city: input.city ?? 'Prishtinë',
      zip_code: input.zipCode ?? '10000',
      country_id: input.countryId ?? null,
      country_name: input.countryName ?? 'Kosova',
      subtotal_cents: subtotal,
      discount_cents: discount,
      shipping_cost_cents: shipping,
      total_cents: input.totalCents ?? subtotal - discount + shipping,
      promo_code: input.promoCode ?? null,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await db
      .insertInto('order_details')
      .values({
        order_id: order.order_id,
        variant_id: l.variantId ?? null,
        product_id: l.productId ?? null,
        product_name: l.name ?? 'Fustan',
        color: l.color ?? 'E kuqe',
        size: l.size ?? 'M',
        image_url: l.imageUrl ?? '',
        quantity: l.qty,
        unit_price_cents: l.unitCents,
        line_total_cents: l.qty * l.unitCents,
      })
      .execute();
  }
  return order.order_id;
}

export interface CheckoutOrderFactoryInput {
  countryId: number;
  items: Array<{ variantId: number; quantity?: number }>;
  promoCode?: string | null;
  /** Overrides of the customer's details (a guest "Drita Berisha" by default). */
  customer?: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    address: string;
    city: string;
    zipCode: string;
    guestId: string | null;
  }>;
  /** The signed-in shopper placing it; a guest when omitted. */
  actor?: { userId: number; roleID: number } | null;
}

/** A real order through checkout.service's placeOrder (stock taken by its guarded update); returns its confirmation. */
export function placeCheckoutOrder(
  deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>,
  input: CheckoutOrderFactoryInput,
): Promise<OrderConfirmationDto> {
  const actor = input.actor ?? null;
  return placeOrder(
    deps,
    {
      customerDetails: {
        email: 'drita@example.com',
        firstName: 'Drita',
        lastName: 'Berisha',
        phoneNumber: '+38344111222',
        address: 'Rr. Adem Jashari 5',
        city: 'Ferizaj',
        zipCode: '70000',
        guestId: actor ? null : 'guest_factory0000001',
        ...input.customer,
        countryID: input.countryId,
      },
      cartItems: input.items.map((i) => ({ productVariantId: i.variantId, quantity: i.quantity ?? 1 })),
      promoCode: input.promoCode ?? null,
    },
    { actor },
  );
}
