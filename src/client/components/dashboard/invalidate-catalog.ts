// After a catalogue write: refetch the staff lists and every storefront catalogue read.
import { queryClient, trpc } from '#client/lib/trpc';

export function invalidateCatalog(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
  ]).then(() => undefined);
}
