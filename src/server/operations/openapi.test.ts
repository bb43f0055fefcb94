// GET /api/openapi.json (decision 211): a valid OpenAPI 3.1 document with every declared REST route, each with its
// answer's schema, which real answers of the app match.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { createAdmin, createCustomer, createStaff } from '../testing/auth';
import {
  createCountry,
  createEvent,
  createProduct,
  createProductDiscount,
  createProductImage,
  insertOrder,
} from '../testing/factories';
import { declaredRoutes } from './rest-door';

type Doc = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Record<string, unknown>> }>>;
};
const docPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}').replace('*', '{path}')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.destroy());

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every declared REST route with its auth', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
    for (const { operation, route } of declaredRoutes()) {
      const path = `/api${route.path.replace(/:([A-Za-z]+)/g, '{$1}').replace('*', '{path}')}`;
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path}`).toBeDefined();
      expect(Boolean(op!.security)).toBe(operation.op.access !== 'public');
      expect(op!.responses['400']).toBeDefined();
    }
  });

  it('documents inputs and answers from the shared schemas', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const login = doc.paths['/api/users/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('"password"');
    expect(JSON.stringify(login.responses)).toContain('"token"');
    const order = doc.paths['/api/orders/checkout/{id}']!.get!;
    expect(order.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path' }),
        expect.objectContaining({ name: 'guestId', in: 'query' }),
      ]),
    );
  });

  it('documents an answer schema for the success status of every declared REST route', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as Doc;
    const missing: string[] = [];
    for (const { route } of declaredRoutes()) {
      const op = doc.paths[docPath(route.path)]![route.method.toLowerCase()]!;
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, op.operationId).toBeGreaterThan(0);
      for (const [status, response] of success) {
        if (status === '204') {
          expect(response.content, `${op.operationId} 204`).toBeUndefined();
          continue;
        }
        const content = Object.values((response.content ?? {}) as Record<string, { schema?: object }>);
        if (content.length === 0 || content.some((c) => Object.keys(c.schema ?? {}).length === 0))
          missing.push(`${route.method} ${route.path} ${status} (${op.operationId})`);
      }
    }
    expect(missing).toEqual([]);
    // Downloads and images: their media type with a string (CSV) or bytes (images).
    const csv = doc.paths['/api/Orders/export.csv']!.get!.responses['200']!.content;
    expect(csv).toEqual({ 'text/csv; charset=utf-8': { schema: { type: 'string' } } });
    const image = doc.paths['/api/Product/images/{path}']!.get!.responses['200']!.content;
    expect(image).toEqual({ 'image/webp': { schema: { type: 'string', format: 'binary' } } });
  });

  it('documents the paging headers of the staff lists, which real answers carry', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as Doc;
    const staff = await createStaff(t);
    for (const path of ['/Orders', '/Contact', '/Emails', '/users/orders']) {
      const headers = doc.paths[docPath(path)]!.get!.responses['200']!.headers as Record<string, unknown>;
      expect(Object.keys(headers ?? {}), path).toEqual(['X-Total-Count', 'X-Page', 'X-Page-Size']);
    }
    const res = await t.request('/api/Orders?page=1&pageSize=5', { token: staff.token });
    expect(res.status).toBe(200);
    for (const name of ['X-Total-Count', 'X-Page', 'X-Page-Size']) expect(res.headers.get(name), name).toMatch(/^\d+$/);
    expect(doc.paths[docPath('/Orders/export.csv')]!.get!.responses['200']!.headers).toBeUndefined();
  });

  it('real answers of representative GET paths match their documented schemas, field for field', async () => {
    const staff = await createStaff(t);
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);
    const eventId = await createEvent(t.db);
    const { productId } = await createProduct(t.db, { isFeatured: true, eventIds: [eventId] });
    const colorId = (
      await t.db
        .selectFrom('product_variants')
        .select('color_id')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).color_id;
    await createProductImage(t.db, productId, { colorId });
    await createProductDiscount(t.db, { productIds: [productId] });
    await createCountry(t.db, { freeShippingFromCents: 5000 });
    const orderId = await insertOrder(t.db, { userId: customer.userId, lines: [{ productId, name: 'Fustan' }] });

    const cases: Array<{ method: 'GET'; path: string; url: string; token?: string }> = [
      { method: 'GET', path: '/Product/homepage', url: '/api/Product/homepage' },
      { method: 'GET', path: '/Product/:id', url: `/api/Product/${productId}` },
      { method: 'GET', path: '/Product/filters', url: '/api/Product/filters?mainCategoryID=1&page=1&pageSize=10' },
      { method: 'GET', path: '/Countries', url: '/api/Countries', token: staff.token },
      { method: 'GET', path: '/ProductDiscount', url: '/api/ProductDiscount', token: staff.token },
      { method: 'GET', path: '/Orders', url: '/api/Orders', token: staff.token },
      { method: 'GET', path: '/Orders/:id', url: `/api/Orders/${orderId}`, token: staff.token },
      { method: 'GET', path: '/Overview', url: '/api/Overview', token: staff.token },
      { method: 'GET', path: '/users/orders', url: '/api/users/orders', token: customer.token },
      { method: 'GET', path: '/users/orders/:id', url: `/api/users/orders/${orderId}`, token: customer.token },
      { method: 'GET', path: '/users/profile', url: '/api/users/profile', token: customer.token },
      { method: 'GET', path: '/Customers', url: '/api/Customers', token: admin.token },
    ];
    for (const c of cases) {
      const declared = declaredRoutes().find((r) => r.route.method === c.method && r.route.path === c.path);
      const schema = declared?.route.output ?? declared?.operation.op.output;
      expect(schema, c.path).toBeDefined();
      const res = await t.request(c.url, c.token ? { token: c.token } : {});
      expect(res.status, c.url).toBe(200);
      const body: unknown = await res.json();
      if (Array.isArray(body)) expect(body.length, `${c.url} answers rows`).toBeGreaterThan(0);
      const parsed = schema!.safeParse(body);
      expect(parsed.error?.issues ?? [], c.url).toEqual([]);
      // zod drops keys it does not know: equal after parsing means the answer has no undocumented field either.
      expect(parsed.data, c.url).toStrictEqual(body);
    }
  });
});
