// The "page not found" view, used by the router's catch-all and by pages whose record does not exist.
import { Link } from '@tanstack/react-router';
import { messages } from '../../../shared/messages';
import { useDocumentTitle } from './use-document-title';

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
    </div>
  );
}
