// Gift cards (issue 37, decision 274): administrators issue a card (value, expiry by the shop's policy, recipient,
// message); its code is shown once in the answer, e-mailed through the outbox when there is an address, and stored
// only as a keyed hash with its last four characters. A card's balance is the sum of its ledger rows (issue, spend,
// release, staff adjustment), never a stored number. Checking a code answers what it can pay, or 422 on the field.
import type { GiftCardCheckDto, GiftCardPageDto, GiftCardSummaryDto, IssuedGiftCardDto } from '#shared/dto/gift-cards';
import { addMonths, shopToday } from '#shared/dates';
import {
  formatGiftCode,
  GIFT_CARD_DEFAULT_MONTHS,
  isGiftCodeShape,
  normaliseGiftCode,
  type GiftCardStatus,
} from '#shared/gift-cards';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import { staffMessages } from '#shared/messages-staff';
import { centsToEuros, eurosToCents, formatCents } from '#shared/money';
import { fill } from '#shared/messages';
import { pageWindow } from '#shared/schemas/paging';
import type {
  AdjustGiftCardInput,
  CheckGiftCardInput,
  IssueGiftCardInput,
  ListGiftCardsInput,
} from '#shared/schemas/gift-cards';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';
import { enqueueMail, giftCardMail, notifyMailQueued, registerSecretLink } from '../outbox';
import { hashGiftCode, lastFour, newGiftCode, openGiftCode, sealGiftCode } from './gift-card-code';
import * as q from './gift-cards.queries';

type Deps = Pick<AppDeps, 'db' | 'config'>;
type Keys = AppDeps['config']['keys'];

/** The kind of the card's e-mail and of its sealed code in the outbox (decision 207). */
const MAIL_KIND = 'gift_card';

const statusOf = (balanceCents: number, expiresOn: string | null, today: string): GiftCardStatus =>
  expiresOn !== null && expiresOn < today ? 'expired' : balanceCents <= 0 ? 'used' : 'active';

function summary(r: q.CardRow, balanceCents: number, today: string): GiftCardSummaryDto {
  return {
    giftCardId: r.gift_card_id,
    last4: r.last4,
    initial: centsToEuros(r.initial_cents),
    balance: centsToEuros(balanceCents),
    expiresOn: r.expires_on,
    status: statusOf(balanceCents, r.expires_on, today),
    recipientName: r.recipient_name,
    recipientEmail: r.recipient_email,
    message: r.message,
    sourceOrderId: r.source_order_id,
    createdAt: r.created_at,
  };
}

/** What a new card is: its value, expiry, recipient, and what it came from. */
interface NewCard {
  cents: number;
  expiresOn: string | null;
  recipientName: string;
  recipientEmail: string | null;
  message: string;
  staffUserId: number | null;
  source?: { orderId: number; unit: number };
  /** A chosen code: the demo seed's only (decision 274); every other card draws its own. */
  code?: string;
}

/**
 * Writes a card and its 'issue' row in the caller's transaction and, when it has an address, queues its e-mail with
 * the code sealed for the worker. Answers the card's id and its code (normalised), or null when the source order's
 * unit already has its card (issuing is idempotent per order and unit).
 */
export async function writeCard(trx: DB, keys: Keys, card: NewCard, now: Date = new Date()) {
  const code = card.code ?? newGiftCode();
  const at = now.toISOString();
  const id = await q.insertCard(trx, {
    code_hash: hashGiftCode(keys.giftCardCode, code),
    last4: lastFour(code),
    initial_cents: card.cents,
    expires_on: card.expiresOn,
    recipient_name: card.recipientName,
    recipient_email: card.recipientEmail,
    message: card.message,
    issued_by_user_id: card.staffUserId,
    source_order_id: card.source?.orderId ?? null,
    source_unit: card.source?.unit ?? null,
    created_at: at,
  });
  if (id === null) return null;
  await q.insertEntry(trx, {
    gift_card_id: id,
    amount_cents: card.cents,
    reason: 'issue',
    order_id: card.source?.orderId ?? null,
    staff_user_id: card.staffUserId,
    created_at: at,
  });
  if (card.recipientEmail) {
    await q.setSealedCode(trx, id, sealGiftCode(keys.giftCardSeal, id, code));
    const mail = giftCardMail({ amountCents: card.cents, ...card });
    await enqueueMail(trx, { kind: MAIL_KIND, to: card.recipientEmail, ...mail, secret: { kind: MAIL_KIND, ref: id } });
  }
  return { id, code };
}

/**
 * The worker puts the card's code into its e-mail as it sends it (decision 207): the sealed copy is opened and
 * removed in one step, so after this one e-mail nothing in the database holds the code, even encrypted.
 */
registerSecretLink(MAIL_KIND, async (deps, cardId) => {
  const sealed = await q.takeSealedCode(deps.db, cardId);
  const code = sealed ? openGiftCode(deps.config.keys.giftCardSeal, cardId, sealed) : null;
  return code ? formatGiftCode(code) : null;
});

/** The expiry a new card gets: the date staff chose, none when they cleared it (null), else the shop's policy. */
function expiryOf(input: IssueGiftCardInput, today: string): string | null {
  if (input.expiresOn === null) return null;
  if (input.expiresOn === undefined) return addMonths(today, GIFT_CARD_DEFAULT_MONTHS);
  if (input.expiresOn <= today)
    throw new AppError('BAD_REQUEST', staffMessages.giftCards.expiryInvalid, {
      expiresOn: [staffMessages.giftCards.expiryInvalid],
    });
  return input.expiresOn;
}

/** POST /api/GiftCards (administrators): issues a card; its code is in this answer only. */
export async function issueGiftCard(
  deps: Deps,
  input: IssueGiftCardInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<IssuedGiftCardDto> {
  const today = shopToday(now);
  const cents = eurosToCents(input.amount);
  const expiresOn = expiryOf(input, today);
  const card = await deps.db.transaction().execute(async (trx) => {
    const written = await writeCard(
      trx,
      deps.config.keys,
      { ...input, cents, expiresOn, staffUserId: actor?.userId ?? null },
      now,
    );
    const { id } = written!;
    await recordAudit(trx, {
      entity: 'giftCard',
      entityId: id,
      action: 'issue',
      before: null,
      after: {
        initial_cents: cents,
        expires_on: expiresOn,
        recipient_name: input.recipientName,
        last4: lastFour(written!.code),
      },
    });
    return written!;
  });
  if (input.recipientEmail) notifyMailQueued();
  const row = (await q.cardById(deps.db, card.id))!;
  return { ...summary(row, cents, today), code: formatGiftCode(card.code), mailed: Boolean(input.recipientEmail) };
}

/** GET /api/GiftCards (administrators): a page of cards, newest first, with balances and states. */
export async function listGiftCards(deps: Pick<AppDeps, 'db'>, input: ListGiftCardsInput): Promise<GiftCardPageDto> {
  const { page, pageSize, offset } = pageWindow(input);
  const { rows, total } = await q.pageCards(deps.db, pageSize, offset);
  const today = shopToday();
  return { items: rows.map((r) => summary(r, Number(r.balance_cents ?? 0), today)), total, page, pageSize };
}

/**
 * POST /api/GiftCards/{giftCardId}/Adjust (administrators): a staff_adjustment row with the note, under the card's
 * lock; removing more than the balance is 409 on `amount`; audited with the balance before and after.
 */
export async function adjustGiftCard(
  deps: Pick<AppDeps, 'db'>,
  input: AdjustGiftCardInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<GiftCardSummaryDto> {
  const s = staffMessages.giftCards;
  const cents = eurosToCents(input.amount) * (input.action === 'remove' ? -1 : 1);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.cardById(trx, input.giftCardId))) throw new AppError('NOT_FOUND', s.notFound);
    await q.lockCard(trx, input.giftCardId);
    const before = await q.balanceCents(trx, input.giftCardId);
    if (before + cents < 0) {
      const message = fill(s.belowZero, { amount: formatCents(before) });
      throw new AppError('CONFLICT', message, { amount: [message] });
    }
    await q.insertEntry(trx, {
      gift_card_id: input.giftCardId,
      amount_cents: cents,
      reason: 'staff_adjustment',
      staff_user_id: actor?.userId ?? null,
      note: input.note,
      created_at: now.toISOString(),
    });
    await recordAudit(trx, {
      entity: 'giftCard',
      entityId: input.giftCardId,
      action: `adjust-${input.action}`,
      before: { balance_cents: before },
      after: { balance_cents: before + cents, note: input.note },
    });
  });
  const row = (await q.cardById(deps.db, input.giftCardId))!;
  return summary(row, await q.balanceCents(deps.db, input.giftCardId), shopToday(now));
}

const refuse = (field: string, message: string) =>
  new AppError('UNPROCESSABLE_CONTENT', message, { [field]: [message] });

/**
 * The card a code names with its balance, or the 422 on `field`: not a card (a wrong code answers like an unknown
 * one), expired, or nothing left. Under the card's lock when `trx` is a transaction that will spend it.
 */
export async function usableCard(trx: DB, keys: Keys, code: string, field: string, today: string, lock = false) {
  // Not a card's shape: no look-up at all (the same answer as an unknown code).
  const row = isGiftCodeShape(normaliseGiftCode(code))
    ? await q.cardByHash(trx, hashGiftCode(keys.giftCardCode, code))
    : undefined;
  if (!row) throw refuse(field, g.codeInvalid);
  if (row.expires_on !== null && row.expires_on < today) throw refuse(field, g.codeExpired);
  if (lock) await q.lockCard(trx, row.gift_card_id);
  const balance = await q.balanceCents(trx, row.gift_card_id);
  if (balance <= 0) throw refuse(field, g.codeEmpty);
  return { row, balance };
}

/** POST /api/gift-cards/check (anyone, rate-limited at the door): what a code can still pay. */
export async function checkGiftCard(deps: Deps, input: CheckGiftCardInput): Promise<GiftCardCheckDto> {
  const { row, balance } = await usableCard(deps.db, deps.config.keys, input.code, 'code', shopToday());
  return { last4: row.last4, balance: centsToEuros(balance), expiresOn: row.expires_on };
}
