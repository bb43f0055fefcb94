// The checkout: quotes, promo validation and placing orders (shoppers, legacy form, staff manual orders).
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { placeManualOrder, placeOrder } from './checkout.service';
export { editOrder } from './order-edit.service';
