// The one order number (decision 221): its format, how typed numbers are read back, and a scan of the client and
// the message catalogues for numbers built by hand ("#" + id, a bare orderId shown as text, "#{n}" in a text).
import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_DIGITS, orderNumberDigits, orderNumberOf, parseOrderNumber } from './order-number';

/** Every source file of the browser app and both catalogues, as text (Vite's glob: no file system access here). */
const clientSources = import.meta.glob<string>(['../client/**/*.{ts,tsx}', '!../client/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const catalogues = import.meta.glob<string>(['./messages.ts', './messages/*.ts', './messages-staff.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Ways an order number was written by hand before there was one format. */
const AD_HOC: Array<[string, RegExp]> = [
  ["'#' + …", /['"`]#['"`]\s*\+/],
  ['`#${…order…}`', /`#\$\{[^}]*order/i],
  ['#{…order…} in JSX', /#\{[^}]*order/i],
  ['a bare orderId as text', />\s*\{[\w.?]*orderId\}\s*</],
  ['zero padding outside order-number.ts', /padStart\(\s*6\b/],
];

/** Each match as "file:line rule: text"; a pattern may span lines (JSX puts `{o.orderId}` on a line of its own). */
function adHocUses(files: Record<string, string>, rules: Array<[string, RegExp]>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    rules.flatMap(([name, re]) =>
      [...text.matchAll(new RegExp(re.source, `${re.flags}g`))].map((m) => {
        const line = text.slice(0, m.index).split('\n').length;
        return `${file}:${line} ${name}: ${m[0].replace(/\s+/g, ' ')}`;
      }),
    ),
  );
}

describe('the order number', () => {
  it('is "#" and the id padded to six digits; longer ids print whole', () => {
    expect(ORDER_NUMBER_DIGITS).toBe(6);
    expect(orderNumberOf(41)).toBe('#000041');
    expect(orderNumberDigits(41)).toBe('000041');
    expect(orderNumberOf(1234567)).toBe('#1234567');
  });

  it('reads back every way people type it, and nothing else', () => {
    for (const typed of ['#000041', '000041', '41', ' # 41 ', 41]) expect(parseOrderNumber(typed)).toBe(41);
    for (const id of [1, 41, 999_999, 1_000_000]) expect(parseOrderNumber(orderNumberOf(id))).toBe(id);
    for (const bad of ['', '#', '0', '#000000', '41a', '1e3', '-4', '##41', 4.5, null]) {
      expect(parseOrderNumber(bad), String(bad)).toBeNull();
    }
  });

  it('is never built by hand in the browser app', () => {
    expect(Object.keys(clientSources).length).toBeGreaterThan(100);
    expect(adHocUses(clientSources, AD_HOC)).toEqual([]);
  });

  it('is never prefixed with "#" inside a text of either catalogue (the number brings its own)', () => {
    // the shopper catalogue (messages.ts and messages/*.ts) and the staff one, however many area modules there are
    expect(Object.keys(catalogues)).toEqual(
      expect.arrayContaining(['./messages.ts', './messages/orders.ts', './messages-staff.ts']),
    );
    expect(adHocUses(catalogues, [['#{…}', /#\{\w+\}/]])).toEqual([]);
  });

  it('the scan catches the old forms', () => {
    const old = {
      'a.tsx': [
        '<Link to="/dashboard/orderDetails/$id">',
        '  {o.orderId}',
        '</Link>',
        "fill(lc.selectOrder, { n: '#' + o.orderId })",
        'const label = `#${order.orderId}`;',
        "String(orderId).padStart(6, '0')",
      ].join('\n'),
    };
    expect(adHocUses(old, AD_HOC)).toHaveLength(4);
    expect(adHocUses({ 'm.ts': "orderNumber: 'Porosia #{n}'," }, [['#{…}', /#\{\w+\}/]])).toHaveLength(1);
  });
});
