// The profile screen: read-only names and email, a password change (with its repeat), and logout "Dil".
import { notify } from '../../lib/notify';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { ProfileDto } from '../../../shared/dto/accounts';
import { messages } from '../../../shared/messages';
import { accountMessages } from '../../../shared/messages/account';
import { Field } from '../../components/ui/field';
import { SubmitButton } from '../../components/ui/submit-button';
import { readError } from '../../lib/api-error';
import { clearSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useLogout, usePasswordChange } from './profile-actions';
import './accounts.css';

export function ProfileView() {
  const navigate = useNavigate();
  const profile = useQuery(trpc.accounts.profile.queryOptions());
  const expiredShown = useRef(false);

  const status = profile.error ? readError(profile.error, accountMessages.profile.loadFailed).status : undefined;
  useEffect(() => {
    if (status === 401 && !expiredShown.current) {
      expiredShown.current = true;
      notify.error(messages.common.sessionExpired);
      clearSession();
      void navigate({ to: '/account', replace: true });
    }
  }, [status, navigate]);

  if (profile.isLoading || status === 401) {
    return (
      <div className="profile">
        <div className="profile__skeleton" aria-busy="true" aria-label={messages.common.loading} />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className="profile">
        <div className="profile__card">
          <p role="alert">{accountMessages.profile.loadFailed}</p>
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            {accountMessages.profile.retry}
          </button>
        </div>
      </div>
    );
  }
  return <ProfileCard profile={profile.data} />;
}

type PasswordField = 'currentPassword' | 'password' | 'confirmPassword';

function ReadOnlyField({ label, value, type = 'text' }: { label: string; value: string; type?: string }) {
  const id = useId();
  return (
    <Field label={label} id={id}>
      {(control) => <input {...control} value={value} readOnly type={type} />}
    </Field>
  );
}

function ProfileHead({ profile: p }: { profile: ProfileDto }) {
  return (
    <>
      <div className="profile__head">
        <span className="profile__avatar" aria-hidden="true">
          {(p.firstName[0] ?? '').toUpperCase()}
          {(p.lastName[0] ?? '').toUpperCase()}
        </span>
        <div>
          <h1 id="profile-title" className="profile__title">
            {accountMessages.profile.title}
          </h1>
          <p className="profile__email">{p.email}</p>
        </div>
      </div>
      <div className="profile__grid">
        <ReadOnlyField label={accountMessages.profile.firstName} value={p.firstName} />
        <ReadOnlyField label={accountMessages.profile.lastName} value={p.lastName} />
        <div className="field--wide">
          <ReadOnlyField label={accountMessages.profile.email} value={p.email} type="email" />
        </div>
      </div>
    </>
  );
}

function ProfileCard({ profile }: { profile: ProfileDto }) {
  const form = usePasswordChange();
  const { onLogout, loggingOut } = useLogout();
  const password = (name: PasswordField, label: string, autoComplete: string) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type="password" autoComplete={autoComplete} />}
    </Field>
  );
  return (
    <div className="profile">
      <form className="profile__card" {...form.formProps} aria-labelledby="profile-title">
        <ProfileHead profile={profile} />
        <div className="profile__section">
          <h2>{accountMessages.profile.changePassword}</h2>
          <p className="profile__hint">{accountMessages.profile.changePasswordHint}</p>
          <div className="profile__grid">
            <div className="field--wide">
              {password('currentPassword', accountMessages.profile.currentPassword, 'current-password')}
            </div>
            {password('password', accountMessages.profile.newPassword, 'new-password')}
            {password('confirmPassword', accountMessages.profile.repeatPassword, 'new-password')}
          </div>
        </div>
        <div className="profile__actions">
          <SubmitButton
            form={form}
            label={accountMessages.profile.update}
            pendingLabel={accountMessages.profile.updating}
            testId="profile-update"
          />
          <button
            type="button"
            className="button button--ghost"
            onClick={onLogout}
            disabled={loggingOut}
            data-testid="logout"
          >
            {accountMessages.profile.logout}
          </button>
        </div>
      </form>
    </div>
  );
}
