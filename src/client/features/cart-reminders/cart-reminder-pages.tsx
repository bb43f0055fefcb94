// The page a forgotten-cart reminder links to (decision 275), in its own route chunk. /kujtesa?token=… asks the server for the cart's items (today's prices and stock) and puts them in this browser's cart, whoever is
// signed in or not: the link restores items, never a session. Opened twice, it tops lines up instead of doubling
// them. /kujtesa?token=…&ndalo=1 unsubscribes at once (the page posts when it opens: a mail scanner that fetches the link
// without running scripts changes nothing), no sign-in.
import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { RestoredCartDto } from '#shared/dto/cart-reminders';
import { plural } from '#shared/messages';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { parseResetSearch } from '#shared/page-search';
import { addToCart, readCart } from '#client/lib/cart-store';
import { trpc } from '#client/lib/trpc';

const t = cartReminderMessages;

/** Puts the restored items in this browser's cart, each line raised to the reminder's quantity; how many lines. */
function putInCart(cart: RestoredCartDto): number {
  let count = 0;
  for (const item of cart.items) {
    const have = readCart().find((l) => l.productVariantId === item.productVariantId)?.quantity ?? 0;
    const { quantity, ...line } = item;
    if (quantity > have) addToCart(line, quantity - have);
    count++;
  }
  return count;
}

/** Runs the page's mutation once, when it opens with a token. */
function useOnce(token: string, run: (input: { token: string }) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !token) return;
    done.current = true;
    run({ token });
  }, [token, run]);
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div className="container back-in-stock-page">
      <section className="back-in-stock-page__card" aria-labelledby={`${id}-title`} data-testid={id}>
        <h1 id={`${id}-title`} className="page-title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** /kujtesa: restore, or with ndalo=1 unsubscribe. */
export function CartReminderLinkPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const token = parseResetSearch(search).token ?? '';
  return String(search.ndalo) === '1' ? <UnsubscribePage token={token} /> : <RestorePage token={token} />;
}

function RestorePage({ token }: { token: string }) {
  const restore = useMutation({ ...trpc.cartReminders.restore.mutationOptions(), onSuccess: putInCart });
  useOnce(token, restore.mutate);
  const n = restore.data?.items.length ?? 0;
  return (
    <Card id="cart-restore" title={t.restore.title}>
      {restore.isPending && <p role="status">{t.restore.loading}</p>}
      {(restore.isError || !token) && (
        <p role="alert" className="back-in-stock__error">
          {t.restore.badLink}
        </p>
      )}
      {restore.isSuccess && (
        <>
          <p role="status" className="back-in-stock__done">
            {n > 0 ? plural(t.restore.done, n) : t.restore.empty}
          </p>
          {n > 0 && (
            <p>
              <Link to="/cart" className="button">
                {t.restore.goToCart}
              </Link>
            </p>
          )}
        </>
      )}
      <p>
        <Link to="/">{t.restore.backToShop}</Link>
      </p>
    </Card>
  );
}

function UnsubscribePage({ token }: { token: string }) {
  const off = useMutation(trpc.cartReminders.unsubscribe.mutationOptions());
  useOnce(token, off.mutate);
  return (
    <Card id="cart-unsubscribe" title={t.unsubscribe.title}>
      {off.isSuccess ? (
        <p role="status" className="back-in-stock__done">
          {t.unsubscribe.done}
        </p>
      ) : (
        <>
          <p>{t.unsubscribe.intro}</p>
          {(off.isError || !token) && (
            <p role="alert" className="back-in-stock__error">
              {t.unsubscribe.badLink}
            </p>
          )}
          <button
            type="button"
            className="button"
            disabled={!token || off.isPending}
            aria-busy={off.isPending || undefined}
            onClick={() => off.mutate({ token })}
          >
            {t.unsubscribe.button}
          </button>
        </>
      )}
      <p>
        <Link to="/">{t.restore.backToShop}</Link>
      </p>
    </Card>
  );
}
