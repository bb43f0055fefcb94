// How long the outbox keeps what it sent (issue 38, decision 241): a sent message keeps its HTML and text for
// MAIL_KEEP_DAYS, then only its metadata (kind, recipient, subject, order, dates) and when its body was cleared.
// Queued, sending and failed messages keep their bodies (they may still be sent). The clearing runs in batches of
// CLEAR_BATCH rows, one short statement each, with a turn of the event loop between them (SQLite's driver is
// synchronous), and is safe to run in several processes at once: each batch only touches rows still uncleared.
import type { AppDeps } from '#server/deps';
import { nextTurn } from '#server/time-slices';
import { mailKeepDays } from './outbox.config';
import * as q from './outbox.queries';

/** Rows per clearing statement: measured at a few milliseconds on SQLite with 5 kB bodies (decision 241). */
export const CLEAR_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ClearedBodies {
  cleared: number;
  batches: number;
  /** Messages sent before this instant had their bodies cleared. */
  cutoff: string;
}

/** Clears the bodies of messages sent more than MAIL_KEEP_DAYS before `now`; returns how many it cleared. */
export async function clearOldMailBodies(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now: Date = new Date(),
  batch: number = CLEAR_BATCH,
): Promise<ClearedBodies> {
  const cutoff = new Date(now.getTime() - mailKeepDays(deps.config) * DAY_MS).toISOString();
  let cleared = 0;
  let batches = 0;
  for (;;) {
    const n = await q.clearSentBodies(deps.db, cutoff, new Date().toISOString(), batch);
    cleared += n;
    if (n > 0) batches += 1;
    if (n < batch) return { cleared, batches, cutoff };
    await nextTurn();
  }
}
