// Checkout, quote and promo input schemas, shared by the checkout overlay and the server (and the old payload's).
import { z } from 'zod';
import { normaliseGiftCode } from '../gift-cards';
import { giftCardMessages } from '../messages/gift-cards';
import { messages } from '../messages';
import { cartMessages } from '../messages/cart';
import { accountMessages } from '../messages/account';
import { checkoutMessages } from '../messages/checkout';
import { idSchema } from './numbers';
import { personName, phoneField } from './person';

/** Most units of one variant a single order may take, all its lines together (a boutique, not a wholesaler). */
export const MAX_LINE_QUANTITY = 99;
/** Most lines one order may carry (so at most this many distinct variants; decision 205). */
export const MAX_ORDER_LINES = 50;
/** Most lines a cart quote or a cart merge may carry: a cart may hold more than one order takes. */
export const MAX_CART_LINES = 100;

const m = checkoutMessages.checkout;
const required = messages.common.required;

const requiredText = (max: number) => z.string({ message: required }).trim().min(1, required).max(max, m.tooLong);

const id = (message: string) => idSchema(message);

/**
 * The postal code: trimmed, at most 20 characters, '' allowed by the schema; the server requires it where the
 * country uses one (countries.postal_code_optional = 0; Kosovo has none in daily use: decision 215).
 */
export const optionalZipCode = z.string().trim().max(20, m.tooLong).optional().default('');

export const quantitySchema = z
  .number({ message: m.invalidQuantity })
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY, m.invalidQuantity);

/** A gift card's code as typed (decision 274): at most 40 characters with dashes and spaces; normalised here. */
export const giftCardCodeSchema = z
  .string({ message: giftCardMessages.codeRequired })
  .trim()
  .min(1, giftCardMessages.codeRequired)
  .max(40, giftCardMessages.codeInvalid)
  .transform(normaliseGiftCode);

export const promoCodeSchema = z
  .string({ message: checkoutMessages.promo.enterCode })
  .trim()
  .max(64, checkoutMessages.promo.expired);

/**
 * The e-mail of an order: optional for every order, a shopper's included (issue 35, decision 252: cash on delivery
 * needs a phone, not a mailbox); '', null or left out all give '', and one that is given must be an address. With
 * none, no confirmation is e-mailed and the order is tracked by its phone.
 */
const optionalEmail = z
  .string({ message: m.invalidEmail })
  .trim()
  .max(254, m.tooLong)
  .refine((v) => v === '' || z.string().email().safeParse(v).success, m.invalidEmail)
  .nullish()
  .transform((v) => v ?? '');

/** The checkout overlay's form (spec field names). */
export const CustomerDetailsInput = z.object(
  {
    email: optionalEmail,
    firstName: personName(100, required, accountMessages.account.firstNameCapital, m.tooLong),
    lastName: personName(100, required, accountMessages.account.lastNameCapital, m.tooLong),
    phoneNumber: phoneField(required, accountMessages.account.invalidPhone),
    countryID: id(m.chooseCountryRequired),
    city: requiredText(100),
    address: requiredText(200),
    zipCode: optionalZipCode,
    guestId: z.string().trim().max(64).nullish(),
  },
  { message: messages.common.invalidInput },
);
export type CustomerDetailsInput = z.infer<typeof CustomerDetailsInput>;

/** One cart line as the client sends it; only the variant id and quantity are trusted. */
export const CheckoutItemInput = z.object({
  productVariantId: id(cartMessages.cart.unknownVariant),
  quantity: quantitySchema,
  productName: z.unknown().optional(),
  productPrice: z.unknown().optional(),
  size: z.unknown().optional(),
  color: z.unknown().optional(),
  imageUrl: z.unknown().optional(),
});
export type CheckoutItemInput = z.infer<typeof CheckoutItemInput>;

/**
 * The order's lines whose variant, summed over all its lines, asks for more than MAX_LINE_QUANTITY units: one field
 * key per such variant, on its first line (`N.quantity`), as the stock refusal names it (decision 205).
 */
export function overQuantityLines(items: ReadonlyArray<{ productVariantId: number; quantity: number }>): number[] {
  const total = new Map<number, { first: number; units: number }>();
  items.forEach((item, i) => {
    const seen = total.get(item.productVariantId);
    if (seen) seen.units += item.quantity;
    else total.set(item.productVariantId, { first: i, units: item.quantity });
  });
  return [...total.values()].filter((v) => v.units > MAX_LINE_QUANTITY).map((v) => v.first);
}

/**
 * The refinement every list of order lines carries (checkout, manual orders, the staff's order edit): a variant over
 * MAX_LINE_QUANTITY summed over its lines is an issue on its first line's quantity.
 */
export function refineVariantTotals(
  items: ReadonlyArray<{ productVariantId: number; quantity: number }>,
  ctx: z.RefinementCtx,
): void {
  for (const i of overQuantityLines(items))
    ctx.addIssue({ code: 'custom', path: [i, 'quantity'], message: m.variantTotalTooMany });
}

const cartItems = z
  .array(CheckoutItemInput, { message: m.emptyCart })
  .min(1, m.emptyCart)
  .max(MAX_ORDER_LINES, m.tooManyLines)
  .superRefine(refineVariantTotals);

const idempotencyKey = z
  .string()
  .trim()
  .min(8, m.badIdempotencyKey)
  .max(128, m.badIdempotencyKey)
  .regex(/^[A-Za-z0-9_.:-]+$/, m.badIdempotencyKey);

/**
 * POST /api/orders/checkout, checkout.placeOrder and orders.placeManual: the spec's payload (the e-mail may stay empty
 * on every door since decision 252; the door still tells staff's manual order apart, for who placed it).
 */
export const PlaceOrderInput = z.object(
  {
    customerDetails: CustomerDetailsInput,
    cartItems,
    promoCode: promoCodeSchema.nullish(),
    idempotencyKey: idempotencyKey.nullish(),
    /** Pay what the shopper's store credit covers (signed-in shoppers only; decision 273). */
    useStoreCredit: z.boolean({ message: messages.common.invalidInput }).optional(),
    /** A gift card's code (anyone; decision 274): the server prices what it pays. */
    giftCardCode: giftCardCodeSchema.nullish(),
  },
  { message: messages.common.invalidInput },
);
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

/** The old /checkout screen's customer details: fewer fields, no names (the screen itself is gone: decision 215). */
const LegacyCheckoutForm = z.object(
  {
    email: z.string({ message: required }).trim().min(1, required).max(254, m.tooLong).email(m.invalidEmail),
    address: requiredText(200),
    city: requiredText(100),
    zipCode: optionalZipCode,
    phoneNumber: phoneField(required, accountMessages.account.invalidPhone),
    countryID: id(m.chooseCountryRequired),
  },
  { message: messages.common.invalidInput },
);

/** The old screen's payload: customerDetails {email, address, city, zipCode, countryID, userID}, discountID null;
 *  plus the guest id, so a guest can read their own confirmation back (docs/decisions/070). */
export const LegacyPlaceOrderInput = z.object(
  {
    customerDetails: LegacyCheckoutForm.extend({
      // The old screen sends no phone; one that is sent follows the one phone rule.
      phoneNumber: z
        .union([z.literal(''), phoneField(required, accountMessages.account.invalidPhone)])
        .optional()
        .default(''),
      userID: z.unknown().optional(),
      guestId: z.string().trim().max(64).nullish(),
    }),
    cartItems,
    discountID: z.null().optional(),
    idempotencyKey: idempotencyKey.nullish(),
  },
  { message: messages.common.invalidInput },
);
export type LegacyPlaceOrderInput = z.infer<typeof LegacyPlaceOrderInput>;

/** checkout.quote: the totals the overlay shows, computed by the server. */
export const QuoteInput = z.object({
  items: z
    .array(z.object({ productVariantId: id(cartMessages.cart.unknownVariant), quantity: quantitySchema }))
    .max(MAX_CART_LINES, m.tooManyLines),
  countryID: id(m.chooseCountryRequired).nullish(),
  promoCode: promoCodeSchema.nullish(),
});
export type QuoteInput = z.infer<typeof QuoteInput>;

/** GET /api/Promo/validate?code= and checkout.validatePromo. */
export const ValidatePromoInput = z.object({
  code: z
    .string({ message: checkoutMessages.promo.enterCode })
    .trim()
    .min(1, checkoutMessages.promo.enterCode)
    .max(64, checkoutMessages.promo.expired),
});
export type ValidatePromoInput = z.infer<typeof ValidatePromoInput>;

/** checkout.order: the confirmation page's read (guests prove ownership with their guest id). */
export const OrderConfirmationInput = z.object({
  orderId: id(messages.common.invalidId),
  guestId: z.string().trim().max(64).nullish(),
});
export type OrderConfirmationInput = z.infer<typeof OrderConfirmationInput>;
