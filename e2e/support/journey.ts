// One browser journey file's fixtures: the real app on its own copy of the demo database, and Chromium.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startE2eServer, type E2eServer } from './server';

export interface Journey {
  server: E2eServer;
  browser: Browser;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs. */
export function useJourney(): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startE2eServer();
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.close();
  });
  return journey;
}
