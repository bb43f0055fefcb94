// The reports: the dashboard's sales reports over a chosen period (decision 230).
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.operations.ts) are mounted by the composition root, not exported here.
export { salesReport } from './reports.service';
