// Upkeep of the serving process (issue 38, decision 241): every few hours, fresh planner statistics (SQLite's
// PRAGMA optimize within a bounded analysis limit; PostgreSQL's autovacuum does its own) and the bodies of sent
// e-mails past MAIL_KEEP_DAYS cleared. Each step is short or cut into short batches, so a round never holds the
// event loop for long; several processes may run it at once (each step only touches what is still to do).
import type { AppDeps } from './deps';
import { keepStatistics } from './db/dialect';
import { describeError } from './http/log-safe';
import { clearOldMailBodies } from './modules/outbox';

/** How often a round runs (3 hours) and how long after start the first one waits (a minute: start stays quick). */
export const UPKEEP_INTERVAL_MS = 3 * 60 * 60 * 1000;
export const UPKEEP_FIRST_DELAY_MS = 60 * 1000;

export interface UpkeepRound {
  statisticsMs: number;
  mailBodiesCleared: number;
}

/** One round: statistics first (a few ms), then the outbox bodies (batches with a turn of the loop between). */
export async function runUpkeep(deps: Pick<AppDeps, 'db' | 'config'>, now: Date = new Date()): Promise<UpkeepRound> {
  const started = performance.now();
  await keepStatistics(deps.db);
  const statisticsMs = Math.round(performance.now() - started);
  const mail = await clearOldMailBodies(deps, now);
  return { statisticsMs, mailBodiesCleared: mail.cleared };
}

export interface UpkeepSchedule {
  /** Stops the timer and waits for a round in progress. */
  stop: () => Promise<void>;
}

/** Runs runUpkeep after `firstDelayMs` and then every `intervalMs`; failures are logged, the next round still runs. */
export function scheduleUpkeep(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  opts: { intervalMs?: number; firstDelayMs?: number } = {},
): UpkeepSchedule {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const plan = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = null;
        plan(opts.intervalMs ?? UPKEEP_INTERVAL_MS);
      });
    }, ms);
    timer.unref();
  };
  const round = async () => {
    try {
      const r = await runUpkeep(deps);
      deps.logger?.info(r, 'upkeep: statistics refreshed, old e-mail bodies cleared');
    } catch (err) {
      deps.logger?.error({ err: describeError(err) }, 'upkeep round failed');
    }
  };
  plan(opts.firstDelayMs ?? UPKEEP_FIRST_DELAY_MS);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
