// Contact messages: public POST /api/Contact and tRPC contact.send; staff-only list, mark-replied and delete.
import { contactMessages } from '#shared/messages/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff, createAdmin } from '#server/testing/auth';
import { createContactMessage } from '#server/testing/factories';

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;

const valid = {
  name: 'Vjosa Hoxha',
  phone: '+383 44 211 305',
  email: 'vjosa@example.com',
  message: 'A e keni në madhësinë S?',
};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
});

afterAll(async () => {
  await t.db.destroy();
});

describe('POST /api/Contact', () => {
  it('stores a message (201) with the spec success text', async () => {
    const res = await t.request('/api/Contact', { method: 'POST', json: { ...valid, name: '  Vjosa Hoxha ' } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.Message).toBe('Mesazhi u dërgua me sukses!');
    expect(body.contact).toMatchObject({ contactID: expect.any(Number), name: 'Vjosa Hoxha', isReplied: false });
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('contact_id', '=', body.contact.contactID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Vjosa Hoxha',
      phone: valid.phone,
      email: valid.email,
      message: valid.message,
      is_replied: 0,
    });
  });

  it('answers 400 with a message per field', async () => {
    const res = await t.request('/api/Contact', {
      method: 'POST',
      json: { name: ' ', email: 'not-an-email', message: '' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      name: ['Ju lutemi shkruani emrin.'],
      phone: ['Ju lutemi shkruani numrin e telefonit.'],
      email: [contactMessages.contact.invalidEmail],
      message: ['Ju lutemi shkruani mesazhin.'],
    });
    const malformed = await t.request('/api/Contact', {
      method: 'POST',
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('tRPC contact.send stores the same way and validates the same way', async () => {
    const ok = await t.request('/api/trpc/contact.send', {
      method: 'POST',
      json: { json: { ...valid, name: 'Arben' } },
    });
    expect(ok.status).toBe(200);
    const bad = await t.request('/api/trpc/contact.send', { method: 'POST', json: { json: { ...valid, email: 'x' } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.json.data.fieldErrors).toEqual({ email: [contactMessages.contact.invalidEmail] });
  });
});

describe('staff side', () => {
  it('guests get 401 and customers 403 on every staff route (REST and tRPC)', async () => {
    for (const [method, path] of [
      ['GET', '/api/Contact'],
      ['PUT', '/api/Contact/mark-replied/1'],
      ['DELETE', '/api/Contact/1'],
    ] as const) {
      expect((await t.request(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await t.request(path, { method, token: customer })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.request('/api/trpc/contact.list')).status).toBe(401);
    expect((await t.request('/api/trpc/contact.list', { token: customer })).status).toBe(403);
  });

  it('lists newest first, marks replied, deletes; unknown ids 404, malformed 400', async () => {
    await createContactMessage(t.db, {
      name: 'Old',
      phone: '1',
      email: 'o@example.com',
      message: 'old',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    const list = await (await t.request('/api/Contact', { token: staff })).json();
    expect(list.length).toBe(3);
    expect(list.at(-1).name).toBe('Old');
    expect(list[0]).toMatchObject({
      contactID: expect.any(Number),
      name: expect.any(String),
      phone: expect.any(String),
      email: expect.any(String),
      message: expect.any(String),
      isReplied: false,
      createdAt: expect.any(String),
    });

    const id = list[0].contactID;
    const marked = await t.request(`/api/Contact/mark-replied/${id}`, { method: 'PUT', token: admin });
    expect(marked.status).toBe(200);
    expect((await marked.json()).isReplied).toBe(true);
    expect((await t.request('/api/Contact/mark-replied/999999', { method: 'PUT', token: staff })).status).toBe(404);
    expect((await t.request('/api/Contact/mark-replied/abc', { method: 'PUT', token: staff })).status).toBe(400);

    const del = await t.request(`/api/Contact/${id}`, { method: 'DELETE', token: staff });
    expect(del.status).toBe(200);
    expect((await t.request(`/api/Contact/${id}`, { method: 'DELETE', token: staff })).status).toBe(404);
    const after = await (await t.request('/api/Contact', { token: staff })).json();
    expect(after.map((m: { contactID: number }) => m.contactID)).not.toContain(id);
  });

  it('tRPC list, markReplied and remove work for staff', async () => {
    const list = (await (await t.request('/api/trpc/contact.list', { token: staff })).json()).result.data.json;
    const id = list[0].contactID;
    const marked = await t.request('/api/trpc/contact.markReplied', {
      method: 'POST',
      token: staff,
      json: { json: { id } },
    });
    expect((await marked.json()).result.data.json.isReplied).toBe(true);
    const removed = await t.request('/api/trpc/contact.remove', {
      method: 'POST',
      token: staff,
      json: { json: { id } },
    });
    expect(removed.status).toBe(200);
    const missing = await t.request('/api/trpc/contact.remove', {
      method: 'POST',
      token: staff,
      json: { json: { id } },
    });
    expect(missing.status).toBe(404);
  });
});
