// Security headers for every response: CSP limited to our origin plus the map and sign-in providers we embed.
import { createHash } from 'node:crypto';
import { FIRST_TAP_SCRIPT } from '#shared/first-tap-script';
import type { AppConfig } from '../config';

/** The one inline script the pages carry (the first-tap capture, decision 213), allowed by its hash. */
export const FIRST_TAP_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_TAP_SCRIPT).digest('base64')}'`;

export const MAP_ORIGIN = 'https://www.openstreetmap.org';

export function contentSecurityPolicy(config: AppConfig): string {
  const scriptSrc = ["'self'", FIRST_TAP_SCRIPT_HASH];
  const frameSrc = [MAP_ORIGIN];
  const connectSrc = ["'self'"];
  const styleSrc = ["'self'", "'unsafe-inline'"];
  if (config.google) {
    scriptSrc.push('https://accounts.google.com');
    frameSrc.push('https://accounts.google.com');
    connectSrc.push('https://accounts.google.com');
    styleSrc.push('https://accounts.google.com/gsi/style');
  }
  if (config.facebook) {
    scriptSrc.push('https://connect.facebook.net');
    frameSrc.push('https://www.facebook.com', 'https://web.facebook.com');
    connectSrc.push('https://graph.facebook.com', 'https://www.facebook.com');
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    `style-src ${styleSrc.join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${frameSrc.join(' ')}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers every response carries, computed once per app. */
export function securityHeaderList(config: AppConfig): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(config)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (config.env === 'production') list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return list;
}
