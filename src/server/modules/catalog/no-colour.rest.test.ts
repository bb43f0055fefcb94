// "No colour" (issue 25, decision 216) through the real app: a cream's variants use the one colours row without a hex
// code; every shape stays as it was (colorID, colorName, hexCode), the shop offers no colour to filter by, lines
// (checkout, the order, the stock message, the feed) name no colour, and staff cannot delete the row.
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { createCategory, createCountry, createProduct, createSize } from '#server/testing/factories';

let t: TestApp;
let noColour: number;
let cream: { productId: number; variantIds: number[] };
let countryId: number;
const json = async (path: string) => {
  const r = await t.request(path);
  expect(r.status, path).toBe(200);
  return (await r.json()) as any;
};

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.db
    .selectFrom('colors')
    .select(['color_id', 'color_name'])
    .where('hex_code', '=', '')
    .executeTakeFirstOrThrow();
  expect(row.color_name).toBe('Pa ngjyrë'); // made by migration 0240
  noColour = row.color_id;
  const categoryId = await createCategory(t.db, { mainCategoryID: 2 });
  const [ml50, ml100] = [await createSize(t.db, { name: '50 ml' }), await createSize(t.db, { name: '100 ml' })];
  cream = await createProduct(t.db, {
    name: 'Krem hidratues',
    categoryId,
    priceCents: 1890,
    variants: [
      { sizeId: ml50, colorId: noColour, stock: 4 },
      { sizeId: ml100, colorId: noColour, stock: 1 },
    ],
    images: [{ colorId: noColour, fileName: 'krem.webp' }],
  });
  // Four products in no colour: enough for the colour filter's threshold if it counted it.
  for (let i = 0; i < 4; i++)
    await createProduct(t.db, { categoryId, variants: [{ sizeId: ml50, colorId: noColour, stock: 2 }] });
  countryId = await createCountry(t.db);
});

describe('a product without colours', () => {
  it('keeps the product shape: its variants and pictures name the "no colour" row', async () => {
    const p = await json(`/api/Product/${cream.productId}`);
    expect(p.productVariants.map((v: any) => [v.colorID, v.colorName, v.hexCode])).toEqual([
      [noColour, 'Pa ngjyrë', ''],
      [noColour, 'Pa ngjyrë', ''],
    ]);
    expect(p.images).toEqual([{ colorID: noColour, imageURLs: [expect.stringContaining('krem.webp')] }]);
    expect(p.colors).toEqual([]); // the card lists no colour
    expect(p.stockQuantity).toBe(5);
  });

  it('is no colour to filter by, in either colour list', async () => {
    for (const path of [
      '/api/Product/color/filtered?minProductCount=1',
      '/api/Color/color/with-count?minProductCount=1',
    ])
      expect(
        (await json(path)).some((c: any) => c.colorID === noColour),
        path,
      ).toBe(false);
    // The staff list has it: the product form offers it.
    expect(await json('/api/Color')).toContainEqual({
      colorID: noColour,
      colorName: 'Pa ngjyrë',
      name: 'Pa ngjyrë',
      hexCode: '',
    });
  });

  it('is bought without a colour: the order line names none, and neither does a stock message', async () => {
    const checkout = (variantId: number, quantity: number) =>
      t.request('/api/orders/checkout', {
        method: 'POST',
        json: {
          customerDetails: {
            email: 'drita@example.com',
            firstName: 'Drita',
            lastName: 'Berisha',
            address: 'Rr. Adem Jashari 5',
            city: 'Ferizaj',
            zipCode: '70000',
            phoneNumber: '+38344111222',
            countryID: countryId,
            guestId: `guest_nocolour${variantId}`,
          },
          cartItems: [{ productVariantId: variantId, quantity }],
          promoCode: null,
        },
      });
    const order = await checkout(cream.variantIds[0]!, 2);
    expect(order.status).toBe(201);
    const body = (await order.json()) as any;
    expect(body.lines).toEqual([
      expect.objectContaining({ productName: 'Krem hidratues', color: '', size: '50 ml', quantity: 2 }),
    ]);
    const line = await t.db.selectFrom('order_details').select(['color', 'size']).executeTakeFirstOrThrow();
    expect(line).toEqual({ color: '', size: '50 ml' });

    const short = await checkout(cream.variantIds[1]!, 2);
    expect(short.status).toBe(409);
    // "(100 ml)", not "(100 ml, Pa ngjyrë)" or "(100 ml, )"
    expect(((await short.json()) as any).Message).toBe(
      'Nuk ka stok të mjaftueshëm për "Krem hidratues" (100 ml): në dispozicion 1.',
    );
  });

  it('is left out of the product feed’s colour and title', async () => {
    const xml = await (await t.request('/feeds/products.xml')).text();
    const item = xml.split('<item>').find((i) => i.includes(`<g:id>${cream.variantIds[0]}</g:id>`))!;
    expect(item).toContain('<title>Krem hidratues - 50 ml</title>');
    expect(item).not.toContain('<g:color>');
  });

  it('cannot be deleted by staff', async () => {
    const { token } = await createStaff(t);
    const r = await t.request(`/api/Color/${noColour}`, { method: 'DELETE', token });
    expect(r.status).toBe(409);
    expect(((await r.json()) as any).Message).toBe(staffMessages.dashboard.noColourKept);
  });
});
