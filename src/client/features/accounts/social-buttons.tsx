// "Kyçu me Facebook" and "Kyçu me Google": shown only for providers the server is configured for. The provider's
// token is sent to the server, which verifies it before signing anyone in.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SocialLoginInput } from '#shared/schemas/accounts';
import { accountMessages } from '#shared/messages/account';
import { trpc } from '#client/lib/trpc';
import { loadFacebook, loadGoogle, type FacebookSdk } from './social-sdk';

type Submit = (payload: SocialLoginInput) => void;

export function SocialButtons({ onToken, disabled }: { onToken: Submit; disabled?: boolean }) {
  const providers = useQuery({ ...trpc.accounts.providers.queryOptions(), staleTime: Infinity });
  const google = providers.data?.google;
  const facebook = providers.data?.facebook;
  if (!google && !facebook) return null;
  return (
    <div className="acc-social" data-testid="social-buttons">
      <p className="acc-social__or">
        <span>{accountMessages.account.or}</span>
      </p>
      {facebook && <FacebookButton appId={facebook.appId} onToken={onToken} disabled={disabled} />}
      {google && <GoogleButton clientId={google.clientId} onToken={onToken} disabled={disabled} />}
    </div>
  );
}

function FacebookButton({ appId, onToken, disabled }: { appId: string; onToken: Submit; disabled?: boolean }) {
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  useEffect(() => {
    let live = true;
    loadFacebook(appId).then(
      (fb) => live && setSdk(fb),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [appId]);
  const onClick = () => {
    // FB.login must run inside the click (popup blockers), so the SDK is loaded on mount.
    sdk?.login(
      (r) => {
        const auth = r.authResponse;
        if (!auth) return;
        sdk.api('/me', { fields: 'id,name,email' }, (me) => {
          onToken({
            provider: 'facebook',
            idToken: auth.accessToken,
            uid: auth.userID,
            email: me.email ?? null,
            name: me.name ?? null,
          });
        });
      },
      { scope: 'public_profile,email' },
    );
  };
  return (
    <button
      type="button"
      className="acc-social__btn acc-social__btn--facebook"
      onClick={onClick}
      disabled={disabled || !sdk}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z"
        />
      </svg>
      {accountMessages.account.facebook}
    </button>
  );
}

function GoogleButton({ clientId, onToken, disabled }: { clientId: string; onToken: Submit; disabled?: boolean }) {
  const overlay = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const submit = useRef(onToken);
  submit.current = onToken;
  useEffect(() => {
    let live = true;
    loadGoogle().then(
      (g) => {
        if (!live || !overlay.current) return;
        g.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (r) => {
            if (r.credential) submit.current({ provider: 'google', idToken: r.credential });
          },
        });
        // Google only issues ID tokens from its own button: it is rendered invisibly over ours, which carries
        // the spec's text and the shop's look.
        g.accounts.id.renderButton(overlay.current, {
          type: 'standard',
          size: 'large',
          width: overlay.current.offsetWidth || 320,
        });
        setReady(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  return (
    <div className="acc-social__google">
      <button
        type="button"
        className="acc-social__btn acc-social__btn--google"
        disabled={disabled || !ready}
        tabIndex={-1}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M12 10.2v3.9h5.4c-.2 1.3-1.6 3.8-5.4 3.8-3.2 0-5.9-2.7-5.9-6s2.7-6 5.9-6c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
          />
        </svg>
        {accountMessages.account.google}
      </button>
      <div ref={overlay} className="acc-social__google-overlay" aria-label={accountMessages.account.google} />
    </div>
  );
}
