// The root tRPC router: one sub-router per domain module.
import { accountsRouter } from '../modules/accounts/accounts.trpc';
import { cartRouter } from '../modules/cart/cart.trpc';
import { catalogAdminRouter } from '../modules/catalog-admin/catalog-admin.trpc';
import { catalogRouter } from '../modules/catalog/catalog.trpc';
import { checkoutRouter } from '../modules/checkout/checkout.trpc';
import { contactRouter } from '../modules/contact/contact.trpc';
import { mailRouter } from '../modules/mail/outbox-admin.trpc';
import { discountsRouter } from '../modules/discounts/discounts.trpc';
import { myOrdersRouter } from '../modules/my-orders/my-orders.trpc';
import { ordersRouter } from '../modules/orders/orders.trpc';
import { overviewRouter } from '../modules/overview/overview.trpc';
import { usersRouter } from '../modules/users/users.trpc';
import { wishlistRouter } from '../modules/wishlist/wishlist.trpc';
import { router } from './init';

export const appRouter = router({
  catalog: catalogRouter,
  contact: contactRouter,
  accounts: accountsRouter,
  wishlist: wishlistRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  catalogAdmin: catalogAdminRouter,
  discounts: discountsRouter,
  orders: ordersRouter,
  myOrders: myOrdersRouter,
  users: usersRouter,
  overview: overviewRouter,
  mail: mailRouter,
});

export type AppRouter = typeof appRouter;
