// "Kartë dhuratë" at checkout (decision 274): a code field with its Apply button, loaded lazily when the overlay opens
// (its own chunk: nothing of it is in the storefront's first load). Apply checks the code (rate-limited on the
// server) and shows what the card can pay; the order sends the code and the server prices it under the card's lock.
import { useState } from 'react';
import { fill } from '#shared/messages';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import { formatDate } from '#shared/dates';
import { centsToEuros, eurosToCents, formatEuro } from '#shared/money';
import { readError } from '#client/lib/api-error';
import { trpcClient } from '#client/lib/trpc';

export interface AppliedGiftCard {
  /** The code as typed (the server normalises it). */
  code: string;
  last4: string;
  balance: number;
  expiresOn: string | null;
}

interface Props {
  idBase: string;
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
  /** The order's total with shipping (null before the quote): what the card would pay of it is shown. */
  total: number | null;
}

export default function GiftCardField({ idBase, applied, onApplied, total }: Props) {
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const apply = async () => {
    if (!code.trim()) return setError(g.codeRequired);
    setChecking(true);
    try {
      const card = await trpcClient.giftCards.check.mutate({ code });
      setError(null);
      onApplied({ code: code.trim(), ...card });
    } catch (err) {
      const e = readError(err, g.codeInvalid);
      setError(e.status === 429 ? g.tooManyChecks : (e.fieldErrors?.code?.[0] ?? e.message));
      onApplied(null);
    } finally {
      setChecking(false);
    }
  };
  const pays =
    applied && total !== null ? centsToEuros(Math.min(eurosToCents(applied.balance), eurosToCents(total))) : null;
  const msgId = `${idBase}-gift-msg`;
  return (
    <div className="promo checkout-gift" data-testid="checkout-gift-card">
      <label className="field__label" htmlFor={`${idBase}-gift`}>
        {g.field}
      </label>
      <div className="promo__row">
        <input
          id={`${idBase}-gift`}
          className="field__control"
          name="giftCardCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
            if (applied) onApplied(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          aria-describedby={error || applied ? msgId : undefined}
          aria-invalid={error ? true : undefined}
        />
        <button
          type="button"
          className="button button--ghost promo__apply"
          onClick={() => void apply()}
          disabled={checking}
          data-testid="gift-card-apply"
        >
          {checking ? g.checking : g.apply}
        </button>
      </div>
      {error && (
        <p id={msgId} className="promo__msg promo__msg--error" role="alert">
          {error}
        </p>
      )}
      {applied && (
        <p id={msgId} className="promo__msg promo__msg--ok" role="status" data-testid="gift-card-applied">
          {fill(g.balance, { last4: applied.last4, amount: formatEuro(applied.balance) })}
          {applied.expiresOn ? ` · ${fill(g.expiresOn, { date: formatDate(applied.expiresOn) })}` : ''}
          {pays !== null ? ` · ${fill(g.willPay, { amount: formatEuro(pays) })}` : ''}
        </p>
      )}
    </div>
  );
}
