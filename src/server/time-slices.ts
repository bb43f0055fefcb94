// Long in-process work cut into slices so the event loop keeps answering other requests in between (decision 200):
// `if (slices.spent()) await slices.next();` inside a loop yields one macrotask turn (setImmediate: I/O, timers and
// other requests run) once the current slice has used its budget. An `await` on a resolved promise is a microtask
// and lets nothing else run, so synchronous SQLite work and CPU loops must yield this way.

/** One turn of the event loop. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Slices of at most about `budgetMs` of synchronous work each (the checks themselves cost a clock read). */
export function timeSlices(budgetMs = 10) {
  let started = performance.now();
  return {
    spent: (): boolean => performance.now() - started >= budgetMs,
    async next(): Promise<void> {
      await nextTurn();
      started = performance.now();
    },
  };
}

export type TimeSlices = ReturnType<typeof timeSlices>;
