// A real SMTP server on a loopback port for the tests (smtp-server), parsing what arrives with mailparser. No
// mocked transport: the shop's nodemailer connects to it over TCP exactly as it would to a provider.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:{port} for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, parsed, in arrival order. */
  received: ParsedMail[];
  /** Resolves once at least n messages have arrived (rejects after timeoutMs). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts the server on `port` (0 = any free loopback port). */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    waitFor(n, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(received);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} e-mails, received ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (for "SMTP is down"). */
export async function freePort(): Promise<number> {
  const s = await startSmtp(0);
  await s.close();
  return s.port;
}
