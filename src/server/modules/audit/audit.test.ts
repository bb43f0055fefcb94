// The audit trail (decision 228): changed fields only, no secrets, the row shares the write's transaction, the table
// is append-only, and only administrators read it (GET /api/Audit, audit.page) with person/entity/date filters.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createStaff } from '#server/testing/auth';
import { createProduct } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import { changedFields, SECRET_MARK } from './audit-changes';
import { audited, recordAudit } from './audit.service';
import { withRequestContext } from './request-context';

let t: TestApp;
let admin: { userId: number; token: string };
let staff: { userId: number; token: string };
const trpc = (path: string, kind: 'query' | 'mutation', input: unknown, token: string) =>
  trpcCall((p, init) => t.request(p, init), path, kind, input, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  staff = await createStaff(t);
});
afterAll(() => t.db.destroy());

const rowsOf = (entity: string, id: number) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entity_id', '=', id).execute();

describe('what a row stores', () => {
  it('only the changed fields, before -> after; creations and deletions list every field', () => {
    expect(
      changedFields({ name: 'A', price_cents: 1000, brand: null }, { name: 'A', price_cents: 1250, brand: null }),
    ).toEqual({ price_cents: [1000, 1250] });
    expect(changedFields(null, { name: 'A', event_ids: [1] })).toEqual({ name: [null, 'A'], event_ids: [null, [1]] });
    expect(changedFields({ name: 'A' }, null)).toEqual({ name: ['A', null] });
    expect(changedFields({ x: [1, 2] }, { x: [1, 2] })).toEqual({});
  });

  it('never a secret: password hashes, tokens, TOTP secrets and recovery codes keep only the fact of a change', () => {
    const before = {
      password_hash: '$argon2id$v=19$old',
      passwordHash: 'old',
      refresh_token: 'tok-old',
      token_hash: 'abc',
      totp_secret: 'JBSWY3DPEHPK3PXP',
      recovery_codes: ['a-b'],
      email: 'a@example.com',
    };
    const after = {
      password_hash: '$argon2id$v=19$new',
      passwordHash: 'new',
      refresh_token: 'tok-new',
      token_hash: 'def',
      totp_secret: 'KRSXG5CTMVRXEZLU',
      recovery_codes: ['c-d'],
      email: 'b@example.com',
    };
    const changes = changedFields(before, after);
    const text = JSON.stringify(changes);
    for (const secret of ['argon2', 'old', 'tok-', 'abc', 'def', 'JBSWY', 'KRSXG', 'a-b', 'c-d'])
      expect(text).not.toContain(secret);
    expect(changes.totp_secret).toEqual([SECRET_MARK, SECRET_MARK]);
    expect(changes.email).toEqual(['a@example.com', 'b@example.com']);
  });
});

describe('the row shares the write transaction', () => {
  it('a write that fails after its audit row leaves neither', async () => {
    const { productId } = await createProduct(t.db, { priceCents: 1000 });
    const context = { actorId: admin.userId, ip: '203.0.113.9' };
    await expect(
      withRequestContext(context, () =>
        t.db.transaction().execute(async (trx) => {
          await recordAudit(trx, {
            entity: 'product',
            entityId: productId,
            action: 'update',
            before: {},
            after: { a: 1 },
          });
          throw new Error('the write fails');
        }),
      ),
    ).rejects.toThrow('the write fails');
    expect(await rowsOf('product', productId)).toEqual([]);
  });

  it('a staff write refused by its rules (404) leaves no audit row', async () => {
    const r = await trpc('catalogAdmin.setFeatured', 'mutation', { productID: 987654, isFeatured: true }, admin.token);
    expect(r.status).toBe(404);
    expect(await rowsOf('product', 987654)).toEqual([]);
  });

  it('a write outside any request context fails loudly under the tests', async () => {
    await expect(
      audited(
        t.db,
        { entity: 'size', action: 'update', entityId: 1 },
        async () => null,
        async () => undefined,
      ),
    ).rejects.toThrow(/outside a request context/);
  });
});

describe('a price edit through the door', () => {
  it('records who, when, the address and only the price, before -> after', async () => {
    const { productId } = await createProduct(t.db, { priceCents: 2000, name: 'Fustan', description: 'D' });
    const p = await t.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const r = await t.request(`/api/Product/${productId}/Details`, {
      method: 'PUT',
      token: staff.token,
      json: {
        name: p.name,
        barcode: p.barcode,
        description: p.description,
        brand: p.brand,
        categoryID: p.category_id,
        price: 24.5,
      },
    });
    expect(r.status).toBe(200);
    const [row] = await rowsOf('product', productId);
    expect(row).toMatchObject({ actor_id: staff.userId, action: 'update' });
    expect(row!.ip).toBeTruthy();
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
    expect(JSON.parse(row!.changes)).toEqual({ price_cents: [2000, 2450] });
  });

  it('a user created by an administrator: no password or hash in the row', async () => {
    const r = await trpc(
      'users.create',
      'mutation',
      {
        firstName: 'Dua',
        lastName: 'Berisha',
        email: 'dua.audit@example.com',
        phoneNumber: '+38344000111',
        password: 'Fjalekalim#2026',
        roleID: 2,
      },
      admin.token,
    );
    expect(r.status).toBe(200);
    const id = (r.data as { userID: number }).userID;
    const [row] = await rowsOf('user', id);
    expect(row!.changes).not.toMatch(/argon|Fjalekalim|password/i);
    expect(JSON.parse(row!.changes)).toMatchObject({ email: [null, 'dua.audit@example.com'], role_id: [null, 2] });
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE of audit rows', async () => {
    const [row] = await t.db.selectFrom('audit_log').select('audit_id').limit(1).execute();
    expect(row).toBeDefined();
    await expect(
      sql`UPDATE audit_log SET action = 'x' WHERE audit_id = ${row!.audit_id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE audit_id = ${row!.audit_id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it('no operation writes to the trail: audit has only the read', async () => {
    const { auditOperations } = await import('./audit.operations');
    expect(Object.values(auditOperations).map((op) => op.kind)).toEqual(['query']);
  });
});

describe('GET /api/Audit and audit.page', () => {
  it('administrators only: staff 403, anonymous 401', async () => {
    expect((await t.request('/api/Audit', { token: staff.token })).status).toBe(403);
    expect((await t.request('/api/Audit')).status).toBe(401);
    expect((await trpc('audit.page', 'query', {}, staff.token)).code).toBe('FORBIDDEN');
  });

  it('filters by person, entity (+ id) and date; names the person; pages with headers', async () => {
    const { productId } = await createProduct(t.db, { priceCents: 1000 });
    await trpc('catalogAdmin.setFeatured', 'mutation', { productID: productId, isFeatured: true }, staff.token);
    await trpc('catalogAdmin.setFeatured', 'mutation', { productID: productId, isFeatured: false }, admin.token);
    const byEntity = await trpc('audit.page', 'query', { entity: 'product', entityId: productId }, admin.token);
    const page = byEntity.data as {
      items: Array<{ actorID: number; actorName: string; changes: unknown }>;
      total: number;
      people: unknown[];
    };
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      actorID: admin.userId,
      actorName: 'Test Përdorues',
      changes: { is_featured: [1, 0] },
    });
    const byPerson = (
      await trpc('audit.page', 'query', { entity: 'product', entityId: productId, actorId: staff.userId }, admin.token)
    ).data as { total: number };
    expect(byPerson.total).toBe(1);
    const future = (await trpc('audit.page', 'query', { from: '2099-01-01' }, admin.token)).data as { total: number };
    expect(future.total).toBe(0);
    const rest = await t.request(`/api/Audit?entity=product&entityId=${productId}&pageSize=1`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-total-count')).toBe('2');
    expect(((await rest.json()) as unknown[]).length).toBe(1);
    expect((await t.request('/api/Audit?entity=nothing', { token: admin.token })).status).toBe(400);
    expect((await t.request('/api/Audit?from=2026-05-02&to=2026-05-01', { token: admin.token })).status).toBe(400);
  });
});
