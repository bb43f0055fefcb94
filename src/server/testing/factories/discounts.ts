// Product discounts and promo codes written straight to a test database. Dates are shop days (yyyy-mm-dd, both ends
// inclusive); the defaults make a discount or code live from 2000 to 2999.
import type { DB } from '#server/db/client';
import { next } from './seq';

export interface ProductDiscountInput {
  /** The products the discount applies to. */
  productIds: number[];
  percentage?: number;
  start?: string;
  end?: string;
}

/** A product discount (spec: percentage, window, products); returns its id. */
export async function createProductDiscount(db: DB, input: ProductDiscountInput): Promise<number> {
  const row = await db
    .insertInto('product_discounts')
    .values({
      discount_percentage: input.percentage ?? 20,
      start_date: input.start ?? '2000-01-01',
      end_date: input.end ?? '2999-12-31',
    })
    .returning('product_discount_id')
    .executeTakeFirstOrThrow();
  const id = row.product_discount_id;
  if (input.productIds.length > 0)
    await db
      .insertInto('product_discount_products')
      .values(input.productIds.map((productId) => ({ product_discount_id: id, product_id: productId })))
      .execute();
  return id;
}

export interface PromoCodeInput {
  code?: string;
  percentage?: number;
  start?: string;
  end?: string;
  /** The products the code is limited to; every product when omitted. */
  productIds?: number[];
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  minSubtotalCents?: number | null;
  isActive?: boolean;
  uses?: number;
  /** A fixed-amount code (migration 0270): the amount in cents; `percentage` is then ignored (stored 0). */
  amountCents?: number;
}

/** A promo code (migration 0141's limits all off by default); returns its id. */
export async function createPromoCode(db: DB, input: PromoCodeInput = {}): Promise<number> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      code_name: input.code ?? `KOD${next()}`,
      discount_percentage: input.amountCents !== undefined ? 0 : (input.percentage ?? 10),
      discount_kind: input.amountCents !== undefined ? 'fixed' : 'percent',
      discount_amount_cents: input.amountCents ?? null,
      start_date: input.start ?? '2000-01-01',
      end_date: input.end ?? '2999-12-31',
      max_uses: input.maxUses ?? null,
      max_uses_per_customer: input.maxUsesPerCustomer ?? null,
      min_subtotal_cents: input.minSubtotalCents ?? null,
      is_active: input.isActive === false ? 0 : 1,
      uses: input.uses ?? 0,
    })
    .returning('promo_code_discount_id')
    .executeTakeFirstOrThrow();
  const id = row.promo_code_discount_id;
  if (input.productIds?.length)
    await db
      .insertInto('promo_code_products')
      .values(input.productIds.map((productId) => ({ promo_code_discount_id: id, product_id: productId })))
      .execute();
  return id;
}
