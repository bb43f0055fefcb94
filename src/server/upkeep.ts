// Upkeep of the serving process (issue 38, decision 241): every few hours, fresh planner statistics (SQLite's
// PRAGMA optimize within a bounded analysis limit; PostgreSQL's autovacuum does its own) and the bodies of sent
// e-mails past MAIL_KEEP_DAYS cleared. Each step is short or cut into short batches, so a round never holds the
// event loop for long; several processes may run it at once (each step only touches what is still to do).
// Also the derived data's checks after each start (decision 263): search indexes, order rollups, buyers.
import type { AppDeps } from './deps';
import { keepStatistics } from './db/dialect';
import { repairSearchIndexesInSlices, STAFF_SEARCH_INDEXES } from './db/search-index';
import { describeError } from './http/log-safe';
import { checkOrderRollupsInSlices, settleBuyersAtStart } from './modules/orders';
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

export interface DerivedDataCheck {
  /** The search indexes rebuilt (SQLite), the rollup days rebuilt, and whether the buyers were rebuilt or settled. */
  searchIndexes: string[];
  rollupDays: string[];
  buyers: 'rebuilt' | number;
  ms: number;
}

/**
 * The derived data checked after the shop listens (decision 263), each step in slices with turns of the event loop
 * between them: the staff search indexes (decision 243), the order rollups a few days at a time (244), the buyers'
 * queue settled or, when long, rebuilt (256). Until a step is done its reads stay right: searches skip an index
 * being rebuilt, the rollups' unchecked days read as they were, the buyers list waits for the rebuild.
 */
export async function checkDerivedData(
  deps: Pick<AppDeps, 'db'>,
  opts: { stopped?: () => boolean } = {},
): Promise<DerivedDataCheck> {
  const started = performance.now();
  const searchIndexes = await repairSearchIndexesInSlices(deps.db, STAFF_SEARCH_INDEXES);
  const rollups = opts.stopped?.() ? { rebuilt: [] } : await checkOrderRollupsInSlices(deps.db, opts);
  const buyers = opts.stopped?.() ? 0 : await settleBuyersAtStart(deps.db, opts.stopped);
  return {
    searchIndexes,
    rollupDays: rollups.rebuilt.map((r) => `${r.from}..${r.to} (${r.differ.join(', ')})`),
    buyers,
    ms: Math.round(performance.now() - started),
  };
}

/** Runs checkDerivedData in the background and logs what it repaired; `stop` ends it between slices and waits. */
export function checkDerivedDataInBackground(deps: Pick<AppDeps, 'db' | 'logger'>): { stop: () => Promise<void> } {
  let stopped = false;
  const running = checkDerivedData(deps, { stopped: () => stopped }).then(
    (r) => {
      if (r.searchIndexes.length) deps.logger?.warn(`Rebuilt stale search indexes: ${r.searchIndexes.join(', ')}`);
      if (r.rollupDays.length)
        deps.logger?.warn(`Order rollups disagreed with the orders on ${r.rollupDays.join('; ')}: rebuilt those days`);
      if (r.buyers === 'rebuilt') deps.logger?.info('Rebuilt the buyers from the orders');
      deps.logger?.info(r, `Derived data checked in ${r.ms} ms`);
    },
    (err: unknown) => {
      if (!stopped) deps.logger?.error({ err: describeError(err) }, 'checking the derived data after start failed');
    },
  );
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
