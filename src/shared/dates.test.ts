import { describe, expect, it } from 'vitest';
import { formatDate, shopToday } from './dates';

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
