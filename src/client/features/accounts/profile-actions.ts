// The profile screen's actions: the password change (validated with the shared schema) and logout "Dil".
import { notify } from '../../lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { messages } from '../../../shared/messages';
import { firstFieldErrors, ProfileFormInput } from '../../../shared/schemas/accounts';
import { readError } from '../../lib/api-error';
import { clearSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export function useProfileActions() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const update = useMutation(trpc.accounts.updateProfile.mutationOptions());
  const logout = useMutation(trpc.accounts.logout.mutationOptions());
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (name: keyof typeof empty) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name] || errors.confirmPassword) setErrors({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProfileFormInput.safeParse(values);
    if (!parsed.success) return setErrors(firstFieldErrors(parsed.error));
    update.mutate(
      { password: parsed.data.password, currentPassword: parsed.data.currentPassword },
      {
        onSuccess: () => {
          setValues(empty);
          notify.success(messages.profile.updated, { topic: 'profile' });
          void navigate({ to: '/account' });
        },
        onError: (err) => {
          const e2 = readError(err, messages.profile.updateFailed);
          if (e2.status === 401) {
            notify.error(messages.profile.sessionExpired, { topic: 'profile' });
            return void navigate({ to: '/account', replace: true });
          }
          const fields = e2.fieldErrors ?? {};
          if (fields.password || fields.currentPassword)
            setErrors({ password: fields.password?.[0] ?? '', currentPassword: fields.currentPassword?.[0] ?? '' });
          notify.error(messages.profile.updateFailed, { topic: 'profile' });
        },
      },
    );
  };

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        clearSession();
        qc.clear();
        notify.success(messages.profile.loggedOut, { topic: 'profile' });
        void navigate({ to: '/account', replace: true });
      },
      onError: () => notify.error(messages.profile.logoutFailed, { topic: 'profile' }),
    });

  return { values, errors, set, onSubmit, onLogout, updating: update.isPending, loggingOut: logout.isPending };
}
