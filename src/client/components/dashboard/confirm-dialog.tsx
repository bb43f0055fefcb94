// Confirmation dialog (native <dialog>, focus-trapped by the browser) and a promise-based useConfirm hook.
import { useCallback, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import { staffMessages } from '#shared/messages-staff';

/** The two buttons' texts: each says what it does ("Mbaje porosinë" / "Anulo porosinë"), never a bare "Anulo". */
interface ConfirmLabels {
  confirm: string;
  keep: string;
}

/** A deletion's pair, the default: "Mos e fshij" / "Fshij". */
const DELETE_LABELS: ConfirmLabels = { confirm: messages.common.delete, keep: staffMessages.dashboard.keepIt };

export function ConfirmDialog({
  open,
  message,
  title,
  labels = DELETE_LABELS,
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  message: ReactNode;
  title?: string;
  labels?: ConfirmLabels;
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
          {labels.keep}
        </button>
        <button type="button" className="dash-btn dash-btn--danger" onClick={onConfirm} disabled={busy}>
          {labels.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * const { confirm, dialog } = useConfirm(); if (await confirm('...')) ...; render {dialog} once. A deletion by default;
 * anything else passes both labels.
 */
export function useConfirm() {
  const [state, setState] = useState<{
    message: ReactNode;
    labels?: ConfirmLabels;
    resolve: (ok: boolean) => void;
  } | null>(null);
  const confirm = useCallback(
    (message: ReactNode, labels?: ConfirmLabels) =>
      new Promise<boolean>((resolve) => setState({ message, labels, resolve })),
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
      labels={state?.labels}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, dialog };
}
