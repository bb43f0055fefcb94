// The reports' forgotten-carts figures (decision 275): two aggregate reads by index over the period's reminders
// (cart_reminders_sent) and recoveries (cart_reminders_recovered), never over orders.
import { centsToEuros } from '#shared/money';
import type { ForgottenCartsDto } from '#shared/dto/cart-reminders';
import type { AppDeps } from '#server/deps';
import * as q from './cart-reminders.queries';
import { reminderSettings } from './cart-reminders.service';

/** Carts first reminded in [fromIso, toIso) and their value then; orders that came back after a reminder in it. */
export async function forgottenCartFigures(
  deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>,
  fromIso: string,
  toIso: string,
): Promise<ForgottenCartsDto> {
  const { sent, back } = await q.reminderFigures(deps.db, fromIso, toIso);
  return {
    carts: Number(sent.carts ?? 0),
    value: centsToEuros(Number(sent.value ?? 0)),
    reminders: Number(sent.reminders),
    recoveredOrders: Number(back.orders),
    recoveredRevenue: centsToEuros(Number(back.revenue ?? 0)),
    recoveryDays: reminderSettings(deps.config).recoveryDays,
  };
}
