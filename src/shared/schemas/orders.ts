// Zod inputs for the dashboard order screens, shared by client and server.
import { z } from 'zod';
import { messages } from '../messages';
import { cartMessages } from '../messages/cart';
import { idSchema, moneySchema } from './numbers';
import { MAX_ORDER_LINES, optionalZipCode, quantitySchema, refineVariantTotals } from './checkout';
import { pagingFields } from './paging';
import { dateField } from './discounts';
import { staffMessages } from '../messages-staff';
import type { OrderStage, OrderStatus } from '../dto/orders';

export const ORDER_STATES = ['pending', 'delivered', 'cancelled', 'returned'] as const satisfies readonly OrderStatus[];

const id = idSchema();

export const OrderIdInput = z.object({ id });
export type OrderIdInput = z.infer<typeof OrderIdInput>;

/** PUT /api/Orders/{id}/Deposit: the deposit received by bank transfer, as staff type it ("10", "9,90"; decision 277). */
export const OrderDepositInput = z.object({
  id,
  amount: moneySchema(staffMessages.codRisk.depositRequired, staffMessages.codRisk.depositInvalid),
});
export type OrderDepositInput = z.infer<typeof OrderDepositInput>;

/**
 * GET /api/Orders?status=pending (or delivered, cancelled, returned): an optional state filter; anything else is a 400.
 * Plus the paging fields (page, pageSize, q: decision 134).
 */
export const ListOrdersInput = z
  .object({
    status: z.enum(ORDER_STATES, { message: messages.common.invalidInput }).optional(),
    // A stage of live pending orders (decision 229); a stage implies Në pritje.
    stage: z.enum(['new', 'confirmed', 'packed', 'shipped'], { message: messages.common.invalidInput }).optional(),
    ...pagingFields,
  })
  .default({});
export type ListOrdersInput = z.infer<typeof ListOrdersInput>;

/** GET /api/Orders/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&status=…: shop-time days, both inclusive, all optional. */
export const ExportOrdersInput = z
  .object({
    from: dateField.optional(),
    to: dateField.optional(),
    status: z.enum(ORDER_STATES, { message: messages.common.invalidInput }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: staffMessages.orderLifecycle.exportRange,
    path: ['to'],
  });
export type ExportOrdersInput = z.infer<typeof ExportOrdersInput>;

/** The print view (slips and packing list): up to 200 orders, in the order given. */
import { PRINT_MAX_ORDERS } from '../limits';
import { checkoutMessages } from '../messages/checkout';
export const PrintOrdersInput = z.object({
  ids: z
    .array(id)
    .min(1, { message: staffMessages.orderLifecycle.printNone })
    .max(PRINT_MAX_ORDERS, { message: staffMessages.orderLifecycle.printTooMany })
    .transform((ids) => [...new Set(ids)]),
});
export type PrintOrdersInput = z.infer<typeof PrintOrdersInput>;

// Order stages, notes, couriers, line edits and the courier hand-off (issue 27, decision 229).
const st = staffMessages.orderStages;

/** The stages a live pending order passes through, in order. */
export const ORDER_STAGES = ['new', 'confirmed', 'packed', 'shipped'] as const satisfies readonly OrderStage[];

/** A tracking number: letters, digits and - _ . / only (no markup), 3 to 60 characters. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]{2,59}$/;

export const ShipOrderInput = z.object({
  id,
  courierId: idSchema(st.chooseCourier),
  // Taken as staff copy it from the courier's label, "PE 123 456 789 XK": the spaces go (issue 35).
  trackingNumber: z
    .string({ message: st.trackingRequired })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, st.trackingRequired).regex(TRACKING_NUMBER, st.trackingInvalid)),
});
export type ShipOrderInput = z.infer<typeof ShipOrderInput>;

export const NOTE_MAX = 1000;
export const OrderNoteInput = z.object({
  id,
  body: z.string({ message: st.noteRequired }).trim().min(1, st.noteRequired).max(NOTE_MAX, st.noteTooLong),
});
export type OrderNoteInput = z.infer<typeof OrderNoteInput>;

/** https://… with {tracking} where the number goes; no spaces, quotes or angle brackets. */
const TRACKING_PATTERN = /^https:\/\/[^\s"'<>]+$/;
export const CourierInput = z.object({
  name: z.string({ message: messages.common.required }).trim().min(1, messages.common.required).max(60),
  trackingUrlPattern: z
    .string()
    .trim()
    .max(300, st.courierPatternInvalid)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || (TRACKING_PATTERN.test(v) && v.includes('{tracking}')), st.courierPatternInvalid),
});
export type CourierInput = z.infer<typeof CourierInput>;
export const UpdateCourierInput = CourierInput.extend({ courierId: id });
export type UpdateCourierInput = z.infer<typeof UpdateCourierInput>;
export const CourierIdInput = z.object({ courierId: id });
export type CourierIdInput = z.infer<typeof CourierIdInput>;

/** The courier's page for one parcel: the pattern with {tracking} replaced (URL-encoded). */
export const trackingUrlOf = (pattern: string | null, tracking: string): string | null =>
  pattern ? pattern.split('{tracking}').join(encodeURIComponent(tracking)) : null;

/** The courier hand-off CSV of the selected orders (same bound and order as the print view). */
export const CourierCsvInput = z.object({ ids: PrintOrdersInput.shape.ids });

/**
 * A pending order's edit (decision 229): the lines it should have (variant and quantity; a variant left out is
 * removed) and, optionally, the delivery address. The server keeps the price paid on lines it already had, prices
 * added ones at today's price, moves the stock and recomputes the totals.
 */
export const EditOrderInput = z.object({
  id,
  lines: z
    .array(z.object({ productVariantId: idSchema(cartMessages.cart.unknownVariant), quantity: quantitySchema }))
    .min(1, st.editNoLines)
    .max(MAX_ORDER_LINES, checkoutMessages.checkout.tooManyLines)
    .superRefine(refineVariantTotals),
  address: z
    .object({
      address: z.string({ message: messages.common.required }).trim().min(1, messages.common.required).max(200),
      city: z.string({ message: messages.common.required }).trim().min(1, messages.common.required).max(100),
      zipCode: optionalZipCode,
      countryID: idSchema(checkoutMessages.checkout.chooseCountryRequired),
    })
    .optional(),
});
export type EditOrderInput = z.infer<typeof EditOrderInput>;
