// Loads the Google Identity Services and Facebook JS SDKs, only when the server says a provider is configured.
interface GoogleId {
  accounts: {
    id: {
      initialize(opts: {
        client_id: string;
        callback: (r: { credential?: string }) => void;
        ux_mode?: 'popup';
        auto_select?: boolean;
      }): void;
      renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
    };
  };
}
interface FacebookSdk {
  init(opts: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    cb: (r: { authResponse?: { accessToken: string; userID: string } | null }) => void,
    opts: { scope: string },
  ): void;
  api(
    path: string,
    params: Record<string, string>,
    cb: (r: { id?: string; name?: string; email?: string; error?: unknown }) => void,
  ): void;
}

declare global {
  interface Window {
    google?: GoogleId;
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.defer = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loading.delete(src);
        reject(new Error(`failed to load ${src}`));
      };
      document.head.appendChild(s);
    });
    loading.set(src, p);
  }
  return p;
}

export async function loadGoogle(): Promise<GoogleId> {
  await loadScript('https://accounts.google.com/gsi/client');
  if (!window.google) throw new Error('Google Identity Services unavailable');
  return window.google;
}

let fbReady: Promise<FacebookSdk> | null = null;
export function loadFacebook(appId: string): Promise<FacebookSdk> {
  fbReady ??= loadScript('https://connect.facebook.net/en_US/sdk.js').then(() => {
    if (!window.FB) throw new Error('Facebook SDK unavailable');
    window.FB.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
    return window.FB;
  });
  fbReady.catch(() => {
    fbReady = null;
  });
  return fbReady;
}

export type { FacebookSdk, GoogleId };
