// The profile screen's actions: the password change (validated with the shared schema) and logout "Dil".
import { notify } from '../../lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messages } from '../../../shared/messages';
import { accountMessages } from '../../../shared/messages/account';
import { ProfileFormInput } from '../../../shared/schemas/accounts';
import { useForm } from '../../lib/forms/use-form';
import { clearSession } from '../../lib/session';
import { stepUpMutation } from '../../lib/step-up';
import { trpc } from '../../lib/trpc';

const p = accountMessages.profile;

export function usePasswordChange() {
  const navigate = useNavigate();
  const update = useMutation(stepUpMutation(trpc.accounts.updateProfile.mutationOptions()));
  return useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    schema: ProfileFormInput,
    errorFallback: p.updateFailed,
    onSubmit: async (data, form) => {
      await update.mutateAsync({ password: data.password, currentPassword: data.currentPassword });
      form.reset();
      notify.success(p.updated, { topic: 'profile' });
      void navigate({ to: '/account' });
    },
    onError: (e) => {
      if (e.status === 401) {
        notify.error(messages.common.sessionExpired, { topic: 'profile' });
        return void navigate({ to: '/account', replace: true });
      }
      notify.error(p.updateFailed, { topic: 'profile' });
    },
  });
}

export function useLogout() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const logout = useMutation(trpc.accounts.logout.mutationOptions());
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        clearSession();
        qc.clear();
        notify.success(p.loggedOut, { topic: 'profile' });
        void navigate({ to: '/account', replace: true });
      },
      onError: () => notify.error(p.logoutFailed, { topic: 'profile' }),
    });
  return { onLogout, loggingOut: logout.isPending };
}
