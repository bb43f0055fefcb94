// The shop's toasts (sonner), one per subject: the same text never stacks (four clicks, one toast), and a later
// answer on the same subject replaces the earlier one, so "wrong password" never sits beside "signed in".
import { toast } from 'sonner';

export interface NotifyOptions {
  /** What the toast is about ('login', 'cart', ...): a new toast on the subject replaces the one shown. */
  topic?: string;
}

const idOf = (text: string, options?: NotifyOptions) => options?.topic ?? text;

export const notify = {
  success: (text: string, options?: NotifyOptions) => toast.success(text, { id: idOf(text, options) }),
  error: (text: string, options?: NotifyOptions) => toast.error(text, { id: idOf(text, options) }),
  info: (text: string, options?: NotifyOptions) => toast.info(text, { id: idOf(text, options) }),
  /** Takes back what was said on a subject once the state it described is gone. */
  dismiss: (topic: string) => toast.dismiss(topic),
};
