// The checkout's promo code: the field with its Apply button and message, and its state (applied code, message).
import { useState } from 'react';
import type { QuoteDto } from '#shared/dto/checkout';
import { fill } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import { formatEuro } from '#shared/money';
import { readError } from '#client/lib/api-error';
import { trpcClient } from '#client/lib/trpc';

const p = checkoutMessages.promo;

export type PromoState = {
  applied: string | null;
  percent: number;
  message: string | null;
  tone: 'ok' | 'error' | null;
};

export function usePromo() {
  const [promoCode, setPromoCode] = useState('');
  const [promo, setPromo] = useState<PromoState>({ applied: null, percent: 0, message: null, tone: null });
  const [checking, setChecking] = useState(false);

  const applyPromo = async () => {
    const code = promoCode.trim();
    if (!code) {
      setPromo({ applied: null, percent: 0, message: p.enterCode, tone: 'error' });
      return;
    }
    setChecking(true);
    try {
      const res = await trpcClient.checkout.validatePromo.query({ code });
      // A fixed-amount code (decision 222) says what it takes off: "Kodi u aplikua: −5,00 €".
      if (res.discountKind === 'fixed' && res.discountAmount)
        setPromo({
          applied: res.code,
          percent: 0,
          message: fill(p.appliedAmount, { amount: formatEuro(res.discountAmount) }),
          tone: 'ok',
        });
      else if (res.discountPercentage > 0)
        setPromo({
          applied: res.code,
          percent: res.discountPercentage,
          message: fill(p.applied, { n: res.discountPercentage }),
          tone: 'ok',
        });
      else setPromo({ applied: null, percent: 0, message: p.notValid, tone: 'error' });
    } catch (err) {
      const status = readError(err, p.error).status;
      setPromo({ applied: null, percent: 0, message: status === 400 ? p.expired : p.error, tone: 'error' });
    } finally {
      setChecking(false);
    }
  };

  const onPromoChange = (value: string) => {
    setPromoCode(value);
    // Editing clears the message; a different code than the applied one must be applied again.
    setPromo((s) =>
      s.applied && value.trim().toUpperCase() === s.applied.toUpperCase()
        ? { ...s, message: s.tone === 'ok' ? s.message : null }
        : { applied: null, percent: 0, message: null, tone: null },
    );
  };

  return { promoCode, promo, setPromo, checking, applyPromo, onPromoChange };
}

export type Promo = ReturnType<typeof usePromo>;

export function PromoField({
  idBase,
  promo: state,
  quote: q,
}: {
  idBase: string;
  promo: Promo;
  quote: QuoteDto | undefined;
}) {
  const { promoCode, promo, checking, applyPromo, onPromoChange } = state;
  return (
    <div className="promo">
      <label className="field__label" htmlFor={`${idBase}-promo`}>
        {p.label}
      </label>
      <div className="promo__row">
        <input
          id={`${idBase}-promo`}
          className="field__control"
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          value={promoCode}
          onChange={(e) => onPromoChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void applyPromo();
            }
          }}
          aria-describedby={promo.message ? `${idBase}-promo-msg` : undefined}
          aria-invalid={promo.tone === 'error' || undefined}
        />
        <button
          type="button"
          className="button button--ghost promo__apply"
          onClick={() => void applyPromo()}
          disabled={checking}
        >
          {p.apply}
        </button>
      </div>
      {promo.message && (
        <p
          id={`${idBase}-promo-msg`}
          className={`promo__msg promo__msg--${promo.tone}`}
          role={promo.tone === 'error' ? 'alert' : 'status'}
        >
          {promo.message}
        </p>
      )}
      {q && q.promoCode && q.discount === 0 && q.lines.length > 0 && (
        <p className="promo__msg promo__msg--hint">{p.notApplicable}</p>
      )}
    </div>
  );
}
