// The profile screen (decision 259): the names and phone (editable, the phone shown grouped), the e-mail (changed with
// the current password, confirmed from the new address; a change waiting for that is shown), a password change (with
// its repeat), and logout "Dil". Three forms in one card, each saving only its own fields.
import { notify } from '#client/lib/notify';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { formatShopDateTime } from '#shared/dates';
import type { ProfileDto } from '#shared/dto/accounts';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { readError } from '#client/lib/api-error';
import { clearSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';
import { useDetailsForm, useEmailChange, useLogout, usePasswordChange } from './profile-actions';
import { TextWithAddress } from './text-with-address';
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
const p = accountMessages.profile;

function ReadOnlyField({ label, value, type = 'text' }: { label: string; value: string; type?: string }) {
  const id = useId();
  return (
    <Field label={label} id={id}>
      {(control) => <input {...control} value={value} readOnly type={type} />}
    </Field>
  );
}

function ProfileHead({ profile: u }: { profile: ProfileDto }) {
  return (
    <div className="profile__head">
      <span className="profile__avatar" aria-hidden="true">
        {(u.firstName[0] ?? '').toUpperCase()}
        {(u.lastName[0] ?? '').toUpperCase()}
      </span>
      <div>
        <h1 id="profile-title" className="profile__title">
          {p.title}
        </h1>
        <p className="profile__email">{u.email}</p>
      </div>
    </div>
  );
}

/** Names and phone, as sign-up takes them. */
function DetailsForm({ profile }: { profile: ProfileDto }) {
  const form = useDetailsForm(profile);
  const text = (name: 'firstName' | 'lastName' | 'phoneNumber', label: string, type: string, autoComplete: string) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type={type} autoComplete={autoComplete} required />}
    </Field>
  );
  return (
    <form
      className="profile__form"
      {...form.formProps}
      aria-labelledby="profile-details-title"
      data-testid="profile-details"
    >
      <h2 id="profile-details-title">{p.details}</h2>
      <p className="profile__hint">{p.detailsHint}</p>
      <div className="profile__grid">
        {text('firstName', p.firstName, 'text', 'given-name')}
        {text('lastName', p.lastName, 'text', 'family-name')}
        <div className="field--wide">{text('phoneNumber', p.phoneNumber, 'tel', 'tel')}</div>
      </div>
      <div className="profile__form-actions">
        <SubmitButton form={form} label={p.saveDetails} pendingLabel={p.savingDetails} testId="profile-details-save" />
      </div>
    </form>
  );
}

/** The e-mail: shown, and changed only through a link to the new address (the current password first). */
function EmailForm({ profile }: { profile: ProfileDto }) {
  const form = useEmailChange();
  const pending = profile.pendingEmailChange;
  return (
    <form
      className="profile__form profile__section"
      {...form.formProps}
      aria-labelledby="profile-email-title"
      data-testid="profile-email"
    >
      <h2 id="profile-email-title">{p.emailTitle}</h2>
      <p className="profile__hint">{p.emailHint}</p>
      <div className="profile__grid">
        <div className="field--wide">
          <ReadOnlyField label={p.email} value={profile.email} type="email" />
        </div>
        {pending && (
          <p className="profile__pending field--wide" role="status" data-testid="email-pending">
            <TextWithAddress
              template={p.emailPending}
              email={pending.newEmail}
              values={{ until: formatShopDateTime(pending.expiresAt) }}
            />
          </p>
        )}
        <Field label={p.newEmail} {...form.field('email')}>
          {(control) => <input {...control} {...form.input('email')} type="email" autoComplete="email" required />}
        </Field>
        <Field label={p.currentPassword} {...form.field('currentPassword')}>
          {(control) => (
            <input
              {...control}
              {...form.input('currentPassword')}
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </Field>
      </div>
      <div className="profile__form-actions">
        <SubmitButton form={form} label={p.changeEmail} pendingLabel={p.changingEmail} testId="profile-email-save" />
      </div>
    </form>
  );
}

function PasswordForm() {
  const form = usePasswordChange();
  const { onLogout, loggingOut } = useLogout();
  const password = (name: PasswordField, label: string, autoComplete: string) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type="password" autoComplete={autoComplete} />}
    </Field>
  );
  return (
    <form
      className="profile__form profile__section"
      {...form.formProps}
      aria-labelledby="profile-password-title"
      data-testid="profile-password"
    >
      <h2 id="profile-password-title">{p.changePassword}</h2>
      <p className="profile__hint">{p.changePasswordHint}</p>
      <div className="profile__grid">
        <div className="field--wide">{password('currentPassword', p.currentPassword, 'current-password')}</div>
        {password('password', p.newPassword, 'new-password')}
        {password('confirmPassword', p.repeatPassword, 'new-password')}
      </div>
      <div className="profile__actions">
        <SubmitButton form={form} label={p.update} pendingLabel={p.updating} testId="profile-update" />
        <button
          type="button"
          className="button button--ghost"
          onClick={onLogout}
          disabled={loggingOut}
          data-testid="logout"
        >
          {p.logout}
        </button>
      </div>
    </form>
  );
}

function ProfileCard({ profile }: { profile: ProfileDto }) {
  return (
    <div className="profile">
      <section className="profile__card" aria-labelledby="profile-title">
        <ProfileHead profile={profile} />
        {/* Keyed by what the server holds: a saved change (here or in another tab) starts the form from it. */}
        <DetailsForm key={`${profile.firstName}|${profile.lastName}|${profile.phoneNumber}`} profile={profile} />
        <EmailForm profile={profile} />
        <PasswordForm />
      </section>
    </div>
  );
}
