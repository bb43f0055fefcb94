// The shop's public origin for absolute links (canonical, Open Graph, sitemap, feeds).
import type { AppConfig } from '../config';

/** PUBLIC_URL without a trailing slash, else http://localhost:PORT; never the request's Host header (a forged Host must not end up in links). */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
