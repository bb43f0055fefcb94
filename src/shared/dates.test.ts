import { describe, expect, it } from 'vitest';
import { formatDate, formatShopDateTime, shopDateTimeIso, shopToday } from './dates';

describe('shop dates', () => {
  it("computes today in Kosovo's time zone", () => {
    expect(shopToday(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-21'); // 23:30 in Ferizaj
    expect(shopToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22'); // 00:30 next day
    expect(shopToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02'); // summer time (UTC+2)
  });

  it('formats dates as dd.mm.yyyy', () => {
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
    expect(formatDate('2026-11-21T23:30:00.000Z')).toBe('22.11.2026');
  });
});

describe('shop wall-clock timestamps (CSV)', () => {
  it('gives shop time with its offset, on both sides of the spring change (29.03.2026, 02:00 -> 03:00)', () => {
    expect(shopDateTimeIso('2026-03-29T00:59:59.900Z')).toBe('2026-03-29T01:59:59+01:00');
    expect(shopDateTimeIso('2026-03-29T01:00:00.000Z')).toBe('2026-03-29T03:00:00+02:00');
    expect(shopDateTimeIso('2026-11-21T23:30:00.000Z')).toBe('2026-11-22T00:30:00+01:00'); // next shop day
  });

  it('tells the October hour that happens twice apart by its offset (25.10.2026, 03:00 -> 02:00)', () => {
    expect(shopDateTimeIso('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30:00+02:00');
    expect(shopDateTimeIso('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30:00+01:00');
  });

  it('leaves a missing or broken timestamp empty', () => {
    expect(shopDateTimeIso(null)).toBe('');
    expect(shopDateTimeIso('')).toBe('');
    expect(shopDateTimeIso('not a date')).toBe('');
  });
});

describe('formatShopDateTime', () => {
  it('shows an instant as the shop’s date and minute, and a dash for nothing', () => {
    expect(formatShopDateTime('2026-11-24T04:12:59.000Z')).toBe('24.11.2026 05:12');
    expect(formatShopDateTime('2026-07-01T22:30:00.000Z')).toBe('02.07.2026 00:30');
    expect(formatShopDateTime(null)).toBe('—');
  });
});
