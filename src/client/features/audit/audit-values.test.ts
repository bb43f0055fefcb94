// How the audit screen words stored values (decision 228): an order's state words in Albanian, as the order screens
// name them; the same words on another entity stay as stored.
import { describe, expect, it } from 'vitest';
import { valueText } from './audit-values';

describe('audit values', () => {
  it("names an order's status and closing in Albanian, not the stored word", () => {
    expect(valueText('status', 'pending', 'order')).toBe('Në pritje');
    expect(valueText('status', 'delivered', 'order')).toBe('Dorëzuar');
    expect(valueText('closed_as', 'returned', 'order')).toBe('Kthyer');
    expect(valueText('closed_as', null, 'order')).toBe('(bosh)');
  });

  it('leaves an unknown word and another entity’s status as stored, and words money and flags', () => {
    expect(valueText('status', 'archived', 'order')).toBe('archived');
    expect(valueText('status', 'pending', 'review')).toBe('pending');
    expect(valueText('total_cents', 1250)).toBe('12,50\u00a0€');
    expect(valueText('is_active', 1)).toBe('po');
  });

  it('words a promo code’s kind as the promo form does (issue 35: not "percent")', () => {
    expect(valueText('discount_kind', 'percent', 'promo')).toBe('Përqindje (%)');
    expect(valueText('discount_kind', 'fixed', 'promo')).toBe('Shumë fikse (€)');
  });
});
