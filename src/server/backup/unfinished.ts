// Files a backup or restore is still writing (`….partial`, `….restoring`). They are removed when the work fails,
// and synchronously when the process exits before it finished (a signal, a forced shutdown, or an event loop that
// ran dry with a stream still unfinished), so no half-written file is ever left behind (decision 203).
import fs from 'node:fs';

const unfinished = new Set<string>();
let hooked = false;

/** Removes every unfinished file (or folder) right now; used on failure and from the process' exit hook. */
export function removeUnfinished(): string[] {
  const removed: string[] = [];
  for (const p of unfinished) {
    try {
      if (fs.existsSync(p)) {
        fs.rmSync(p, { recursive: true, force: true });
        removed.push(p);
      }
    } catch {
      // best effort: the exit hook must not throw
    }
    unfinished.delete(p);
  }
  return removed;
}

/** Marks a path as being written: it is deleted unless `finished` is called for it first. */
export function startedWriting(p: string): void {
  if (!hooked) {
    process.on('exit', removeUnfinished);
    hooked = true;
  }
  unfinished.add(p);
}

/** The path is complete (renamed into place) or was removed by its writer. */
export function finished(p: string): void {
  unfinished.delete(p);
}

/** Removes the given unfinished paths (a failed backup or restore cleans up after itself); never throws. */
export function discard(paths: string[]): void {
  for (const p of paths) {
    try {
      fs.rmSync(p, { recursive: true, force: true });
      unfinished.delete(p);
    } catch {
      // left to the exit hook's attempt; the error being handled is the one worth reporting
    }
  }
}
