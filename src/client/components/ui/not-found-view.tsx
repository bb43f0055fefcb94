// The "page not found" view, used by the router's catch-all and by pages whose record does not exist. The server
// answers these URLs with a 404 and the app page, and the browser renders this view (decision 212): a search form
// that is a real GET form to /kerko and links to every category (which arrive with their query).
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { messages } from '#shared/messages';
import { useNavCategories } from '../layout/nav-categories';
import { useDocumentTitle } from './use-document-title';

function NotFoundSearch() {
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    e.preventDefault();
    void navigate({ to: '/kerko', search: q ? { q } : {} });
  };
  return (
    <form className="not-found__search" method="get" action="/kerko" role="search" onSubmit={onSubmit}>
      <label htmlFor="not-found-q">{messages.nav.notFoundSearch}</label>
      <div className="not-found__search-row">
        <input
          id="not-found-q"
          name="q"
          type="search"
          maxLength={100}
          placeholder={messages.common.searchPlaceholder}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {messages.common.search}
        </button>
      </div>
    </form>
  );
}

function NotFoundCategories() {
  const { products, glow } = useNavCategories();
  if (products.length + glow.length === 0) return null;
  const groups = [
    { name: messages.nav.products, to: '/products/$categoryID' as const, list: products },
    { name: messages.nav.glowOutlet, to: '/glow-outlet/$categoryID' as const, list: glow },
  ].filter((g) => g.list.length > 0);
  return (
    <nav className="not-found__categories" aria-label={messages.nav.notFoundCategories}>
      <h2>{messages.nav.notFoundCategories}</h2>
      {groups.map((g) => (
        <div key={g.to}>
          <h3>{g.name}</h3>
          <ul>
            {g.list.map((c) => (
              <li key={c.categoryID}>
                <Link to={g.to} params={{ categoryID: c.categoryID }}>
                  {c.categoryName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function NotFoundView({ message = messages.nav.notFoundText }: { message?: string }) {
  useDocumentTitle(messages.common.pageNotFound);
  return (
    <div className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{messages.common.pageNotFound}</h1>
      <p>{message}</p>
      <Link to="/" className="button">
        {messages.common.backHome}
      </Link>
      <NotFoundSearch />
      <NotFoundCategories />
    </div>
  );
}
