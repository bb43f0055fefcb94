// Refusal risk for cash on delivery (decision 272): owner of the blocked_phones table and the shop's refusal rule.
// Its one public entry (docs/architecture.md rule 9); its door (cod-risk.operations.ts) is mounted by the
// composition root, not exported here.
export { atRisk, blockedAmong, isPhoneBlocked, refusalRequirement, refusalThreshold } from './cod-risk.service';
