// sonner's Toaster, mounted with the first toast (lib/notify.ts): sonner is not on the first view (decision 214).
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import { toasterStore } from '#client/lib/notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Rendered after the Toaster in the same boundary: its effect runs once the Toaster listens. */
function Mounted() {
  useEffect(() => toasterStore.mounted(), []);
  return null;
}

export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
      <Mounted />
    </Suspense>
  );
}
