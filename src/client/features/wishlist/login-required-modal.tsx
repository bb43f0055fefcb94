// The modal a guest sees when trying to use the wishlist; the caller redirects to /account after 1.5 s.
import { useEffect, useRef } from 'react';
import { messages } from '#shared/messages';
import './wishlist.css';

export const LOGIN_REDIRECT_DELAY_MS = 1500;

export function LoginRequiredModal({ savedAfterLogin = false }: { savedAfterLogin?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="wl-modal" role="presentation">
      <div
        className="wl-modal__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="wl-login-title"
        aria-describedby="wl-login-text"
        tabIndex={-1}
        ref={ref}
        data-testid="wishlist-login-modal"
      >
        <h2 id="wl-login-title" className="wl-modal__title">
          {messages.wishlist.loginTitle}
        </h2>
        <p id="wl-login-text" className="wl-modal__text">
          {messages.wishlist.loginRequired}
        </p>
        {savedAfterLogin && <p className="wl-modal__text">{messages.wishlist.savedAfterLogin}</p>}
        <p className="wl-modal__hint">{messages.wishlist.redirecting}</p>
      </div>
    </div>
  );
}
