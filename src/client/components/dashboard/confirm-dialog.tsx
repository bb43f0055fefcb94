// Confirmation dialog (native <dialog>, focus-trapped by the browser) and a promise-based useConfirm hook.
import { useCallback, useState, type ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { staffMessages } from '../../../shared/messages-staff';

export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="dash-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      aria-labelledby="dash-dialog-title"
    >
      <h2 id="dash-dialog-title">{title ?? staffMessages.dashboard.confirmTitle}</h2>
      <p>{message}</p>
      <div className="dash-dialog-actions">
        <button type="button" className="dash-btn" onClick={onCancel} autoFocus>
          {messages.common.cancel}
        </button>
        <button type="button" className="dash-btn dash-btn--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? messages.common.delete}
        </button>
      </div>
    </dialog>
  );
}

/** const { confirm, dialog } = useConfirm(); if (await confirm('...')) ...; render {dialog} once. */
export function useConfirm() {
  const [state, setState] = useState<{
    message: ReactNode;
    confirmLabel?: string;
    resolve: (ok: boolean) => void;
  } | null>(null);
  const confirm = useCallback(
    (message: ReactNode, confirmLabel?: string) =>
      new Promise<boolean>((resolve) => setState({ message, confirmLabel, resolve })),
    [],
  );
  const close = (ok: boolean) => {
    state?.resolve(ok);
    setState(null);
  };
  const dialog = (
    <ConfirmDialog
      open={state !== null}
      message={state?.message ?? ''}
      confirmLabel={state?.confirmLabel}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, dialog };
}
