// The shop's toasts (sonner), one per subject: the same text never stacks (four clicks, one toast), and a later
// answer on the same subject replaces the earlier one, so "wrong password" never sits beside "signed in".
// sonner is loaded with the first toast, not on the first view (decision 214): the first notify() asks the
// shell's <LazyToaster> (components/layout/lazy-toaster.tsx) to mount sonner's Toaster and shows the toast once
// it listens.
type Sonner = typeof import('sonner');

export interface NotifyOptions {
  /** What the toast is about ('login', 'cart', ...): a new toast on the subject replaces the one shown. */
  topic?: string;
}

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let sonner: Promise<Sonner> | null = null;

/** The Toaster's wish to be mounted (useSyncExternalStore). */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,
  /** Called by the mounted Toaster's sibling: toasts may be shown. */
  mounted: () => markMounted(),
};

/** sonner, once its Toaster is mounted. */
function ready(): Promise<Sonner> {
  if (!sonner) {
    wanted = true;
    for (const listener of listeners) listener();
    sonner = Promise.all([import('sonner'), mounted]).then(([module]) => module);
  }
  return sonner;
}

const idOf = (text: string, options?: NotifyOptions) => options?.topic ?? text;

export const notify = {
  success: (text: string, options?: NotifyOptions) =>
    void ready().then(({ toast }) => toast.success(text, { id: idOf(text, options) })),
  error: (text: string, options?: NotifyOptions) =>
    void ready().then(({ toast }) => toast.error(text, { id: idOf(text, options) })),
  info: (text: string, options?: NotifyOptions) =>
    void ready().then(({ toast }) => toast.info(text, { id: idOf(text, options) })),
  /** Takes back what was said on a subject once the state it described is gone. */
  dismiss: (topic: string) => void sonner?.then(({ toast }) => toast.dismiss(topic)),
};
