// The overview: the dashboard's figures.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { overviewSummary } from './overview.service';
