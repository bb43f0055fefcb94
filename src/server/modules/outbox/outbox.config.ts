// The e-mail settings of a configuration, with the defaults of config.ts when a (test) config carries none.
import type { AppConfig, MailConfig } from '#server/config';

export const DEFAULT_MAIL: MailConfig = {
  from: 'Butiku <porosi@butiku.shop>',
  shopEmail: 'info@butiku.shop',
  maxAttempts: 8,
  retryBaseMs: 30_000,
  keepDays: 90,
};

export function mailSettings(config: Pick<AppConfig, 'mail'>): MailConfig {
  return config.mail ?? DEFAULT_MAIL;
}

/** Days a sent message keeps its body before only its metadata stays (MAIL_KEEP_DAYS, decision 241). */
export function mailKeepDays(config: Pick<AppConfig, 'mail'>): number {
  return mailSettings(config).keepDays ?? DEFAULT_MAIL.keepDays!;
}

/** The shop's public origin for links in e-mails (PUBLIC_URL; config.ts fills in http://localhost:PORT). */
export function linkBase(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
