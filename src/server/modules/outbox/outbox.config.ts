// The e-mail settings of a configuration, with the defaults of config.ts when a (test) config carries none.
import type { AppConfig, MailConfig } from '../../config';

export const DEFAULT_MAIL: MailConfig = {
  from: 'Butiku <porosi@butiku.shop>',
  shopEmail: 'info@butiku.shop',
  maxAttempts: 8,
  retryBaseMs: 30_000,
};

export function mailSettings(config: Pick<AppConfig, 'mail'>): MailConfig {
  return config.mail ?? DEFAULT_MAIL;
}

/** The shop's public origin for links in e-mails (PUBLIC_URL; config.ts fills in http://localhost:PORT). */
export function linkBase(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
