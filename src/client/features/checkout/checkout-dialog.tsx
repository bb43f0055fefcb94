// The checkout overlay on /cart: delivery form (shared schema), promo code, the server's quote for this cart,
// country and code, cash on delivery, and placing the order (idempotent across double clicks and retries).
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import { checkoutMessages } from '#shared/messages/checkout';
import { amountToPay, formatEuro } from '#shared/money';
import type { OrderConfirmationDto, QuoteDto } from '#shared/dto/checkout';
import { trpc } from '#client/lib/trpc';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import { useSession } from '#client/lib/session';
import type { CartItem } from '#client/lib/cart-store';
import { SubmitButton } from '#client/components/ui/submit-button';
import { DeliveryFields, shownAddress } from './checkout-fields';
import { MAX_SAVED_ADDRESSES } from '#shared/schemas/addresses';
import { CheckoutLines } from './checkout-lines';
import { PromoField, usePromo, type Promo } from './checkout-promo';
import { StoreCreditBox, useStoreCreditChoice } from './checkout-credit';
import type { AppliedGiftCard } from './checkout-gift-card';
import { GuestReminderBox } from './checkout-reminder';
import { useCheckoutForm } from './checkout-submit';
import { addressValues, useSavedDetails } from './use-saved-details';
import { PanelHead } from '#client/components/ui/panel-head';
import './checkout.css';
import { LookDiscountRows } from '#client/components/ui/look-discount-rows';

// Its own chunk (decision 274): fetched when the overlay first renders, never on the storefront's first load.
const GiftCardField = lazy(() => import('./checkout-gift-card'));

/** What is left for store credit once the gift card pays its part (the card first, as the server does). */
const afterGiftCard = (total: number, card: AppliedGiftCard | null) =>
  card ? amountToPay(total, 0, Math.min(card.balance, total)) : total;

const m = checkoutMessages.checkout;

interface Props {
  open: boolean;
  onClose: () => void;
  items: CartItem[];
  onPlaced: (order: OrderConfirmationDto) => void;
}

/** The server's quote for the cart, the chosen country and the applied code (shipping and discount included). */
function useQuote(open: boolean, items: CartItem[], countryID: string, promoCode: string | null) {
  const lineItems = items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity }));
  return useQuery({
    ...trpc.checkout.quote.queryOptions({
      items: lineItems,
      countryID: countryID ? Number(countryID) : null,
      promoCode,
    }),
    enabled: open && items.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The place-order button's look and texts. */
const submitProps = { className: 'button button--block', label: m.placeOrder, pendingLabel: m.placing };

export function CheckoutDialog({ open, onClose, items, onPlaced }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const promo = usePromo();
  const [saveAddress, setSaveAddress] = useState(false);
  const signedIn = !!useSession()?.userId;
  const credit = useStoreCreditChoice(open, signedIn);
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  const { form, stockProblem } = useCheckoutForm({
    items,
    // Read when the order is placed: ticked, and still offered for the fields as they are then.
    saveAddress: () => saveAddress && offerSave,
    promoApplied: promo.promo.applied,
    payWithCredit: () => credit.checked,
    giftCardCode: () => giftCard?.code ?? null,
    setPromo: promo.setPromo,
    onPlaced,
  });
  const countries = useQuery({ ...trpc.catalog.countries.queryOptions(), enabled: open });
  const saved = useSavedDetails(open, form.setValues);
  // A signed-in customer may keep a new address (issue 25); not one already saved, not past the book's limit.
  const offerSave =
    signedIn && !shownAddress(saved.addresses, form.values) && saved.addresses.length < MAX_SAVED_ADDRESSES;
  const quote = useQuote(open, items, form.values.countryID, promo.promo.applied);
  const total = quote.data?.shipping == null ? null : quote.data.total;
  return (
    <dialog
      ref={ref}
      className="checkout-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="checkout-dialog__panel">
        <PanelHead
          block="checkout-dialog"
          titleId={titleId}
          title={m.title}
          closeLabel={m.closeDialog}
          onClose={onClose}
        />
        <form className="checkout-dialog__body" {...form.formProps}>
          <DeliveryFields
            form={form}
            countries={countries.data ?? []}
            countriesLoading={countries.isLoading}
            addresses={saved.addresses}
            onChooseAddress={(a) => form.setValues((v) => ({ ...v, ...addressValues(a) }))}
            saveAddress={signedIn ? { checked: saveAddress, onChange: setSaveAddress } : undefined}
          />
          {!signedIn && <GuestReminderBox email={form.values.email} items={items} />}
          <OrderSide
            idBase={titleId}
            quote={quote}
            promo={promo}
            credit={
              <>
                <Suspense fallback={null}>
                  <GiftCardField idBase={titleId} applied={giftCard} onApplied={setGiftCard} total={total} />
                </Suspense>
                <StoreCreditBox choice={credit} total={total === null ? null : afterGiftCard(total, giftCard)} />
              </>
            }
            stockProblem={stockProblem}
            submit={<SubmitButton {...submitProps} form={form} disabled={items.length === 0} />}
          />
        </form>
      </div>
    </dialog>
  );
}

/** The overlay's side: the lines, the promo code, the server's totals, cash on delivery and the button. */
function OrderSide({
  idBase,
  quote,
  promo,
  credit,
  stockProblem,
  submit,
}: {
  idBase: string;
  quote: ReturnType<typeof useQuote>;
  promo: Promo;
  credit: ReactNode;
  stockProblem: string | null;
  submit: ReactNode;
}) {
  return (
    <div className="checkout-side">
      <CheckoutLines q={quote.data} />
      <PromoField idBase={idBase} promo={promo} quote={quote.data} />
      <QuoteTotals q={quote.data} fetching={quote.isFetching} />
      {credit}
      <div className="payment-note">
        <strong>{cartMessages.cart.cashOnDelivery}</strong>
        <span>{m.paymentNote}</span>
      </div>
      {stockProblem && (
        <p className="checkout-dialog__problem" role="alert">
          {stockProblem}
        </p>
      )}
      {submit}
    </div>
  );
}

function QuoteTotals({ q, fetching }: { q: QuoteDto | undefined; fetching: boolean }) {
  return (
    <>
      <dl className="totals" aria-live="polite" aria-busy={fetching}>
        <div className="totals__row">
          <dt>{cartMessages.cart.subtotal}</dt>
          <dd className="price" data-testid="quote-subtotal">
            {q ? formatEuro(q.subtotal) : '…'}
          </dd>
        </div>
        <LookDiscountRows quote={q} />
        {q && q.discount > 0 && (
          <div className="totals__row totals__row--discount">
            <dt title={q.promoCode ?? undefined}>
              {cartMessages.cart.discount}{' '}
              {q.promoKind === 'fixed' && q.promoCode ? `(${q.promoCode})` : `−${q.promoPercentage}%`}
            </dt>
            <dd className="price" data-testid="quote-discount">
              −{formatEuro(q.discount)}
            </dd>
          </div>
        )}
        <div className="totals__row">
          <dt>{cartMessages.cart.shipping}</dt>
          <dd className="price" data-testid="quote-shipping">
            {q && q.shipping !== null ? (
              formatEuro(q.shipping)
            ) : (
              <span className="totals__hint">{m.chooseCountryForShipping}</span>
            )}
          </dd>
        </div>
        <div className="totals__row totals__row--grand">
          <dt>{cartMessages.cart.total}</dt>
          <dd className="price" data-testid="quote-total">
            {q ? formatEuro(q.total) : '…'}
          </dd>
        </div>
      </dl>
      {/* Free shipping is decided by the server (decision 181); the quote says how much is missing. */}
      {q && q.amountToFreeShipping !== null && (
        <p className="totals__hint" data-testid="free-shipping">
          {q.amountToFreeShipping > 0
            ? fill(cartMessages.cart.freeShippingMissing, { amount: formatEuro(q.amountToFreeShipping) })
            : cartMessages.cart.freeShipping}
        </p>
      )}
    </>
  );
}
