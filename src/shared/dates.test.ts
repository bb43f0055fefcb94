import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  dotDateDigits,
  formatDate,
  formatShopDateTime,
  isIsoDate,
  readDateText,
  shopDateTimeIso,
  shopToday,
  weekdayOf,
} from './dates';

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

describe('typed dates (decision 258)', () => {
  it('reads every accepted form as yyyy-mm-dd, day first', () => {
    for (const typed of [
      '27.11.2026',
      '27/11/2026',
      '27-11-2026',
      '27.11.26',
      '27112026',
      ' 27. 11. 2026. ',
      '2026-11-27',
    ])
      expect(readDateText(typed), typed).toEqual({ date: '2026-11-27' });
    expect(readDateText('2.3.2026')).toEqual({ date: '2026-03-02' });
    expect(readDateText('02.03.2026')).toEqual({ date: '2026-03-02' });
    expect(readDateText('2/3/26')).toEqual({ date: '2026-03-02' });
  });

  it('reads a two-digit year as 20yy', () => {
    expect(readDateText('01.01.00')).toEqual({ date: '2000-01-01' });
    expect(readDateText('31.12.99')).toEqual({ date: '2099-12-31' });
    expect(readDateText('271126')).toEqual({ date: '2026-11-27' });
  });

  it('says why an impossible date is none: the month, or the days the month has', () => {
    expect(readDateText('31.02.2026')).toEqual({ problem: 'day', year: 2026, month: 2, days: 28 });
    expect(readDateText('29.02.2028')).toEqual({ date: '2028-02-29' }); // a leap year
    expect(readDateText('29.02.2100')).toEqual({ problem: 'day', year: 2100, month: 2, days: 28 }); // not one
    expect(readDateText('31.04.26')).toEqual({ problem: 'day', year: 2026, month: 4, days: 30 });
    expect(readDateText('12.13.2026')).toEqual({ problem: 'month', month: 13 });
    expect(readDateText('1.0.2026')).toEqual({ problem: 'month', month: 0 });
    expect(readDateText('0.1.2026')).toEqual({ problem: 'format' });
  });

  it('refuses text that is not a day-first date, and knows empty text', () => {
    for (const typed of ['27.11', '27.11.202', '11/27/2026 x', 'nesër', '2026-11', '27..11.2026', '127.11.2026'])
      expect(readDateText(typed), typed).toEqual({ problem: 'format' });
    expect(readDateText('   ')).toEqual({ problem: 'empty' });
    // An English browser's mm/dd/yyyy is read day first, so "11/27/2026" names no month.
    expect(readDateText('11/27/2026')).toEqual({ problem: 'month', month: 27 });
  });

  it('puts dots in as bare digits are typed, and leaves separators typed by hand alone', () => {
    expect(['2', '27', '271', '2711', '27112', '271120', '2711202', '27112026'].map(dotDateDigits)).toEqual([
      '2',
      '27',
      '27.1',
      '27.11',
      '27.11.2',
      '27.11.20',
      '27.11.202',
      '27.11.2026',
    ]);
    expect(dotDateDigits('27.112')).toBe('27.11.2');
    expect(dotDateDigits('27.')).toBe('27.');
    expect(dotDateDigits('27.11.')).toBe('27.11.');
    expect(dotDateDigits('2.3.2026')).toBe('2.3.2026');
    expect(dotDateDigits('27.1.2026')).toBe('27.1.2026');
    expect(dotDateDigits('27/11')).toBe('27/11');
  });

  it('checks yyyy-mm-dd dates, counts a month’s days and finds the weekday, Monday first', () => {
    expect(isIsoDate('2026-11-27')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('27.11.2026')).toBe(false);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(weekdayOf('2026-11-23')).toBe(0); // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6); // a Sunday
  });

  it('moves by months, keeping the day inside the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-27', 2)).toBe('2027-01-27');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
  });
});
