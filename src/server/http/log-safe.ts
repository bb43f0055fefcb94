// What an unexpected error may put in the log: its name, a bounded message and a few stack frames, never the
// request body or a value echoed inside a long message (e.g. a 1 MB string in a TypeError).
const MAX_MESSAGE = 200;
const MAX_FRAMES = 8;

export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `non-error thrown (${typeof err})`;
  const message =
    err.message.length > MAX_MESSAGE
      ? `${err.message.slice(0, MAX_MESSAGE)}… (${err.message.length} chars)`
      : err.message;
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
  const cause =
    err.cause instanceof Error && err.cause !== err
      ? `\n  caused by ${err.cause.name}: ${err.cause.message.slice(0, MAX_MESSAGE)}`
      : '';
  return [`${err.name}: ${message}`, ...frames].join('\n') + cause;
}
