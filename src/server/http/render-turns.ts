// Uncached page renders take turns (issue 38). On SQLite a render's reads do not wait (the driver is synchronous),
// so fifty shoppers' renders that arrived together ran back to back in one turn of the event loop: for hundreds of
// milliseconds nothing else was read from a socket or accepted, and /healthz or a new visitor waited seconds behind
// the bursts (issue 38: a probe waited up to 28 s during a 30 s page mix).
// Here one render runs at a time, each starting in a turn of the loop of its own, in the order they were asked:
// between two renders the loop accepts connections and answers what costs nothing (a cached page, /healthz, a
// picture). A turn must stay short because Node 20's libuv accepts one connection per turn (strace: one accept4 per
// epoll_wait while 265 connections waited): with two renders a turn, new connections waited a median of 2.5 s under
// the bench's prober; with one, 23 ms. On PostgreSQL a render waits on the database and others run meanwhile, so
// renders there are not queued.
import { nextTurn } from '../time-slices';

export const RENDERS_AT_ONCE = 1;

let running = 0;
const queue: Array<() => void> = [];

/** A finished render hands its place to the first one waiting (so none can overtake the queue). */
function release(): void {
  const next = queue.shift();
  if (next) next();
  else running--;
}

/** Runs `render` once fewer than RENDERS_AT_ONCE renders run, in a turn of the event loop of its own. */
export async function inRenderTurn<T>(render: () => Promise<T>): Promise<T> {
  if (running < RENDERS_AT_ONCE) running++;
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    await nextTurn();
    return await render();
  } finally {
    release();
  }
}

/** Renders waiting for their turn now (tests, diagnostics). */
export const rendersWaiting = (): number => queue.length;
