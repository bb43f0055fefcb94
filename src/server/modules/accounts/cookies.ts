// The RefreshToken cookie: httpOnly, SameSite=Lax, Path=/api (REST and tRPC both see it), Secure in production.
// Written and read with Hono's cookie helpers (hono/cookie, hono/utils/cookie), so both doors share one format.
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import type { AppConfig } from '#server/config';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from './sessions';

const REFRESH_COOKIE_PATH = '/api';

const options = (config: AppConfig) => ({
  path: REFRESH_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'Lax' as const,
  secure: config.env === 'production',
});

export function refreshCookie(config: AppConfig, token: string): string {
  return generateCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

export function clearedRefreshCookie(config: AppConfig): string {
  return generateCookie(REFRESH_COOKIE, '', { ...options(config), maxAge: 0, expires: new Date(0) });
}

/** Reads the refresh token from a Cookie header; anything but a base64url token counts as none. */
export function readRefreshCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader, REFRESH_COOKIE)[REFRESH_COOKIE];
  return value !== undefined && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
}
