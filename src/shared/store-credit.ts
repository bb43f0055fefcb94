// The store-credit ledger (decision 271): why a row of a customer's credit was written, shared by the server's table
// type, the answers and the screens' labels. Zod-free and React-free.
/**
 * return_refund: a return refunded as store credit (+); staff_adjustment: staff added (+) or removed (-) credit with a
 * note; order_spend / order_release: a checkout's hold (-) and its release when the order is cancelled or refused (+),
 * written by checkout later (decision 271 keeps room for them).
 */
export const CREDIT_REASONS = ['return_refund', 'staff_adjustment', 'order_spend', 'order_release'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** What staff do to a balance: add credit or remove it (never below zero). */
export const CREDIT_ADJUSTMENTS = ['add', 'remove'] as const;

/** Longest note staff may write on an adjustment. */
export const CREDIT_NOTE_MAX = 500;

/** Rows of the history a page shows. */
export const CREDIT_PAGE_SIZE = 10;
