// One browser journey file's fixtures: the real app on its own copy of the demo database, and Chromium.
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { hydrationErrors, launchBrowser } from './browser';
import { closeLeasedContexts } from './page-pool';
import type { AppConfig } from '#server/config';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { startE2eServer, type E2eServer } from './server';

export interface Journey {
  server: E2eServer;
  browser: Browser;
}

/**
 * One Chromium per worker process, shared by the journey files it runs one after another (`isolate: false` keeps this
 * module's state between them): a launch and a close cost about a second of a 2-core runner's CPU, 43 times a run.
 * Each file still opens its own contexts and closes them when it ends; a browser that died is launched again.
 */
let workerBrowser: Browser | undefined;
async function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser?.isConnected()) workerBrowser = await launchBrowser();
  return workerBrowser;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs. */
export function useJourney(overrides: () => Partial<AppConfig> = () => ({})): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startE2eServer(overrides());
    journey.browser = await sharedBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && journey.browser) await tellWhatThePagesShow(journey.browser, task.name);
  });
  afterAll(async () => {
    // The file's pages end with it (kept ones, already cleared, stay for the next file: page-pool.ts); the browser
    // stays for the worker's next file (Vitest ends the worker, and Playwright the browser with it, after the last).
    if (journey.browser) await closeLeasedContexts(journey.browser);
    await journey.server?.close();
    // Every server-rendered page any journey opened hydrated without React throwing its HTML away.
    expect(hydrationErrors).toEqual([]);
  });
  return journey;
}

/**
 * After a failed test, what each page still open shows: its address and the texts of its alerts and toasts on the
 * console, and a screenshot under e2e/failures/ (git-ignored), so that a failure seen once in CI can be read.
 */
async function tellWhatThePagesShow(browser: Browser, testName: string): Promise<void> {
  const dir = path.resolve('e2e/failures');
  const slug = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    try {
      const alerts = await page
        .locator('[role="alert"], [role="status"], [data-sonner-toast], .field__error, .dash-error')
        .allTextContents();
      const file = path.join(dir, `${slug}-${i + 1}.png`);
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: file, timeout: 5_000 });
      console.log(
        `[failed page ${i + 1}] ${page.url()}\n  shows: ${JSON.stringify(alerts.filter((a) => a.trim()))}\n  ${file}`,
      );
    } catch (err) {
      console.log(`[failed page ${i + 1}] ${page.url()}: ${(err as Error).message}`);
    }
  }
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
