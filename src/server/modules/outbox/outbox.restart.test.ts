// Survives restarts: the real `npm start` entry point (src/server/main.ts) as a child process on a SQLite file,
// an order placed over HTTP, the process killed with SIGKILL before anything was sent, then started again with
// SMTP_URL pointing at a real SMTP server: both e-mails arrive, each exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { createCountry, createProduct } from '#server/testing/factories';
import { startSmtp } from '#server/testing/smtp';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function startShop(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SKIP_CLIENT_BUILD: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`shop exited (${code}): ${output}`)));
  });
}

describe('e-mail survives kill -9', () => {
  it('messages queued before SIGKILL are sent after the next start, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-mail-'));
    const env = { DATABASE_PATH: path.join(dir, 'shop.db'), UPLOADS_DIR: path.join(dir, 'uploads') };
    const first = await startShop(env);

    const db = openDatabase(env.DATABASE_PATH);
    const countryID = await createCountry(db, { shippingCents: 300 });
    const product = await createProduct(db, { name: 'Xhaketë', priceCents: 4990, variants: [{ stock: 3 }] });
    const res = await fetch(`${first.url}/api/orders/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerDetails: {
          email: 'blerta@example.com',
          firstName: 'Blerta',
          lastName: 'Hoxha',
          address: 'Rr. Nënë Tereza 1',
          city: 'Prishtinë',
          zipCode: '10000',
          phoneNumber: '+38344999888',
          countryID,
        },
        cartItems: [{ productVariantId: product.variantIds[0], quantity: 1 }],
      }),
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: number };
    const queued = await db.selectFrom('mail_outbox').select(['status', 'order_id']).execute();
    expect(queued).toEqual([
      { status: 'queued', order_id: orderId },
      { status: 'queued', order_id: orderId },
    ]);

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const smtp = await startSmtp();
    try {
      const second = await startShop({ ...env, SMTP_URL: smtp.url });
      const mails = await smtp.waitFor(2, 20_000);
      await new Promise((r) => setTimeout(r, 2500)); // several polls later: nothing is sent again
      expect(mails.map((m) => m.headers.get('x-butiku-mail-kind')).sort()).toEqual([
        'order_confirmation',
        'order_notification',
      ]);
      expect(smtp.received).toHaveLength(2);
      const rows = await db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
      expect(rows).toEqual([
        { status: 'sent', attempts: 1 },
        { status: 'sent', attempts: 1 },
      ]);
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    } finally {
      await smtp.close();
      await db.destroy();
    }
  }, 60_000);
});
