// "Hyr me çelës kalimi" under the login form (decision 226): a passkey instead of password + code, usernameless, or
// for the account whose e-mail is typed above. Hidden where the shop's address cannot hold passkeys (decision 238).
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { usePasskeyLogin } from '#client/lib/passkey-ceremonies';
import { accountMessages } from '#shared/messages/account';

const p = accountMessages.passkeys;

export function PasskeyLoginButton({
  email,
  onLoggedIn,
  disabled,
}: {
  email: string;
  onLoggedIn: (delayMs: number) => void;
  disabled?: boolean;
}) {
  const { signIn, busy } = usePasskeyLogin(onLoggedIn);
  const providers = useQuery({ ...trpc.accounts.providers.queryOptions(), staleTime: Infinity });
  if (!providers.data?.passkeys) return null;
  return (
    <div className="acc-passkey">
      <p className="acc-social__or">
        <span>{accountMessages.account.or}</span>
      </p>
      <button
        type="button"
        className="button button--ghost button--block acc-passkey__btn"
        onClick={() => void signIn(email)}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby="acc-passkey-hint"
        data-testid="passkey-login"
      >
        <KeyIcon />
        {busy ? p.loggingIn : p.login}
      </button>
      <p id="acc-passkey-hint" className="acc-passkey__hint">
        {p.loginHint}
      </p>
    </div>
  );
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14.5 9.5a4 4 0 1 1-1.2-2.8M14.5 9.5 21 16v3h-3v-2h-2v-2l-2.7-2.7M7.5 10.5h.01"
      />
    </svg>
  );
}
