// The cart: the server cart of a signed-in shopper, and forgotten carts' reminders (decision 275).
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { clearOrderedLines } from './cart.service';
export { cartOrdered } from './cart-reminders.service';
export { runCartReminders, scheduleCartReminders } from './cart-reminders.job';
export { forgottenCartFigures } from './cart-reminders.reports';
