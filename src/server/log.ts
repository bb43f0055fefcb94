// The server's logger (pino): JSON lines on stdout, level from LOG_LEVEL; `npm run dev` sets LOG_PRETTY=1 for
// pino-pretty (a dev dependency, loaded in a worker thread only then). Decision 151.
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (destination) return pino(options, destination);
  if (process.env.LOG_PRETTY === '1') {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  // Lines are buffered (up to 4 KiB, flushed at least every second and when the process exits) instead of one
  // write(2) per request: measured with `npm run bench`, a synchronous write per line cost ~10 % of the listing's
  // throughput (decision 155).
  return pino(options, stdout());
}

let buffered: ReturnType<typeof pino.destination> | undefined;
/** One buffered stdout destination per process, however many loggers (apps) are made. */
function stdout(): ReturnType<typeof pino.destination> {
  if (!buffered) {
    const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    setInterval(() => dest.flush(), 1000).unref();
    process.once('exit', () => dest.flushSync());
    buffered = dest;
  }
  return buffered;
}
