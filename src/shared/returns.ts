// Returns and exchanges (decision 235): the stored values shared by the server's tables, the inputs, the answers and
// the screens' labels. React-free and zod-free (the policy page and the order page read them).
export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** Why a shopper sends something back (the overview counts them per product and size). */
export const RETURN_REASONS = ['too_small', 'too_large', 'not_as_pictured', 'damaged', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * requested -> approved -> received -> refunded | exchanged; requested or approved -> refused (by staff) or withdrawn
 * (by the shopper). Refused, withdrawn, refunded and exchanged are final.
 */
export const RETURN_STATES = [
  'requested',
  'approved',
  'received',
  'refused',
  'withdrawn',
  'refunded',
  'exchanged',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** States whose lines may be asked for again (the request ended with nothing sent back). */
export const ENDED_UNRETURNED: readonly ReturnState[] = ['refused', 'withdrawn'];

/** States from which the shopper may still withdraw the request (nothing has reached the shop yet). */
export const WITHDRAWABLE: readonly ReturnState[] = ['requested', 'approved'];

export const REFUND_METHODS = ['cash', 'bank_transfer', 'store_credit'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The days from delivery a shopper may ask (RETURN_WINDOW_DAYS overrides it; Albania's law 9902 art. 37/1). */
export const DEFAULT_RETURN_WINDOW_DAYS = 14;

/** The order history's entries a request's steps write (orders' order_events). */
export const RETURN_EVENTS = [
  'return_requested',
  'return_approved',
  'return_received',
  'return_refused',
  'return_withdrawn',
  'refund_recorded',
  'exchange_sent',
] as const;
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

/** The last day a shopper may ask: `days` after the delivery (null when the order was never marked delivered). */
export function returnDeadline(deliveredAt: string | null, days: number): Date | null {
  if (!deliveredAt) return null;
  const t = Date.parse(deliveredAt);
  return Number.isNaN(t) ? null : new Date(t + days * 24 * 60 * 60 * 1000);
}
