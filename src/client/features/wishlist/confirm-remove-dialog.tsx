// Confirmation before removing a product from the wishlist (Escape or "Jo" cancels, focus starts on "Jo").
import { useEffect, useRef } from 'react';
import { messages } from '#shared/messages';
import { wishlistMessages } from '#shared/messages/wishlist';
import './wishlist.css';

export function ConfirmRemoveDialog({
  name,
  onConfirm,
  onCancel,
}: {
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="wl-modal" role="presentation" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div
        className="wl-modal__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="wl-confirm-title"
        aria-describedby="wl-confirm-text"
        data-testid="wishlist-confirm"
      >
        <h2 id="wl-confirm-title" className="wl-modal__title">
          {wishlistMessages.wishlistPage.confirmTitle}
        </h2>
        <p id="wl-confirm-text" className="wl-modal__text">
          {wishlistMessages.wishlistPage.confirmRemove}
          {name ? <strong className="wl-modal__name">{name}</strong> : null}
        </p>
        <div className="wl-modal__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} ref={cancelRef}>
            {messages.common.no}
          </button>
          <button type="button" className="button" onClick={onConfirm}>
            {messages.common.yes}
          </button>
        </div>
      </div>
    </div>
  );
}
