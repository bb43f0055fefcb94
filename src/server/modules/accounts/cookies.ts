// The RefreshToken cookie: httpOnly, SameSite=Lax, Path=/api (REST and tRPC both see it), Secure in production.
import type { AppConfig } from '../../config';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from './sessions';

export const REFRESH_COOKIE_PATH = '/api';

export function refreshCookie(config: AppConfig, token: string): string {
  const parts = [`${REFRESH_COOKIE}=${token}`, `Path=${REFRESH_COOKIE_PATH}`, `Max-Age=${REFRESH_TOKEN_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
  if (config.env === 'production') parts.push('Secure');
  return parts.join('; ');
}

export function clearedRefreshCookie(config: AppConfig): string {
  const parts = [`${REFRESH_COOKIE}=`, `Path=${REFRESH_COOKIE_PATH}`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'HttpOnly', 'SameSite=Lax'];
  if (config.env === 'production') parts.push('Secure');
  return parts.join('; ');
}

/** Reads the refresh token from a Cookie header (the token is base64url, so no decoding is needed). */
export function readRefreshCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
    }
  }
  return null;
}
