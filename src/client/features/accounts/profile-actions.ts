// The profile screen's actions, each validated with the shared schema: the names and phone, the e-mail change (asked
// with the current password, confirmed from the new address; decision 259), the password change, and logout "Dil".
import { notify } from '#client/lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProfileDto } from '#shared/dto/accounts';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { ProfileDetailsForm, ProfileFormInput, RequestEmailChangeInput } from '#shared/schemas/accounts';
import type { ClientError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { clearSession } from '#client/lib/session';
import { stepUpMutation } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';

const p = accountMessages.profile;

/** A refused profile call: a dead session goes to /account, anything else is told by a toast. */
function useRefusal(fallback: string) {
  const navigate = useNavigate();
  return (e: ClientError) => {
    if (e.status === 401) {
      notify.error(messages.common.sessionExpired, { topic: 'profile' });
      return void navigate({ to: '/account', replace: true });
    }
    // Field messages are shown under their fields; the toast says what failed (or why, for a 409 or 429).
    notify.error(e.fieldErrors ? fallback : e.message || fallback, { topic: 'profile' });
  };
}

/** Names and phone (no proof needed: they keep no access), shown as stored, saved as sign-up stores them. */
export function useDetailsForm(profile: ProfileDto) {
  const qc = useQueryClient();
  const update = useMutation(trpc.accounts.updateProfile.mutationOptions());
  return useForm({
    initialValues: { firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber },
    schema: ProfileDetailsForm,
    errorFallback: p.detailsFailed,
    onSubmit: async (data, form) => {
      const saved = await update.mutateAsync(data);
      qc.setQueryData(trpc.accounts.profile.queryKey(), saved);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, phoneNumber: saved.phoneNumber });
      notify.success(p.detailsSaved, { topic: 'profile' });
    },
    onError: useRefusal(p.detailsFailed),
  });
}

/** The e-mail change: the new address and the current password; the profile then shows the change waiting. */
export function useEmailChange() {
  const qc = useQueryClient();
  const ask = useMutation(stepUpMutation(trpc.accounts.requestEmailChange.mutationOptions()));
  return useForm({
    initialValues: { email: '', currentPassword: '' },
    schema: RequestEmailChangeInput,
    errorFallback: p.emailChangeFailed,
    onSubmit: async (data, form) => {
      const answer = await ask.mutateAsync(data);
      form.reset();
      notify.success(answer.Message, { topic: 'profile' });
      await qc.invalidateQueries({ queryKey: trpc.accounts.profile.queryKey() });
    },
    onError: useRefusal(p.emailChangeFailed),
  });
}

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
