// The staff stock operations over HTTP (decision 231): staff only (401/403), 400 with field messages on bad input,
// the count's answer and the variant's history, the low-stock page.
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_STAFF } from '#shared/roles';
import { createCustomer, createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createProduct } from '#server/testing/factories';

let t: TestApp;
let staff: string;
let customer: string;
let variants: number[];
const m = staffMessages.stock;
const json = async (r: Response) => (await r.json()) as any;
const count = (body: unknown, token?: string) => t.request('/api/Stock/Count', { method: 'POST', json: body, token });

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' })).token;
  customer = (await createCustomer(t)).token;
  variants = (await createProduct(t.db, { name: 'Fustan liri', variants: [{ stock: 4 }, { stock: 1 }] })).variantIds;
});

describe('POST /api/Stock/Count', () => {
  const good = () => ({ note: 'Rafti B', counts: [{ variantID: variants[0], counted: 6 }] });

  it('guest 401, customer 403', async () => {
    expect((await count(good())).status).toBe(401);
    expect((await count(good(), customer)).status).toBe(403);
  });

  it.each([
    ['no note', { counts: [{ variantID: 1, counted: 1 }] }, 'note', m.noteRequired],
    ['blank note', { note: '  ', counts: [{ variantID: 1, counted: 1 }] }, 'note', m.noteRequired],
    ['no counts', { note: 'x', counts: [] }, 'counts', m.countsRequired],
    ['negative count', { note: 'x', counts: [{ variantID: 1, counted: -1 }] }, 'counts.0.counted', m.countInvalid],
    ['text count', { note: 'x', counts: [{ variantID: 1, counted: '1e3' }] }, 'counts.0.counted', m.countInvalid],
    [
      'twice the same variant',
      {
        note: 'x',
        counts: [
          { variantID: 1, counted: 1 },
          { variantID: 1, counted: 2 },
        ],
      },
      'counts',
      m.duplicateVariant,
    ],
  ])('400 on %s', async (_name, body, field, message) => {
    const r = await count(body, staff);
    expect(r.status).toBe(400);
    const b = await json(r);
    expect(JSON.stringify(b)).toContain(message);
    expect(JSON.stringify(b)).toContain(field);
  });

  it('400 naming an unknown variant, nothing written', async () => {
    const r = await count(
      {
        note: 'x',
        counts: [
          { variantID: variants[0], counted: 9 },
          { variantID: 987654, counted: 1 },
        ],
      },
      staff,
    );
    expect(r.status).toBe(400);
    expect((await json(r)).Message).toBe(m.unknownVariant);
  });

  it('adjusts the differing variants, and the history shows who, why, before and after', async () => {
    const r = await count(
      {
        note: 'Rafti B',
        counts: [
          { variantID: variants[0], counted: 6 },
          { variantID: variants[1], counted: 1 },
        ],
      },
      staff,
    );
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ adjusted: 1, unchanged: 1 });
    const h = await t.request(`/api/Stock/Variants/${variants[0]}/History`, { token: staff });
    expect(h.status).toBe(200);
    const body = await json(h);
    expect(body.variant).toMatchObject({ variantID: variants[0], productName: 'Fustan liri', stockQuantity: 6 });
    expect(body.changes.map((c: any) => [c.reason, c.before, c.after, c.actorName, c.note])).toEqual([
      ['stock_count', 4, 6, 'Mira Gashi', 'Rafti B'],
      ['initial', 0, 4, null, null],
    ]);
    expect((await t.request(`/api/Stock/Variants/${variants[0]}/History`, { token: customer })).status).toBe(403);
    expect((await t.request('/api/Stock/Variants/x/History', { token: staff })).status).toBe(400);
  });
});

describe('lists', () => {
  it('GET /api/Stock/Variants pages and searches; GET /api/Stock/Low lists the low ones', async () => {
    const page = await json(await t.request('/api/Stock/Variants?q=liri&pageSize=1', { token: staff }));
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items).toHaveLength(1);
    const low = await json(await t.request('/api/Stock/Low', { token: staff }));
    expect(low.items.map((i: any) => i.variantID)).toContain(variants[1]);
    expect(low.items.map((i: any) => i.variantID)).not.toContain(variants[0]);
    expect((await t.request('/api/Stock/Low?pageSize=0', { token: staff })).status).toBe(400);
  });
});
