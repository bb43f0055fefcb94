// The customers list (decision 256): owns no table; it reads the orders' buyers rollup and the returns' counts.
// Its one public entry (docs/architecture.md rule 9); its door (customers.operations.ts) is mounted by the
// composition root.
export { pageCustomers } from './customers.service';
