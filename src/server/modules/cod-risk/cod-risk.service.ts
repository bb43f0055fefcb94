// Refusal risk for cash on delivery (issue 37, decision 272): the shop's rule (from how many refusals at the door a
// buyer's order is confirmed by phone before packing) and the phones staff block. A blocked phone's checkout is not
// refused: checkout asks `isPhoneBlocked` and holds the order for staff. The buyers' figures are the orders module's.
import type { BlockedPhoneDto, RefusalRuleDto } from '#shared/dto/cod-risk';
import { staffMessages } from '#shared/messages-staff';
import { formatPhone, storedPhone } from '#shared/phone';
import type { BlockPhoneInput, PhoneInput, RefusalRequirement, RefusalRuleInput } from '#shared/schemas/cod-risk';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { settingValue, upsertSetting } from '#server/settings.queries';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';
import * as q from './cod-risk.queries';

type Deps = Pick<AppDeps, 'db'>;
const m = staffMessages.codRisk;

const RULE_KEY = 'cod_refusal_threshold';
/** Out of the box: a buyer with two refusals is confirmed by phone before packing (issue 37's example). */
export const REFUSAL_THRESHOLD_DEFAULT = 2;

/** The shop's rule: refusals from which packing waits for "Konfirmuar"; 0 = off. */
export async function refusalThreshold(db: DB): Promise<number> {
  const raw = await settingValue(db, RULE_KEY);
  const stored = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(stored) && stored >= 0 ? stored : REFUSAL_THRESHOLD_DEFAULT;
}

/** Whether a buyer with `refusals` falls under the rule. */
export const atRisk = (refusals: number, threshold: number) => threshold > 0 && refusals >= threshold;

const REQUIREMENT_KEY = 'cod_refusal_requirement';

/** What a risky order needs before packing (decision 277): "call" (out of the box) or "deposit" as well. */
export async function refusalRequirement(db: DB): Promise<RefusalRequirement> {
  return (await settingValue(db, REQUIREMENT_KEY)) === 'deposit' ? 'deposit' : 'call';
}

export async function refusalRule(deps: Pick<Deps, 'db'>): Promise<RefusalRuleDto> {
  return { threshold: await refusalThreshold(deps.db), requirement: await refusalRequirement(deps.db) };
}

/** The rule changed by an administrator, audited as the shop's settings (entity 0, decision 228). */
export async function setRefusalRule(deps: Deps, input: RefusalRuleInput): Promise<RefusalRuleDto> {
  return deps.db.transaction().execute(async (trx) => {
    const was = await refusalRule({ db: trx });
    const now = { threshold: input.threshold, requirement: input.requirement ?? was.requirement };
    await upsertSetting(trx, RULE_KEY, String(now.threshold));
    await upsertSetting(trx, REQUIREMENT_KEY, now.requirement);
    const before = { cod_refusal_threshold: was.threshold, cod_refusal_requirement: was.requirement };
    const after = { cod_refusal_threshold: now.threshold, cod_refusal_requirement: now.requirement };
    await recordAudit(trx, { entity: 'setting', entityId: 0, action: 'update', before, after });
    return now;
  });
}

/** A phone as typed, in its stored form (Kosovo's when no country is given, decision 246). */
const stored = (phone: string) => storedPhone(phone);

/** Whether an order's phone (its stored form) is blocked. */
export async function isPhoneBlocked(db: DB, phone: string): Promise<boolean> {
  return !!phone && (await q.blockedPhone(db, phone)) !== undefined;
}

/** The blocked ones among some stored phones (a page of orders: one query). */
export async function blockedAmong(db: DB, phones: string[]): Promise<Set<string>> {
  return new Set(await q.blockedAmong(db, [...new Set(phones.filter(Boolean))]));
}

const toDto = (r: Awaited<ReturnType<typeof q.blockedPhones>>[number]): BlockedPhoneDto => ({
  phone: formatPhone(r.phone),
  note: r.note,
  blockedAt: r.blocked_at,
  blockedByUserId: r.blocked_by_user_id,
});

export async function listBlockedPhones(deps: Deps): Promise<BlockedPhoneDto[]> {
  return (await q.blockedPhones(deps.db)).map(toDto);
}

/** Blocks a phone with a note (audited); 409 when it is blocked already. */
export async function blockPhone(
  deps: Deps,
  input: BlockPhoneInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<BlockedPhoneDto> {
  const phone = stored(input.phone);
  const row = { phone, note: input.note, blocked_by_user_id: actor?.userId ?? null, blocked_at: now.toISOString() };
  await deps.db.transaction().execute(async (trx) => {
    const id = await q.insertBlockedPhone(trx, row);
    if (id === null) throw new AppError('CONFLICT', m.alreadyBlocked, { phone: [m.alreadyBlocked] });
    await recordAudit(trx, {
      entity: 'blockedPhone',
      entityId: id,
      action: 'block',
      before: null,
      after: { phone, note: input.note },
    });
  });
  return toDto({ blocked_phone_id: 0, ...row });
}

/** Unblocks a phone (audited); 404 when it is not blocked. */
export async function unblockPhone(deps: Deps, input: PhoneInput): Promise<{ phone: string }> {
  const phone = stored(input.phone);
  await deps.db.transaction().execute(async (trx) => {
    const gone = await q.deleteBlockedPhone(trx, phone);
    if (!gone) throw notFound(m.notBlocked);
    await recordAudit(trx, {
      entity: 'blockedPhone',
      entityId: gone.blocked_phone_id,
      action: 'unblock',
      before: { phone: gone.phone, note: gone.note },
      after: null,
    });
  });
  return { phone: formatPhone(phone) };
}
