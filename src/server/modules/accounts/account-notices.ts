// Telling the owner of each change that keeps access to their account (decision 237): an e-mail queued through the
// outbox in the change's own transaction, to the account's address (the old one when the address itself changed).
// The caller wakes the mail worker after commit (outbox `notifyMailQueued`).
import { formatShopDateTime } from '#shared/dates';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { accountChangeMail, enqueueMail, linkBase, type AccountChangeKind } from '../outbox';
import { findUserById } from './accounts.queries';

/** Where the account's sessions are listed: the profile's "Seancat aktive". */
export const SESSIONS_PATH = '/profile#sessions-title';

export async function queueAccountNotice(
  trx: DB,
  deps: Pick<AppDeps, 'config'>,
  userId: number,
  kind: AccountChangeKind,
  opts: { to?: string; now?: Date } = {},
): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) return;
  const now = opts.now ?? new Date();
  const mail = accountChangeMail({
    kind,
    firstName: user.first_name ?? '',
    when: formatShopDateTime(now.toISOString()),
    sessionsUrl: `${linkBase(deps.config)}${SESSIONS_PATH}`,
  });
  await enqueueMail(trx, { kind, to: opts.to ?? user.email, ...mail }, now);
}
