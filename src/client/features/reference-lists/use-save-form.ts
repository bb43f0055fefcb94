// The catalogue's reference forms (sizes, events, countries, categories): the one form helper, saving through a
// mutation, then the catalogue's caches dropped, a toast and back to the list; a failure toasts the server's text.
import type { ZodType } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { staffMessages } from '#shared/messages-staff';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';

const m = staffMessages.dashboard;

/** The lists a reference form returns to. */
type ReferenceList = '/dashboard/sizes' | '/dashboard/events' | '/dashboard/country' | '/dashboard/categories';

export function useSaveForm<V extends Record<string, string | boolean>, T>({
  initialValues,
  schema,
  list,
  save,
}: {
  initialValues: V;
  schema: ZodType<T>;
  list: ReferenceList;
  save: (data: T) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  return useForm({
    initialValues,
    schema,
    errorFallback: m.saveFailed,
    onSubmit: async (data) => {
      await save(data);
      await invalidateCatalog();
      notify.success(m.saved);
      await navigate({ to: list });
    },
    onError: (e) => notify.error(e.message),
  });
}
