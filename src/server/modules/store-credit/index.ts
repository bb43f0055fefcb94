// Store credit (issue 37, decision 271): owner of store_credit_entries, the ledger whose sum is a customer's balance.
// Its one public entry (docs/architecture.md rule 9): returns records a refund as credit with addCreditEntry in its own
// transaction; checkout spends with lockedCreditBalance + addCreditEntry in the order's transaction, and orders give
// it back with releaseOrderCredit when the order is cancelled or refused (decision 273). Its door
// (store-credit.operations.ts) is mounted by the composition root, not exported here.
// creditBalance (and the CreditEntry type) are in store-credit.service.ts; export them here when a module needs them
// (knip refuses an export no one imports).
export {
  addCreditEntry,
  creditHistory,
  creditSpentOnOrders,
  lockedCreditBalance,
  releaseOrderCredit,
} from './store-credit.service';
