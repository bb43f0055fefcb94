// The delivered e-mail invites the review (decision 234): its outbox row holds only the placeholder, the copy sent
// over SMTP carries a signed link that opens the guest's review page and lets the guest review, once.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/testing/app';
import { createAdmin } from '#server/testing/auth';
import { createProduct, insertOrder } from '#server/testing/factories';
import { startSmtp } from '#server/testing/smtp';
import { startMailWorker, type MailWorker } from '../outbox';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('the review invitation of the delivered e-mail', () => {
  it('is stored as a placeholder and sent as a working signed link', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const t = await createTestApp({
      publicUrl: 'https://butiku.test',
      mail: {
        smtpUrl: smtp.url,
        from: 'Butiku <porosi@butiku.shop>',
        shopEmail: 'staff@butiku.shop',
        maxAttempts: 3,
        retryBaseMs: 200,
      },
    });
    const admin = await createAdmin(t);
    const { productId } = await createProduct(t.db, { name: 'Fustan liri' });
    const orderId = await insertOrder(t.db, { email: 'vesa@example.com', lines: [{ productId, name: 'Fustan liri' }] });
    const res = await t.request(`/api/Orders/UpdateStatus/${orderId}`, { method: 'PUT', token: admin.token });
    expect(res.status).toBe(200);

    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'order_delivered')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret_kind: 'review_invite', secret_ref: orderId });
    expect(row.html).toContain('{{secret_link}}');
    expect(`${row.html}${row.text_body}`).not.toMatch(/\/review\/\d+\?t=/);

    const worker = (await startMailWorker(t, { pollMs: 50 })) as MailWorker;
    cleanups.push(() => worker.stop());
    const [mail] = await smtp.waitFor(1);
    const link = /https:\/\/butiku\.test\/review\/(\d+)\?t=([\w.-]+)/.exec(mail!.text ?? '')!;
    expect(Number(link[1])).toBe(orderId);
    expect(mail!.html).toContain(`/review/${orderId}?t=${link[2]}`);
    const read = await t.request(`/api/Reviews/order/${orderId}?t=${link[2]}`);
    expect(read.status).toBe(200);
    const write = (json: object) => t.request('/api/Reviews', { method: 'POST', json });
    const review = {
      orderId,
      productId,
      token: link[2],
      rating: 4,
      title: 'Shumë mirë',
      body: 'Masa e saktë, stof i mirë.',
    };
    expect((await write(review)).status).toBe(201);
    expect((await write(review)).status).toBe(409);
  });
});
