// The profile screen: read-only names and email, a password change (with its repeat), and logout "Dil".
import { notify } from '../../lib/notify';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ProfileDto } from '../../../shared/dto/accounts';
import { messages } from '../../../shared/messages';
import { FormField } from '../../components/ui/form-field';
import { readError } from '../../lib/api-error';
import { clearSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useProfileActions } from './profile-actions';
import './accounts.css';

export function ProfileView() {
  const navigate = useNavigate();
  const profile = useQuery(trpc.accounts.profile.queryOptions());
  const expiredShown = useRef(false);

  const status = profile.error ? readError(profile.error, messages.profile.loadFailed).status : undefined;
  useEffect(() => {
    if (status === 401 && !expiredShown.current) {
      expiredShown.current = true;
      notify.error(messages.profile.sessionExpired);
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
          <p role="alert">{messages.profile.loadFailed}</p>
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            {messages.profile.retry}
          </button>
        </div>
      </div>
    );
  }
  return <ProfileCard profile={profile.data} />;
}

function ProfileCard({ profile: p }: { profile: ProfileDto }) {
  const { values, errors, set, onSubmit, onLogout, updating, loggingOut } = useProfileActions();
  return (
    <div className="profile">
      <form className="profile__card" onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
        <div className="profile__head">
          <span className="profile__avatar" aria-hidden="true">
            {(p.firstName[0] ?? '').toUpperCase()}
            {(p.lastName[0] ?? '').toUpperCase()}
          </span>
          <div>
            <h1 id="profile-title" className="profile__title">
              {messages.profile.title}
            </h1>
            <p className="profile__email">{p.email}</p>
          </div>
        </div>
        <div className="profile__grid">
          <FormField label={messages.profile.firstName} value={p.firstName} readOnly name="firstName" />
          <FormField label={messages.profile.lastName} value={p.lastName} readOnly name="lastName" />
          <div className="field--wide">
            <FormField label={messages.profile.email} value={p.email} readOnly name="email" type="email" />
          </div>
        </div>
        <div className="profile__section">
          <h2>{messages.profile.changePassword}</h2>
          <p className="profile__hint">{messages.profile.changePasswordHint}</p>
          <div className="profile__grid">
            <div className="field--wide">
              <FormField
                label={messages.profile.currentPassword}
                type="password"
                name="currentPassword"
                autoComplete="current-password"
                value={values.currentPassword}
                onChange={set('currentPassword')}
                error={errors.currentPassword}
              />
            </div>
            <FormField
              label={messages.profile.newPassword}
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            <FormField
              label={messages.profile.repeatPassword}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
          </div>
        </div>
        <div className="profile__actions">
          <button type="submit" className="button" disabled={updating} data-testid="profile-update">
            {updating ? messages.profile.updating : messages.profile.update}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={onLogout}
            disabled={loggingOut}
            data-testid="logout"
          >
            {messages.profile.logout}
          </button>
        </div>
      </form>
    </div>
  );
}
