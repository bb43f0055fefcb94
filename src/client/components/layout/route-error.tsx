// What a route shows when it fails (its loader or its render threw, decision 212): inside the shop's header and
// footer (the root route's shell stays), with a way to try again and a way back home. The root route uses it too,
// should the shell itself fail.
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messages } from '#shared/messages';
import { useDocumentTitle } from '../ui/use-document-title';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useDocumentTitle(messages.nav.errorTitle);
  useEffect(() => console.error('[route]', error), [error]);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div className="not-found container" role="alert">
      <h1 className="page-title">{messages.nav.errorTitle}</h1>
      <p>{messages.nav.errorText}</p>
      <div className="not-found__actions">
        <button type="button" className="button" onClick={retry}>
          {messages.nav.tryAgain}
        </button>
        <Link to="/" className="button button--ghost">
          {messages.common.backHome}
        </Link>
      </div>
    </div>
  );
}
