// Gift cards (decision 274): the code's alphabet and shape, the ledger's reasons and the shop's policy, shared by the
// server, the checkout field and the dashboard. Zod-free and React-free.

/**
 * 31 characters: the digits and capitals without the lookalikes 0/O and 1/I/L. Sixteen of them carry only
 * 16·log2(31) ≈ 79.3 bits, so a code has twenty (≈ 99 bits), shown in five groups of four.
 */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CODE_LENGTH = 20;

/** The code as typed: spaces and dashes dropped, capitals. */
export function normaliseGiftCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, '');
}

/** The code shown and printed: groups of four, e.g. "ABCD-EFGH-JKMN-PQRS-TUVW". */
export function formatGiftCode(code: string): string {
  return (normaliseGiftCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** Whether a normalised code has the card's shape (the length and the alphabet); anything else is not a card. */
export const isGiftCodeShape = (code: string): boolean =>
  code.length === GIFT_CODE_LENGTH && [...code].every((ch) => GIFT_CODE_ALPHABET.includes(ch));

/**
 * issue: the card's value (+); order_spend / order_release: a checkout's hold (-) and its release when the order is
 * cancelled, refused or deleted (+); staff_adjustment: staff added (+) or removed (-) value with a note; void: what
 * was left on a sold card whose order was then refused at the door (-).
 */
export const GIFT_CARD_REASONS = ['issue', 'order_spend', 'order_release', 'staff_adjustment', 'void'] as const;
export type GiftCardReason = (typeof GIFT_CARD_REASONS)[number];

/** The shop's policy: a card expires this many months after it is issued unless staff choose otherwise. */
export const GIFT_CARD_DEFAULT_MONTHS = 12;
/** Bounds of a card staff issue, in euros. */
export const GIFT_CARD_MAX_EUROS = 1000;

/** A card's state as staff see it. */
export type GiftCardStatus = 'active' | 'used' | 'expired';
