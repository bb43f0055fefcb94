// GET /api/openapi.json (decision 211): a valid OpenAPI 3.1 document with every declared REST route.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { declaredRoutes } from './rest-door';

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
});
