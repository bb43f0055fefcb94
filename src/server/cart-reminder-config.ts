// Forgotten-cart reminders' settings (decision 275), parsed with the rest of the environment by config.ts:
// CART_REMINDER_AFTER_HOURS, CART_REMINDER_SECOND_AFTER_HOURS, CART_REMINDER_HOURS, CART_REMINDER_SCHEDULE,
// CART_RECOVERY_DAYS, CART_RESTORE_LINK_DAYS.
import { z } from 'zod';

const count = (n: number, unit: string) => `${n} ${n === 1 ? unit.slice(0, -1) : unit}`;
const whole = (min: number, max: number, unit: string) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${count(min, unit)}`)
    .max(max, `must be at most ${count(max, unit)}`);

export const cartReminderEnv = {
  // Hours a cart with items waits untouched before its reminder (0 = no reminders at all).
  CART_REMINDER_AFTER_HOURS: whole(0, 168, 'hours').default(4),
  // Hours after the first reminder that the second goes (0 = one reminder only).
  CART_REMINDER_SECOND_AFTER_HOURS: whole(0, 336, 'hours').default(24),
  // Shop-time hours in which reminders are queued, "from-to" (to excluded): none at night.
  CART_REMINDER_HOURS: z
    .string()
    .regex(/^([01]?\d|2[0-3])-([01]?\d|2[0-4])$/, 'use two shop-time hours such as 08-21')
    .refine((v) => {
      const [from, to] = v.split('-').map(Number);
      return from! < to!;
    }, 'the first hour must come before the second, e.g. 08-21')
    .default('08-21'),
  // How often the job looks for due carts: a five-field cron expression (six with seconds first), shop time.
  CART_REMINDER_SCHEDULE: z
    .string()
    .regex(/^\S+(?:\s+\S+){4,5}$/, 'use a five-field cron expression such as */10 * * * *')
    .default('*/10 * * * *'),
  // Days after a reminder in which an order from the cart's owner counts as recovered.
  CART_RECOVERY_DAYS: whole(1, 60, 'days').default(7),
  // Days the reminder's restore link works after it is sent.
  CART_RESTORE_LINK_DAYS: whole(1, 60, 'days').default(14),
};

export interface CartReminderConfig {
  afterHours: number;
  secondAfterHours: number;
  /** Shop-time hours [from, to) in which reminders are queued. */
  fromHour: number;
  toHour: number;
  schedule: string;
  recoveryDays: number;
  restoreLinkDays: number;
}

/** The settings when the configuration names none (tests): the defaults above. */
export const DEFAULT_CART_REMINDERS: CartReminderConfig = {
  afterHours: 4,
  secondAfterHours: 24,
  fromHour: 8,
  toHour: 21,
  schedule: '*/10 * * * *',
  recoveryDays: 7,
  restoreLinkDays: 14,
};

type Parsed = { [K in keyof typeof cartReminderEnv]: z.infer<(typeof cartReminderEnv)[K]> };

export function cartRemindersFromEnv(env: Parsed): CartReminderConfig {
  const [fromHour, toHour] = env.CART_REMINDER_HOURS.split('-').map(Number) as [number, number];
  return {
    afterHours: env.CART_REMINDER_AFTER_HOURS,
    secondAfterHours: env.CART_REMINDER_SECOND_AFTER_HOURS,
    fromHour,
    toHour,
    schedule: env.CART_REMINDER_SCHEDULE,
    recoveryDays: env.CART_RECOVERY_DAYS,
    restoreLinkDays: env.CART_RESTORE_LINK_DAYS,
  };
}
