// One browser journey file's fixtures: the real app on its own copy of the demo database, and Chromium.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { hydrationErrors, launchBrowser } from './browser';
import type { AppConfig } from '#server/config';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { startE2eServer, type E2eServer } from './server';

export interface Journey {
  server: E2eServer;
  browser: Browser;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs. */
export function useJourney(overrides: () => Partial<AppConfig> = () => ({})): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startE2eServer(overrides());
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.close();
    // Every server-rendered page any journey opened hydrated without React throwing its HTML away.
    expect(hydrationErrors).toEqual([]);
  });
  return journey;
}

/**
 * A journey whose shop sends its e-mails to a real SMTP server on a loopback port, read as `journey.smtp`: started
 * before the shop, closed after it. The staff copies go to staff@butiku.shop.
 */
export function useMailJourney(): Journey & { readonly smtp: TestSmtp } {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());
  const journey = useJourney(() => ({
    mail: {
      smtpUrl: smtp!.url,
      from: 'Butiku <porosi@butiku.shop>',
      shopEmail: 'staff@butiku.shop',
      maxAttempts: 3,
      retryBaseMs: 500,
    },
  }));
  return Object.defineProperty(journey, 'smtp', { get: () => smtp! }) as Journey & { readonly smtp: TestSmtp };
}
