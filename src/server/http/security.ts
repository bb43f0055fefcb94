// Security headers for every response: CSP limited to our origin plus the map and sign-in providers we embed.
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';

export const MAP_ORIGIN = 'https://www.openstreetmap.org';

export function contentSecurityPolicy(config: AppConfig): string {
  const scriptSrc = ["'self'"];
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

export function securityHeaders(config: AppConfig): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'SAMEORIGIN');
    h.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (config.env === 'production') h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
