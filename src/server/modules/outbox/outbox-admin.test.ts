// The staff outbox screen over HTTP (REST and tRPC) on a real database: staff only, paged newest first with the
// total, searchable, filtered by status, one message with its rendered parts, and "resend" for failed messages only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createOutboxMail } from '#server/testing/factories';

let t: TestApp;
let staff: string;
let customer: string;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  customer = (await createCustomer(t)).token;
  // 30 messages a minute apart: two failed and one sent, as the worker leaves them, the rest queued.
  const states: Record<number, Parameters<typeof createOutboxMail>[1]> = {
    3: { status: 'failed', attempts: 8, lastError: '421 try later' },
    4: { status: 'failed', attempts: 8, lastError: '421 try later' },
    5: { status: 'sent', attempts: 1, sentAt: new Date().toISOString() },
  };
  for (let i = 0; i < 30; i++) {
    const id = await createOutboxMail(t.db, {
      kind: i % 3 === 0 ? 'order_confirmation' : 'contact_copy',
      recipient: `blerta${i}@example.com`,
      subject: `Porosia #${1000 + i}`,
      html: `<p>Mesazhi ${i}</p>`,
      text: `Mesazhi ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 8, i)).toISOString(),
      ...states[i],
    });
    ids.push(id);
  }
});

afterAll(async () => {
  await t.db.destroy();
});

describe('GET /api/Emails', () => {
  it('is for staff only: 401 without a token, 403 for a customer', async () => {
    expect((await t.request('/api/Emails')).status).toBe(401);
    expect((await t.request('/api/Emails', { token: customer })).status).toBe(403);
    expect((await t.request(`/api/Emails/${ids[0]}`, { token: customer })).status).toBe(403);
    expect((await t.request(`/api/Emails/${ids[3]}/resend`, { method: 'POST', token: customer })).status).toBe(403);
    expect(
      (
        await t.request('/api/trpc/outbox.page?input=' + encodeURIComponent(JSON.stringify({ json: {} })), {
          token: customer,
        })
      ).status,
    ).toBe(403);
  });

  it('pages newest first with the total in headers, searches recipient/subject/kind, filters by status', async () => {
    const res = await t.request('/api/Emails?page=2&pageSize=10', { token: staff });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('30');
    const rows = await res.json();
    expect(rows.map((r: { mailID: number }) => r.mailID)).toEqual(ids.slice(10, 20).reverse());
    expect(rows[0]).toMatchObject({
      recipient: 'blerta19@example.com',
      subject: 'Porosia #1019',
      status: 'queued',
      attempts: 0,
    });
    expect(rows[0]).not.toHaveProperty('html');

    const searched = await (
      await t.request(`/api/Emails?q=${encodeURIComponent('BLERTA2 1027')}`, { token: staff })
    ).json();
    expect(searched.map((r: { subject: string }) => r.subject)).toEqual(['Porosia #1027']);
    const failed = await (await t.request('/api/Emails?status=failed', { token: staff })).json();
    expect(failed.map((r: { mailID: number }) => r.mailID).sort()).toEqual([ids[3], ids[4]].sort());
    expect(failed[0].lastError).toBe('421 try later');

    const bad = await t.request('/api/Emails?status=lost&page=0', { token: staff });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['page', 'status']);
  });

  it('one message with its HTML and text parts; 404 for an unknown id', async () => {
    const one = await (await t.request(`/api/Emails/${ids[7]}`, { token: staff })).json();
    expect(one).toMatchObject({ mailID: ids[7], html: '<p>Mesazhi 7</p>', text: 'Mesazhi 7', kind: 'contact_copy' });
    const missing = await t.request('/api/Emails/999999', { token: staff });
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe(staffMessages.outbox.notFound);
  });
});

describe('resend', () => {
  it('puts a failed message back in the queue with fresh attempts; 409 for queued or sent ones; 404 unknown', async () => {
    const res = await t.request(`/api/Emails/${ids[3]}/resend`, { method: 'POST', token: staff });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mailID: ids[3], status: 'queued', attempts: 0, lastError: null });
    const again = await t.request(`/api/Emails/${ids[3]}/resend`, { method: 'POST', token: staff });
    expect(again.status).toBe(409);
    expect((await again.json()).Message).toBe(staffMessages.outbox.onlyFailed);
    expect((await t.request(`/api/Emails/${ids[5]}/resend`, { method: 'POST', token: staff })).status).toBe(409);
    expect((await t.request('/api/Emails/999999/resend', { method: 'POST', token: staff })).status).toBe(404);

    const trpc = await t.request('/api/trpc/outbox.resend', {
      method: 'POST',
      token: staff,
      json: { json: { id: ids[4] } },
    });
    expect(trpc.status).toBe(200);
    expect((await trpc.json()).result.data.json).toMatchObject({ mailID: ids[4], status: 'queued' });
  });
});
