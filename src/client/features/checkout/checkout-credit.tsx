// "Përdor kredinë në dyqan (X €)": a signed-in shopper with a balance may pay part of the order with her store credit
// (decision 273). The server decides what it covers (min(balance, total with shipping), under a lock); the overlay
// shows the same estimate from the quote and the balance read from storeCredit.mine.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import { amountToPay, centsToEuros, eurosToCents, formatEuro } from '#shared/money';
import { trpc } from '#client/lib/trpc';

const m = checkoutMessages.checkout;

export interface StoreCreditChoice {
  /** The shopper's balance in euros (0 for a guest or while it loads). */
  balance: number;
  checked: boolean;
  setChecked: (checked: boolean) => void;
}

/** The balance (read only for a signed-in shopper while the overlay is open) and whether she chose to use it. */
export function useStoreCreditChoice(open: boolean, signedIn: boolean): StoreCreditChoice {
  const [checked, setChecked] = useState(false);
  const credit = useQuery({ ...trpc.storeCredit.mine.queryOptions({ page: 1 }), enabled: open && signedIn });
  const balance = signedIn ? (credit.data?.balance ?? 0) : 0;
  return { balance, checked: checked && balance > 0, setChecked };
}

/** The checkbox, and once ticked the credit used and what is left to pay (null total: before the quote). */
export function StoreCreditBox({ choice, total }: { choice: StoreCreditChoice; total: number | null }) {
  if (choice.balance <= 0) return null;
  const used = total === null ? null : centsToEuros(Math.min(eurosToCents(choice.balance), eurosToCents(total)));
  return (
    <div className="checkout-save checkout-credit">
      <label className="checkout-save__label">
        <input
          type="checkbox"
          name="useStoreCredit"
          checked={choice.checked}
          onChange={(e) => choice.setChecked(e.target.checked)}
          data-testid="checkout-use-credit"
        />
        {fill(m.useStoreCredit, { amount: formatEuro(choice.balance) })}
      </label>
      {choice.checked && used !== null && total !== null && (
        <dl className="totals">
          <div className="totals__row totals__row--discount">
            <dt>{m.storeCreditUsed}</dt>
            <dd className="price" data-testid="quote-store-credit">
              −{formatEuro(used)}
            </dd>
          </div>
          <div className="totals__row totals__row--grand">
            <dt>{m.toPay}</dt>
            <dd className="price" data-testid="quote-to-pay">
              {formatEuro(amountToPay(total, used))}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
