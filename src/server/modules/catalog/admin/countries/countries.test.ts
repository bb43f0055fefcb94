// The postal code's rule per country set by staff (issue 25; decision 215 set it for Kosovo only in a migration):
// `postalCodeOptional` on the staff country payload and answer (absent = kept, no on create), the public list, and
// the checkout following it at once, through the real app.
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { createProduct } from '#server/testing/factories';

let t: TestApp;
let staff: string;
let variantId: number;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  variantId = (await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 20 }] })).variantIds[0]!;
});

const json = async (r: Response) => (await r.json()) as any;
const put = (id: number, body: Record<string, unknown>) =>
  t.request(`/api/Countries/${id}`, { method: 'PUT', token: staff, json: { countryName: 'Mali i Zi', ...body } });
const orderWithoutPostalCode = (countryID: number) =>
  t.request('/api/orders/checkout', {
    method: 'POST',
    json: {
      customerDetails: {
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Doda',
        address: 'Rr. 1',
        city: 'Ulqin',
        zipCode: '',
        phoneNumber: '+38269111222',
        countryID,
      },
      cartItems: [{ productVariantId: variantId, quantity: 1 }],
    },
  });

describe('staff: postal code optional per country', () => {
  it('is off on create unless sent, kept when left out, switched both ways, and the checkout follows it', async () => {
    const created = await json(
      await t.request('/api/Countries', {
        method: 'POST',
        token: staff,
        json: { countryName: 'Mali i Zi', shippingPrice: 5 },
      }),
    );
    expect(created).toMatchObject({ countryName: 'Mali i Zi', postalCodeOptional: false });
    const refused = await orderWithoutPostalCode(created.countryID);
    expect(refused.status).toBe(400);
    expect((await json(refused)).errors['customerDetails.zipCode']).toEqual([messages.common.required]);

    const on = await put(created.countryID, { shippingPrice: 5, postalCodeOptional: true });
    expect(await json(on)).toMatchObject({ postalCodeOptional: true });
    const kept = await json(await put(created.countryID, { shippingPrice: 6 }));
    expect(kept).toMatchObject({ shippingPrice: 6, postalCodeOptional: true });
    expect(await json(await t.request(`/api/Countries/${created.countryID}`, { token: staff }))).toMatchObject({
      postalCodeOptional: true,
    });
    const shop = await json(await t.request('/api/countries'));
    expect(shop.find((c: any) => c.countryID === created.countryID)).toMatchObject({ postalCodeOptional: true });
    expect((await orderWithoutPostalCode(created.countryID)).status).toBe(201);

    await put(created.countryID, { shippingPrice: 6, postalCodeOptional: false });
    expect((await orderWithoutPostalCode(created.countryID)).status).toBe(400);
  });

  it('created switched on; anything but true or false is a 400 naming the field', async () => {
    const r = await t.request('/api/Countries', {
      method: 'POST',
      token: staff,
      json: { countryName: 'Kosova', shippingPrice: 2, postalCodeOptional: true },
    });
    expect(r.status).toBe(201);
    expect((await json(r)).postalCodeOptional).toBe(true);
    const bad = await t.request('/api/Countries', {
      method: 'POST',
      token: staff,
      json: { countryName: 'Shqipëri', shippingPrice: 2, postalCodeOptional: 'po' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors.postalCodeOptional).toEqual([messages.common.invalidInput]);
  });

  it('the tRPC door takes the same switch', async () => {
    const r = await t.request('/api/trpc/catalogAdmin.createCountry', {
      method: 'POST',
      token: staff,
      json: { json: { countryName: 'Maqedoni', shippingPrice: 3, postalCodeOptional: true } },
    });
    expect(r.status).toBe(200);
    expect((await json(r)).result.data.json).toMatchObject({ countryName: 'Maqedoni', postalCodeOptional: true });
  });
});
