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
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return pino(options);
}
