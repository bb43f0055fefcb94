// How `npm run db:backup` and `npm run db:restore` end (decision 203): exit code 0 only when the work's promise
// fulfilled. SIGINT/SIGTERM/SIGHUP abort the work (it removes its unfinished files) and exit 128+n; a second signal
// exits at once (the exit hook in unfinished.ts removes them). If the event loop runs dry while the work is still
// pending (a stream that never finished: node would end the program with code 0), that is a failure too.
import { removeUnfinished } from './unfinished';

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof SIGNAL_CODES;

/** Runs a command's work; `failure` turns an error into the one line printed on stderr. */
export function runCommand(
  name: string,
  work: (signal: AbortSignal) => Promise<void>,
  failure: (err: unknown) => string,
): void {
  const controller = new AbortController();
  let stoppedBy: StopSignal | null = null;
  let settled = false;
  for (const sig of Object.keys(SIGNAL_CODES) as StopSignal[]) {
    process.on(sig, () => {
      if (stoppedBy) process.exit(SIGNAL_CODES[sig]);
      stoppedBy = sig;
      process.stderr.write(`${name}: ${sig} received; stopping and removing its unfinished files…\n`);
      controller.abort(new Error(`stopped by ${sig}`));
    });
  }
  process.on('beforeExit', () => {
    if (settled) return;
    settled = true;
    const removed = removeUnfinished();
    process.stderr.write(
      `${name} failed: the program ran out of work before it finished (a file was never completed). ` +
        `Nothing was written${removed.length ? `; removed ${removed.join(', ')}` : ''}.\n`,
    );
    process.exitCode = 1;
  });
  work(controller.signal).then(
    () => {
      settled = true;
    },
    (err: unknown) => {
      settled = true;
      if (stoppedBy) {
        process.stderr.write(`${name} stopped by ${stoppedBy}; its unfinished files were removed.\n`);
        process.exitCode = SIGNAL_CODES[stoppedBy];
      } else {
        process.stderr.write(`${failure(err)}\n`);
        process.exitCode = 1;
      }
    },
  );
}

/** 412 KB, 19.1 MB: sizes as an operator reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
