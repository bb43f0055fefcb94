// Component tests talk to the real Hono app (src/client/test/serve.ts, in a child process); the happy-dom window
// is moved to its origin, so the client's relative URLs (/api/...) and its httpOnly cookie work as in a browser.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';

export interface TestUser {
  userId: number;
  roleID: number;
  email: string;
  password: string;
}

export interface ClientTestServer {
  url: string;
  customer: TestUser;
  staff: TestUser;
  admin: TestUser;
  product: { productId: number; categoryId: number; variantIds: number[] };
  countryID: number;
  /** A country whose postal code may stay empty. */
  zipFreeCountryID: number;
  /** A sent e-mail whose body was cleared 90 days after sending (decision 241). */
  clearedMailID: number;
  close: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * `publicUrl`: the shop's public origin (PUBLIC_URL), e.g. an IP address where passkeys cannot be used.
 * `stepUpSeconds`: how long a sign-in counts as proof for account-keeping changes (decision 237; default 300).
 */
export async function startClientTestServer(
  opts: { publicUrl?: string; stepUpSeconds?: number } = {},
): Promise<ClientTestServer> {
  const env = {
    ...process.env,
    ...(opts.publicUrl ? { CLIENT_TEST_PUBLIC_URL: opts.publicUrl } : {}),
    ...(opts.stepUpSeconds ? { STEP_UP_SECONDS: String(opts.stepUpSeconds) } : {}),
  };
  // The server compiled by the global setup (global-setup.ts); tsx on its source when a file runs without it.
  const compiled = inject('clientTestServer') as string | undefined;
  const [command, args] = compiled
    ? [process.execPath, ['--enable-source-maps', compiled]]
    : [path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'serve.ts')]];
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`test server exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as Omit<ClientTestServer, 'close'>;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${info.url}/`);
  return {
    ...info,
    close: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Records the paths of the requests the client sends (they still go to the server: nothing is answered here). */
export function recordRequests(): { paths: string[]; restore: () => void } {
  const original = window.fetch;
  const paths: string[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    paths.push(new URL(raw, window.location.href).pathname);
    return original.call(window, input, init);
  }) as typeof fetch;
  return { paths, restore: () => (window.fetch = original) };
}
