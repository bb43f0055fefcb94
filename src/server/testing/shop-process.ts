// The real `npm start` entry point (src/server/main.ts under tsx) as a child process on a loopback port, for tests
// of several processes on one database (multi-process.test.ts, two-servers.ts). Resolves once it logs that it
// serves (the workers run and its signal handlers are in place by then).
import { spawn, type ChildProcess } from 'node:child_process';

export interface ShopProcess {
  child: ChildProcess;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

export function startShop(env: Record<string, string>): Promise<ShopProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SKIP_CLIENT_BUILD: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the shop did not start in 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code}) before serving:\n${output}`));
    });
  });
}

/** Ends the process with `signal` (SIGTERM: a graceful shutdown; SIGKILL: a crash) and waits for it to exit. */
export function stopShop(p: ShopProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill(signal);
  });
}
