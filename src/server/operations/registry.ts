// Every module's declared operations (decision 211), by the tRPC router name they are served under. The tRPC router
// (trpc/root.ts), the REST routes (rest-door.ts), /api/openapi.json (openapi.ts) and the doors test all walk this
// one table; a module's operations file is its only door.
import { accountsOperations } from '../modules/accounts/accounts.operations';
import { auditOperations } from '../modules/audit/audit.operations';
import { addressesOperations } from '../modules/addresses/addresses.operations';
import { cartOperations } from '../modules/cart/cart.operations';
import { cartRemindersOperations } from '../modules/cart/cart-reminders.operations';
import { backInStockOperations } from '../modules/catalog/back-in-stock/back-in-stock.operations';
import { catalogAdminOperations } from '../modules/catalog/admin/catalog-admin.operations';
import { catalogOperations } from '../modules/catalog/catalog.operations';
import { checkoutOperations } from '../modules/checkout/checkout.operations';
import { codRiskOperations } from '../modules/cod-risk/cod-risk.operations';
import { contactOperations } from '../modules/contact/contact.operations';
import { customersOperations } from '../modules/customers/customers.operations';
import { discountsOperations } from '../modules/discounts/discounts.operations';
import { mediaOperations } from '../modules/media/media.operations';
import { myOrdersOperations } from '../modules/my-orders/my-orders.operations';
import { passkeysOperations } from '../modules/accounts/passkeys.operations';
import { ordersOperations } from '../modules/orders/orders.operations';
import { outboxOperations } from '../modules/outbox/outbox-admin.operations';
import { overviewOperations } from '../modules/overview/overview.operations';
import { reportsOperations } from '../modules/reports/reports.operations';
import { returnsOperations } from '../modules/returns/returns.operations';
import { reviewsOperations } from '../modules/reviews/reviews.operations';
import { usersOperations } from '../modules/accounts/users-admin.operations';
import { storeCreditOperations } from '../modules/store-credit/store-credit.operations';
import { giftCardOperations } from '../modules/gift-cards/gift-cards.operations';
import { secondFactorOperations } from '../modules/accounts/second-factor.operations';
import { wishlistOperations } from '../modules/wishlist/wishlist.operations';
import type { AnyOperation } from './define';

export const operationGroups = {
  catalog: catalogOperations,
  contact: contactOperations,
  accounts: accountsOperations,
  addresses: addressesOperations,
  wishlist: wishlistOperations,
  cart: cartOperations,
  cartReminders: cartRemindersOperations,
  checkout: checkoutOperations,
  catalogAdmin: catalogAdminOperations,
  discounts: discountsOperations,
  orders: ordersOperations,
  myOrders: myOrdersOperations,
  users: usersOperations,
  customers: customersOperations,
  overview: overviewOperations,
  reports: reportsOperations,
  outbox: outboxOperations,
  media: mediaOperations,
  secondFactor: secondFactorOperations,
  passkeys: passkeysOperations,
  audit: auditOperations,
  backInStock: backInStockOperations,
  returns: returnsOperations,
  reviews: reviewsOperations,
  codRisk: codRiskOperations,
  storeCredit: storeCreditOperations,
  giftCards: giftCardOperations,
};

export interface DeclaredOperation {
  /** The tRPC path: 'accounts.login' (REST-only operations are named the same way, for the OpenAPI document). */
  path: string;
  op: AnyOperation;
}

/** Every declaration with its tRPC path, in declaration order. */
export function declaredOperations(): DeclaredOperation[] {
  return Object.entries(operationGroups).flatMap(([group, ops]) =>
    Object.entries(ops as Record<string, AnyOperation>).map(([name, op]) => ({ path: `${group}.${name}`, op })),
  );
}
