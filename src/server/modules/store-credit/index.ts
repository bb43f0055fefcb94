// Store credit (issue 37, decision 271): owner of store_credit_entries, the ledger whose sum is a customer's balance.
// Its one public entry (docs/architecture.md rule 9): returns records a refund as credit with addCreditEntry in its own
// transaction (checkout's hold and release will too). Its door (store-credit.operations.ts) is mounted by the
// composition root, not exported here.
export { addCreditEntry, creditBalance, creditHistory, type CreditEntry } from './store-credit.service';
