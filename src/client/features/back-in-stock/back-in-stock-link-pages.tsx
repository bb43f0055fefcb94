// The pages the back-in-stock e-mails link to (decisions 233, 239): confirming a new address (double opt-in) and
// unsubscribing. Each asks for one tap of a button (a POST), so a mail scanner that opens the link changes nothing;
// the signed token is the only proof (no sign-in). A bad, altered or expired link is told so.
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { parseResetSearch } from '#shared/page-search';
import { backInStockMessages } from '#shared/messages/back-in-stock';
import { trpc } from '#client/lib/trpc';

const t = backInStockMessages.backInStock;

interface LinkPageProps {
  id: string;
  title: string;
  intro: string;
  button: string;
  done: string;
  /** The page's one mutation (what the page uses of it). */
  action: {
    mutate: (input: { token: string }) => void;
    isPending: boolean;
    isSuccess: boolean;
    isError: boolean;
    error: { message: string } | null;
  };
}

function BackInStockLinkPage({ id, title, intro, button, done, action }: LinkPageProps) {
  const token = parseResetSearch(useSearch({ strict: false })).token ?? '';
  const problem = action.error?.message === t.expiredLink ? t.expiredLink : t.badLink;
  return (
    <div className="container back-in-stock-page">
      <section className="back-in-stock-page__card" aria-labelledby={`${id}-title`} data-testid={id}>
        <h1 id={`${id}-title`} className="page-title">
          {title}
        </h1>
        {action.isSuccess ? (
          <p role="status" className="back-in-stock__done">
            {done}
          </p>
        ) : (
          <>
            <p>{intro}</p>
            {(action.isError || !token) && (
              <p role="alert" className="back-in-stock__error">
                {token ? problem : t.badLink}
              </p>
            )}
            <button
              type="button"
              className="button"
              disabled={!token || action.isPending}
              aria-busy={action.isPending || undefined}
              onClick={() => action.mutate({ token })}
            >
              {button}
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

/** /konfirmo-njoftimin?token=…: a new address confirms its waiting requests (decision 239). */
export function BackInStockConfirm() {
  const action = useMutation(trpc.backInStock.confirm.mutationOptions());
  return (
    <BackInStockLinkPage
      id="confirm"
      title={t.confirmTitle}
      intro={t.confirmIntro}
      button={t.confirmButton}
      done={t.confirmed}
      action={action}
    />
  );
}

/** /cregjistrimi?token=…: the notice's unsubscribe link (decision 233). */
export function BackInStockUnsubscribe() {
  const action = useMutation(trpc.backInStock.unsubscribe.mutationOptions());
  return (
    <BackInStockLinkPage
      id="unsubscribe"
      title={t.unsubscribeTitle}
      intro={t.unsubscribeIntro}
      button={t.unsubscribeButton}
      done={t.unsubscribed}
      action={action}
    />
  );
}
