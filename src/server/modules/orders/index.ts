// The orders: owner of the orders and order_details tables (records, confirmation, lifecycle, lists, export).
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { orderForCaller } from './guest-proof';
export {
  bestSellers,
  ordersBetween,
  ordersPerDay,
  pendingOrderCount,
  promoUseCounts,
  type DayRange,
} from './order-figures.service';
export {
  buyerNames,
  countUserOrders,
  linesOf,
  loadConfirmation,
  orderBuyer,
  ordersWithAccount,
  orderDelivery,
  orderIdForKey,
  orderLineCounts,
  paidLineDto,
  promoUsesByContact,
  recordOrder,
  recordOrderLines,
  shopperOrderById,
  shipmentOf,
  shownStatus,
  userOrders,
  type MyOrderRow,
  type OrderBuyer,
} from './order-records.service';
export {
  figuresPerDayPart,
  lineSales,
  outcomeRates,
  outcomesBetween,
  outcomesByPlace,
  refusalsByBuyer,
  type NamedSales,
  type Outcomes,
  type ProductSales,
} from './order-reports.service';
export { BUYER_QUEUE_TABLE } from './buyer-queue';
export {
  orderIdsOfBuyers,
  pageBuyers,
  rebuildBuyers,
  rebuildBuyersInSlices,
  settleBuyers,
  settleBuyersAtStart,
} from './buyers.service';
export {
  checkOrderRollups,
  checkOrderRollupsInSlices,
  ORDER_ROLLUP_TABLES,
  rebuildOrderRollups,
} from './order-rollups.service';
export { buyerHistory } from './order-risk.service';
export { cancelOrder, getOrder, orderAuditState, pageOrders } from './orders.service';
export { ordersCsvStream } from './orders-export.service';
export { claimOrderForEdit, saveOrderEdit, type EditedTotals } from './order-edits.service';
export {
  lockOrderRow,
  orderLinesByIds,
  recordOrderEvent,
  unitsSoldSince,
  type OrderLineFact,
} from './return-facts.service';
