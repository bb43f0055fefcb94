// Runs before every server test file (vitest setupFiles in vitest.config.ts, vitest.pg.config.ts and
// vitest.thorough.config.ts): what the suites ask of the shop that the shop itself does not.
import { afterAll } from 'vitest';
import { requireAuditContext } from '../modules/audit';
import { removeTestFolders } from './db';
import { stopRenderWorker } from '../workers/render-pool';

// A staff write outside a door's request context fails the test instead of writing an unattributed audit row.
requireAuditContext();

// The file's test folders go when it ends (its own afterAll hooks, which close its databases and servers, run first).
afterAll(removeTestFolders);

// A render worker a file's pages started stops with the file (decision 288): an idle worker ending during a later
// file's timing test would count its CPU in that file's process-wide measure (testing/loop-holds.ts).
afterAll(stopRenderWorker);
