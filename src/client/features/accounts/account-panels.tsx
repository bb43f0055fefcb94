// The sliding two-panel account page: login and sign-up side by side, with a coloured panel that slides
// across to switch between them ("Nuk keni një llogari?" → "Regjistrohu"). Below 768 px one form at a time.
import { useState } from 'react';
import { accountMessages } from '#shared/messages/account';
import { EMAIL_LOGIN_REDIRECT_MS, LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';
import './accounts.css';

export function AccountPanels({ onLoggedIn }: { onLoggedIn: (delayMs: number) => void }) {
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const signup = mode === 'signup';
  return (
    <section
      className={`acc${signup ? ' acc--signup' : ''}`}
      aria-label={accountMessages.account.welcome}
      data-mode={mode}
    >
      <div className="acc__panel acc__panel--signup" aria-hidden={!signup}>
        <SignUpForm active={signup} onSignedUp={() => onLoggedIn(EMAIL_LOGIN_REDIRECT_MS)} />
        <p className="acc__switch acc__switch--mobile">
          {accountMessages.account.haveAccount}{' '}
          <button type="button" className="acc__link" onClick={() => setMode('login')}>
            {accountMessages.account.login}
          </button>
        </p>
      </div>
      <div className="acc__panel acc__panel--login" aria-hidden={signup}>
        <LoginForm active={!signup} onLoggedIn={onLoggedIn} />
        <p className="acc__switch acc__switch--mobile">
          {accountMessages.account.noAccount}{' '}
          <button type="button" className="acc__link" onClick={() => setMode('signup')} data-testid="to-signup-mobile">
            {accountMessages.account.signUp}
          </button>
        </p>
      </div>
      <div className="acc__overlay" aria-hidden="false">
        <div className="acc__overlay-inner">
          <p className="acc__eyebrow">Butiku</p>
          <h1 className="acc__welcome">{accountMessages.account.welcome}</h1>
          {signup ? (
            <>
              <p className="acc__overlay-text">{accountMessages.account.haveAccount}</p>
              <button
                type="button"
                className="button button--light"
                onClick={() => setMode('login')}
                data-testid="to-login"
              >
                {accountMessages.account.login}
              </button>
            </>
          ) : (
            <>
              <p className="acc__overlay-text">{accountMessages.account.noAccount}</p>
              <button
                type="button"
                className="button button--light"
                onClick={() => setMode('signup')}
                data-testid="to-signup"
              >
                {accountMessages.account.signUp}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
