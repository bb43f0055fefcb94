// A gift card sold as a product (decision 274) keeps its value under a promo code: the code takes its share off the
// other lines only, in the quote and in the order, on the engine under test. Else a 20 % code would sell a 50 € card
// for 40 €, and the card would then pay 50 €.
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '#shared/dates';
import { createTestApp } from '#server/testing/app';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { priceCart } from './pricing';
import { quote } from './checkout.service';

const today = shopToday();

describe('promo codes and gift-card lines', () => {
  it('price a gift card line at its value, the rest of the cart discounted', () => {
    const r = priceCart(
      [
        { productVariantId: 1, productId: 1, unitPriceCents: 5000, quantity: 1, promoExcluded: true },
        { productVariantId: 2, productId: 2, unitPriceCents: 2000, quantity: 1 },
      ],
      { percentage: 20, productIds: null },
      0,
    );
    expect([r.promoBaseCents, r.discountCents]).toEqual([2000, 400]);
  });

  it('leave a card product undiscounted in the quote and the order, through the real database', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db, { name: 'Kosova', shippingCents: 0 });
    const card = await createProduct(t.db, { name: 'Kartë dhuratë 50 €', priceCents: 5000, variants: [{ stock: 99 }] });
    await t.db.updateTable('products').set({ is_gift_card: 1 }).where('product_id', '=', card.productId).execute();
    const dress = await createProduct(t.db, { name: 'Fustan', priceCents: 2000, variants: [{ stock: 5 }] });
    await createPromoCode(t.db, { code: 'NJEZET', percentage: 20, start: today, end: addDays(today, 5) });
    const items = [
      { productVariantId: card.variantIds[0]!, quantity: 1 },
      { productVariantId: dress.variantIds[0]!, quantity: 1 },
    ];
    expect(await quote(t, { items, countryID, promoCode: 'NJEZET' })).toMatchObject({
      subtotal: 70,
      discount: 4,
      total: 66,
    });
    const res = await t.request('/api/orders/checkout', {
      method: 'POST',
      json: {
        customerDetails: {
          email: 'drita@example.com',
          firstName: 'drita',
          lastName: 'berisha',
          address: 'Rr. 5',
          city: 'Ferizaj',
          zipCode: '70000',
          phoneNumber: '044 111 222',
          countryID,
        },
        cartItems: items,
        promoCode: 'NJEZET',
      },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ subtotal: 70, discount: 4, total: 66 });
    const only = await quote(t, { items: items.slice(0, 1), countryID, promoCode: 'NJEZET' });
    expect(only).toMatchObject({ subtotal: 50, discount: 0, total: 50 });
  });
});
