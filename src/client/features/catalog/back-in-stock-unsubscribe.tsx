// The unsubscribe page of the back-in-stock e-mail (decision 233): one button, so a mail scanner that opens the link
// unsubscribes no one; the signed token is the only proof (no sign-in). A bad or altered link is told so.
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { parseResetSearch } from '../../../shared/page-search';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { backInStockMessages } from '../../../shared/messages/back-in-stock';
import { trpc } from '../../lib/trpc';

const t = backInStockMessages.backInStock;

export function BackInStockUnsubscribe() {
  useDocumentTitle(t.unsubscribeTitle);
  const token = parseResetSearch(useSearch({ strict: false })).token ?? '';
  const unsubscribe = useMutation(trpc.backInStock.unsubscribe.mutationOptions());
  return (
    <div className="container back-in-stock-page">
      <section className="back-in-stock-page__card" aria-labelledby="unsubscribe-title" data-testid="unsubscribe">
        <h1 id="unsubscribe-title" className="page-title">
          {t.unsubscribeTitle}
        </h1>
        {unsubscribe.isSuccess ? (
          <p role="status" className="back-in-stock__done">
            {t.unsubscribed}
          </p>
        ) : (
          <>
            <p>{t.unsubscribeIntro}</p>
            {(unsubscribe.isError || !token) && (
              <p role="alert" className="back-in-stock__error">
                {t.badLink}
              </p>
            )}
            <button
              type="button"
              className="button"
              disabled={!token || unsubscribe.isPending}
              aria-busy={unsubscribe.isPending || undefined}
              onClick={() => unsubscribe.mutate({ token })}
            >
              {t.unsubscribeButton}
            </button>
          </>
        )}
        <p>
          <Link to="/">{t.backToShop}</Link>
        </p>
      </section>
    </div>
  );
}
