// /profile's "Kredia në dyqan" (decision 271): the signed-in shopper's balance (the sum of her ledger's rows) and its
// history, newest first, a page at a time: why (in Albanian), when, and the order it belongs to.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate } from '#shared/dates';
import type { CreditEntryDto } from '#shared/dto/store-credit';
import { fill, messages } from '#shared/messages';
import { storeCreditMessages as m } from '#shared/messages/store-credit';
import { formatEuro } from '#shared/money';
import { trpc } from '#client/lib/trpc';
import './store-credit.css';

export function MyCredit() {
  const [page, setPage] = useState(1);
  const credit = useQuery({ ...trpc.storeCredit.mine.queryOptions({ page }), placeholderData: keepPreviousData });
  const pages = credit.data ? Math.max(1, Math.ceil(credit.data.total / credit.data.pageSize)) : 1;
  return (
    <section className="credit" aria-labelledby="credit-title" data-testid="store-credit">
      <h2 id="credit-title" className="credit__title">
        {m.title}
      </h2>
      {credit.isLoading ? (
        <div className="credit__skeleton" aria-busy="true" aria-label={messages.common.loading} />
      ) : credit.error || !credit.data ? (
        <p className="credit__empty" role="alert">
          {m.loadFailed}{' '}
          <button type="button" className="acc__link" onClick={() => void credit.refetch()}>
            {m.retry}
          </button>
        </p>
      ) : (
        <>
          <p className="credit__balance">
            <span>{m.balance}</span>{' '}
            <strong className="price" data-testid="store-credit-balance">
              {formatEuro(credit.data.balance)}
            </strong>
          </p>
          <p className="credit__intro">{m.intro}</p>
          <h3 className="credit__subtitle">{m.history}</h3>
          {credit.data.items.length === 0 ? (
            <p className="credit__empty">{m.empty}</p>
          ) : (
            <ul className="credit__list">
              {credit.data.items.map((e) => (
                <CreditRow key={e.entryId} entry={e} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="credit__pager" aria-label={m.history}>
              <button
                type="button"
                className="button button--ghost"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {m.previous}
              </button>
              <span>{fill(m.pageOf, { page, pages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {m.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function CreditRow({ entry: e }: { entry: CreditEntryDto }) {
  return (
    <li className="credit__row" data-testid="store-credit-entry">
      <span className="credit__reason">{m.reasons[e.reason]}</span>
      <span className="credit__date">
        <span className="credit__label">{m.date} </span>
        {formatDate(e.createdAt)}
      </span>
      {e.orderId !== null && e.orderNumber !== null ? (
        <Link to="/porosite/$orderId" params={{ orderId: String(e.orderId) }} className="acc__link credit__order">
          {fill(m.orderLink, { number: e.orderNumber })}
        </Link>
      ) : (
        <span className="credit__order" />
      )}
      <strong className={`credit__amount price${e.amount < 0 ? ' credit__amount--spent' : ''}`}>
        {e.amount > 0 ? '+' : ''}
        {formatEuro(e.amount)}
      </strong>
    </li>
  );
}
