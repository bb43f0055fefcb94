// Moving the accounts from one server secret to another (decision 236), inside the caller's transaction: every
// stored TOTP secret is decrypted under the old TOTP key and encrypted under the new one (second factors keep
// working), and every login (refresh-token family) is ended, since whoever held the old secret could have minted
// access for any of them. Used once, when a shop's old generated secret leaves the database for good.
import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ServerKeys } from '#server/keys';
import { revokeEveryRefreshToken } from './accounts.queries';
import { decryptSecret, encryptSecret } from './totp-crypto';
import { allTotpSecrets, replaceTotpCiphertext } from './totp.queries';

export interface Rekeyed {
  /** TOTP secrets now encrypted under the new key. */
  secondFactors: number;
  /** TOTP secrets that decrypt under neither key (left as they were: an administrator resets them). */
  unreadable: number;
  /** Refresh tokens revoked (every session ended). */
  tokensRevoked: number;
}

export async function rekeyAccounts(
  trx: Transaction<Database>,
  from: ServerKeys['totp'],
  to: ServerKeys['totp'],
  nowIso: string,
): Promise<Rekeyed> {
  let secondFactors = 0;
  let unreadable = 0;
  for (const row of await allTotpSecrets(trx)) {
    const plain = decryptSecret(from, row.user_id, row.secret_enc);
    if (plain === null) {
      if (decryptSecret(to, row.user_id, row.secret_enc) === null) unreadable++;
      continue;
    }
    await replaceTotpCiphertext(trx, row.user_id, row.secret_enc, encryptSecret(to, row.user_id, plain));
    secondFactors++;
  }
  return { secondFactors, unreadable, tokensRevoked: await revokeEveryRefreshToken(trx, nowIso) };
}
