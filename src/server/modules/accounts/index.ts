// The accounts: sign-up and profile, passwords, sessions and tokens, the caller (Actor) and role guards, and the
// administrators' screen of accounts (users-admin.*). Owner of the users and roles tables.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { contactDetails, displayNames, reminderRecipients } from './accounts.service';
export { actorFromToken } from './actor';
export { hashPassword, verifyPassword } from './passwords';
export { rekeyAccounts, type Rekeyed } from './rekey';
export { actsAsStaff, requireActor, requireRole } from './roles';
export { startSession } from './sessions';
export { requireFreshProof } from './step-up';
export { bearerToken, signAccessToken, type Actor } from './tokens';
