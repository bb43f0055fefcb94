// Staff replies to contact messages (decision 257), through the real app on both engines: POST /api/Contact/{id}/Replies
// and tRPC contact.reply write the reply row and exactly one outbox e-mail (recipient, subject, the reply and the quoted
// message, escaped) in one transaction; GET /api/Contact/{id} and contact.thread answer the thread in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactThreadReply } from '#shared/dto/contact';
import { fill } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createUser } from '#server/testing/auth';
import { createContactMessage } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import { ROLE_STAFF } from '#shared/roles';

const r = staffMessages.contactReplies;
const SHOP_EMAIL = 'dyqani@butiku.test';

let t: TestApp;
let staff: { userId: number; token: string };
let customer: string;

beforeAll(async () => {
  t = await createTestApp({
    mail: { from: 'Butiku <porosi@butiku.test>', shopEmail: SHOP_EMAIL, maxAttempts: 3, retryBaseMs: 1000 },
  });
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Blerina', lastName: 'Kastrati' });
  customer = (await createCustomer(t)).token;
});
afterAll(() => t.db.destroy());

/** POST a reply as staff, or as `as` (null: no token). */
const post = (id: number | string, json: unknown, as?: string | null) =>
  t.request(`/api/Contact/${id}/Replies`, {
    method: 'POST',
    json,
    token: as === undefined ? staff.token : (as ?? undefined),
  });

const outboxOf = (email: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('mail_id').execute();

const repliesOf = (id: number) =>
  t.db.selectFrom('contact_replies').selectAll().where('contact_id', '=', id).orderBy('reply_id').execute();

describe('POST /api/Contact/{id}/Replies', () => {
  it('writes the reply and exactly one outbox e-mail to the sender, from the shop, quoting the message', async () => {
    const id = await createContactMessage(t.db, {
      name: 'Arta Krasniqi',
      email: 'arta.reply@example.com',
      message: 'A e keni fustanin në 38?\nE dua për të shtunën.',
      createdAt: '2026-11-20T09:30:00.000Z',
    });
    const res = await post(id, { body: '  Po, e kemi. Ju presim në dyqan.\nEkipi  ' });
    expect(res.status).toBe(201);
    const thread = await res.json();
    expect(ContactThreadReply.safeParse(thread).error?.issues ?? []).toEqual([]);
    expect(thread.message).toMatchObject({ contactID: id, isReplied: true });
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]).toMatchObject({
      userID: staff.userId,
      userName: 'Blerina Kastrati',
      body: 'Po, e kemi. Ju presim në dyqan.\nEkipi',
      mailStatus: 'queued',
      mailSentAt: null,
      mailError: null,
    });

    const mails = await outboxOf('arta.reply@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ kind: 'contact_reply', status: 'queued', reply_to: SHOP_EMAIL });
    expect(mail.subject).toBe(`Re: ${emailMessages.contactReplyDefaultSubject}`);
    expect(mail.text_body).toContain('Përshëndetje Arta Krasniqi,');
    expect(mail.text_body).toContain('Po, e kemi. Ju presim në dyqan.\nEkipi');
    expect(mail.text_body).toContain('> A e keni fustanin në 38?\n> E dua për të shtunën.');
    expect(mail.text_body).toContain(fill(emailMessages.contactReplyQuoteIntro, { date: '20.11.2026 10:30' }));
    expect(mail.text_body).toContain(emailMessages.contactReplySignature);
    // Signed by the shop: the staff member's name and address appear nowhere in it.
    for (const part of [mail.html, mail.text_body]) expect(part).not.toMatch(/Blerina|Kastrati|user\d+-/);
    expect(mail.html).toContain('A e keni fustanin në 38?');

    const rows = await repliesOf(id);
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: staff.userId,
        body: 'Po, e kemi. Ju presim në dyqan.\nEkipi',
        mail_id: mail.mail_id,
      }),
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity', '=', 'contact')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: staff.userId, action: 'email-reply' });
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      is_replied: [0, 1],
      reply: [null, 'Po, e kemi. Ju presim në dyqan.\nEkipi'],
      recipient: [null, 'arta.reply@example.com'],
    });
  });

  it('escapes what the shopper and staff typed in the HTML part', async () => {
    const id = await createContactMessage(t.db, {
      name: '<b>Drita</b>',
      email: 'drita.xss@example.com',
      message: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
    });
    expect((await post(id, { body: 'Faleminderit <i>shumë</i> & mirupafshim' })).status).toBe(201);
    const [mail] = await outboxOf('drita.xss@example.com');
    expect(mail!.html).not.toMatch(/<script|<img|<i>|<b>Drita/);
    expect(mail!.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(mail!.html).toContain('Faleminderit &lt;i&gt;shumë&lt;/i&gt; &amp; mirupafshim');
    expect(mail!.html).toContain('&lt;b&gt;Drita&lt;/b&gt;');
    // The plain-text part keeps the characters as typed.
    expect(mail!.text_body).toContain('> <script>alert("x")</script>');
  });

  it('answers 400 with the field message for an empty, blank or too long reply, and writes nothing', async () => {
    const id = await createContactMessage(t.db, { email: 'bosh@example.com' });
    for (const [body, message] of [
      [undefined, r.bodyRequired],
      ['', r.bodyRequired],
      ['   \n  ', r.bodyRequired],
      ['a'.repeat(5001), fill(r.bodyTooLong, { max: 5000 })],
      [42, r.bodyRequired],
    ] as const) {
      const res = await post(id, body === undefined ? {} : { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors).toEqual({ body: [message] });
    }
    expect((await post(id, { body: 'a'.repeat(5000) })).status).toBe(201);
    expect((await post('abc', { body: 'Po' })).status).toBe(400);
    const bad = await t.request('/api/trpc/contact.reply', {
      method: 'POST',
      token: staff.token,
      json: { json: { id, body: ' ' } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.json.data.fieldErrors).toEqual({ body: [r.bodyRequired] });
    expect(await repliesOf(id)).toHaveLength(1);
    expect(await outboxOf('bosh@example.com')).toHaveLength(1);
  });

  it('an unknown message is 404; a message without a usable address is 409, with nothing written', async () => {
    const missing = await post(999999, { body: 'Po' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).Message).toBe(contactMessages.contact.messageNotFound);

    // Stored before the form checked addresses (the column is NOT NULL, but may hold anything).
    const id = await createContactMessage(t.db, { email: '  ' });
    const res = await post(id, { body: 'Po' });
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe(r.noEmail);
    expect(await repliesOf(id)).toEqual([]);
    const row = await t.db
      .selectFrom('contact_messages')
      .select('is_replied')
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_replied).toBe(0);
  });

  it('guests get 401 and customers 403 on both doors, and nothing is written', async () => {
    const id = await createContactMessage(t.db, { email: 'roles@example.com' });
    expect((await post(id, { body: 'Po' }, null)).status).toBe(401);
    expect((await post(id, { body: 'Po' }, customer)).status).toBe(403);
    expect((await t.request(`/api/Contact/${id}`)).status).toBe(401);
    expect((await t.request(`/api/Contact/${id}`, { token: customer })).status).toBe(403);
    const send = (p: string, init: RequestInit & { token?: string }) => t.request(p, init);
    for (const token of [undefined, customer]) {
      const expected = token ? 403 : 401;
      expect((await trpcCall(send, 'contact.reply', 'mutation', { id, body: 'Po' }, token)).status).toBe(expected);
      expect((await trpcCall(send, 'contact.thread', 'query', { id }, token)).status).toBe(expected);
    }
    expect(await repliesOf(id)).toEqual([]);
    expect(await outboxOf('roles@example.com')).toEqual([]);
  });
});

describe('the thread', () => {
  it('GET /api/Contact/{id} and contact.thread answer the message and its replies in order, with each e-mail state', async () => {
    const id = await createContactMessage(t.db, { name: 'Vesa', email: 'vesa.thread@example.com', message: 'Pyetje' });
    const empty = await (await t.request(`/api/Contact/${id}`, { token: staff.token })).json();
    expect(empty).toMatchObject({ message: { contactID: id, name: 'Vesa', isReplied: false }, replies: [] });

    for (const body of ['E para', 'E dyta', 'E treta']) expect((await post(id, { body })).status).toBe(201);
    const [first, second] = await outboxOf('vesa.thread@example.com');
    const sentAt = new Date().toISOString();
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sentAt })
      .where('mail_id', '=', first!.mail_id)
      .execute();
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: 'SMTP 550' })
      .where('mail_id', '=', second!.mail_id)
      .execute();

    const res = await t.request(`/api/Contact/${id}`, { token: staff.token });
    expect(res.status).toBe(200);
    const thread = await res.json();
    expect(ContactThreadReply.safeParse(thread).error?.issues ?? []).toEqual([]);
    expect(thread.replies.map((x: { body: string }) => x.body)).toEqual(['E para', 'E dyta', 'E treta']);
    expect(thread.replies.map((x: { mailStatus: string }) => x.mailStatus)).toEqual(['sent', 'failed', 'queued']);
    expect(thread.replies[0].mailSentAt).toBe(sentAt);
    expect(thread.replies[1].mailError).toBe('SMTP 550');
    const created = thread.replies.map((x: { createdAt: string }) => x.createdAt);
    expect([...created].sort()).toEqual(created);

    const send = (p: string, init: RequestInit & { token?: string }) => t.request(p, init);
    const viaTrpc = await trpcCall(send, 'contact.thread', 'query', { id }, staff.token);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data).toEqual(thread);

    expect((await t.request('/api/Contact/999999', { token: staff.token })).status).toBe(404);
    expect((await t.request('/api/Contact/abc', { token: staff.token })).status).toBe(400);
  });

  it('a deleted message takes its replies with it; a deleted staff account leaves its replies unsigned', async () => {
    const author = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Ilir' });
    const id = await createContactMessage(t.db, { email: 'gone@example.com' });
    expect((await post(id, { body: 'Po' }, author.token)).status).toBe(201);
    await t.db.deleteFrom('users').where('user_id', '=', author.userId).execute();
    const thread = await (await t.request(`/api/Contact/${id}`, { token: staff.token })).json();
    expect(thread.replies[0]).toMatchObject({ userID: null, userName: null, body: 'Po' });

    expect((await t.request(`/api/Contact/${id}`, { method: 'DELETE', token: staff.token })).status).toBe(200);
    expect(await repliesOf(id)).toEqual([]);
    // The e-mail already queued stays in the outbox (it is the shop's record of what was sent).
    expect(await outboxOf('gone@example.com')).toHaveLength(1);
  });
});
