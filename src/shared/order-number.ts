// The one order number (decision 221): "#000123" wherever a person reads it (dashboard lists and details, slips,
// e-mails, confirmation, my orders, order status, CSV, toasts). The barcode encodes its digits ("000123").
import { parseId } from './schemas/numbers';

/** Digits an order number is padded to; larger ids simply print longer ("#1234567"). */
export const ORDER_NUMBER_DIGITS = 6;

/** The digits of the number, zero-padded ("000123"): what the slip's barcode encodes. */
export const orderNumberDigits = (orderId: number): string => String(orderId).padStart(ORDER_NUMBER_DIGITS, '0');

/** The order number a shopper quotes and staff see: "#000123". */
export const orderNumberOf = (orderId: number): string => `#${orderNumberDigits(orderId)}`;

/**
 * The order id from a number as people type it: the id (123), the printed form ("#000123", "000123") or the same
 * with spaces around or after the "#". Anything else is null.
 */
export function parseOrderNumber(value: unknown): number | null {
  if (typeof value === 'number') return parseId(value);
  if (typeof value !== 'string') return null;
  const digits = /^\s*#?\s*(\d{1,10})\s*$/.exec(value)?.[1];
  return digits ? parseId(digits.replace(/^0+(?=\d)/, '')) : null;
}
