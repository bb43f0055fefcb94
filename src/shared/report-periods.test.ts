// The reports' periods: presets on a given day, buckets per day, Monday week and month, the previous period.
import { describe, expect, it } from 'vitest';
import { daysInPeriod, presetPeriod, previousPeriod, reportBuckets } from './report-periods';

describe('report periods', () => {
  it('names the presets from the shop day', () => {
    expect(presetPeriod('last7', '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(presetPeriod('last30', '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(presetPeriod('thisMonth', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(presetPeriod('lastMonth', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('cuts a period into clipped weeks and months', () => {
    expect(reportBuckets('2026-10-29', '2026-11-10', 'week')).toEqual([
      { start: '2026-10-29', end: '2026-11-01' },
      { start: '2026-11-02', end: '2026-11-08' },
      { start: '2026-11-09', end: '2026-11-10' },
    ]);
    expect(reportBuckets('2025-12-15', '2026-02-10', 'month')).toEqual([
      { start: '2025-12-15', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-10' },
    ]);
    expect(reportBuckets('2026-03-28', '2026-03-30', 'day').map((b) => b.start)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('takes the same number of days just before as the previous period', () => {
    expect(daysInPeriod('2026-10-01', '2026-10-31')).toBe(31);
    expect(previousPeriod('2026-10-01', '2026-10-31')).toEqual({ start: '2026-08-31', end: '2026-09-30' });
    expect(previousPeriod('2026-11-24', '2026-11-24')).toEqual({ start: '2026-11-23', end: '2026-11-23' });
  });
});
