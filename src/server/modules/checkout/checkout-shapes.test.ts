// POST /api/orders/checkout with customerDetails of every wrong JSON type: 400 with field messages, nothing
// written, and nothing of the value in the log.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { describeError } from '#server/http/log-safe';
import { createTestApp, type TestApp } from '#server/testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.destroy());
afterEach(() => vi.restoreAllMocks());

const orders = async () =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const big = 'x'.repeat(512 * 1024);

describe('customerDetails of the wrong type', () => {
  const values: Array<[string, unknown]> = [
    ['number', 5],
    ['string', 'Tirana'],
    ['big string', big],
    ['boolean', true],
    ['array', [{ email: 'a@b.co' }]],
    ['null', null],
  ];
  for (const [name, value] of values) {
    it(`${name}: 400 with a customerDetails field message, nothing written or logged`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const before = await orders();
      for (const extra of [{}, { discountID: null }, { promoCode: null }]) {
        const res = await t.request('/api/orders/checkout', {
          method: 'POST',
          json: { customerDetails: value, cartItems: [{ productVariantId: 1, quantity: 1 }], ...extra },
        });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { code: string; Message: string; errors: Record<string, string[]> };
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.errors.customerDetails).toEqual([messages.common.invalidInput]);
        expect(JSON.stringify(body)).not.toContain(big.slice(0, 1000));
      }
      // The whole body of the wrong type, too.
      const whole = await t.request('/api/orders/checkout', { method: 'POST', json: value });
      expect(whole.status).toBe(400);
      expect(((await whole.json()) as { Message: string }).Message).toBe(messages.common.invalidInput);
      expect(await orders()).toBe(before);
      expect(logged).not.toHaveBeenCalled();
    });
  }
});

describe('describeError', () => {
  it('keeps a 1 MB value echoed in an error message out of the log line', () => {
    const line = describeError(
      new TypeError(`Cannot use 'in' operator to search for 'firstName' in ${'y'.repeat(1024 * 1024)}`),
    );
    expect(line.length).toBeLessThan(4000);
    expect(line).toMatch(/^TypeError: Cannot use 'in' operator/);
    expect(line).toContain('chars)');
  });
});
