// Returns and exchanges (issue 26, decision 235): owner of return_requests and return_request_lines.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its door (returns.operations.ts) is mounted by the composition root, not exported here.
export {
  refundCentsBetween,
  refundCentsPerRange,
  returnedUnitsPerOrder,
  returnFigures,
} from './returns-figures.service';
export { returnPolicy } from './returns.service';
