// Runs before every server test file (vitest setupFiles in vitest.config.ts, vitest.pg.config.ts and
// vitest.thorough.config.ts): what the suites ask of the shop that the shop itself does not.
import { afterAll } from 'vitest';
import { requireAuditContext } from '../modules/audit';
import { removeTestFolders } from './db';

// A staff write outside a door's request context fails the test instead of writing an unattributed audit row.
requireAuditContext();

// The file's test folders go when it ends (its own afterAll hooks, which close its databases and servers, run first).
afterAll(removeTestFolders);
