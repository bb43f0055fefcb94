// The outbox worker (decision 170): runs inside the server process, polls the outbox (and wakes at once when this
// process queues mail), claims each due message with a guarded UPDATE (so two processes never take the same one),
// sends it over SMTP with nodemailer, and records the outcome. Failures are retried with exponential backoff
// (MAIL_RETRY_SECONDS, doubling, capped at an hour) until MAIL_MAX_ATTEMPTS, then marked failed. A process killed
// mid-send leaves its claim to expire (leaseMs), after which any process picks the message up again.
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '#server/config';
import type { AppDeps } from '#server/deps';
import type { Logger } from '#server/log';
import { describeError } from '#server/http/log-safe';
import * as q from './outbox.queries';
import { linkBase, mailSettings } from './outbox.config';
import { onMailQueued } from './outbox.service';
import { secretLinkMinter, withSecretLink, withShopUrl } from './secret-links';
import { emailMessages } from '#shared/messages/emails';

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

type MailRow = NonNullable<Awaited<ReturnType<typeof q.mailById>>>;

/** Delay before the next attempt after `attempts` failed ones: base, 2×base, 4×base … capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface MailWorkerOptions {
  /** How often the outbox is looked at when nothing wakes the worker (ms). */
  pollMs?: number;
  /** How long a claim holds before another process may take the message over (ms); longer than any send. */
  leaseMs?: number;
  /** Messages claimed per round. */
  batch?: number;
}

/** The SMTP transport for SMTP_URL; timeouts keep every send well inside the claim's lease. */
export async function smtpTransport(smtpUrl: string): Promise<Transporter> {
  const { createTransport } = await import('nodemailer');
  return createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as Parameters<typeof createTransport>[0]);
}

/** The domain of MAIL_FROM, for Message-IDs. */
function fromDomain(from: string): string {
  const m = /@([^\s<>@]+)>?\s*$/.exec(from);
  return m ? m[1]! : 'butiku.shop';
}

export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly settings: MailConfig;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly log: Logger | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
    private readonly transport: Transporter,
    opts: MailWorkerOptions = {},
  ) {
    this.settings = mailSettings(deps.config);
    this.pollMs = opts.pollMs ?? 2000;
    this.leaseMs = opts.leaseMs ?? 5 * 60 * 1000;
    this.batch = opts.batch ?? 20;
    this.log = deps.logger;
    this.unsubscribe = onMailQueued(() => this.kick());
  }

  start(): this {
    this.kick();
    return this;
  }

  /** Look at the outbox now (or right after the current round). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.round()
      .catch((err: unknown) => this.log?.error({ err: describeError(err) }, 'mail worker round failed'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Claims and sends every message due now (in batches); resolves when none is left. */
  async round(): Promise<void> {
    for (;;) {
      const ids = await q.dueMailIds(this.deps.db, new Date().toISOString(), this.batch);
      if (ids.length === 0 || this.stopped) return;
      for (const id of ids) {
        if (this.stopped) return;
        await this.sendOne(id);
      }
      if (ids.length < this.batch) return;
    }
  }

  private async sendOne(id: number): Promise<void> {
    const db = this.deps.db;
    const token = randomUUID();
    const now = new Date();
    if (!(await q.claimMail(db, id, token, now.toISOString(), new Date(now.getTime() + this.leaseMs).toISOString())))
      return; // another process has it
    const mail = await q.mailById(db, id);
    if (!mail || mail.claim_token !== token) return;
    try {
      const body = await this.bodyToSend(mail);
      if (!body) return;
      await this.transport.sendMail({
        from: this.settings.from,
        to: mail.recipient,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: body.html,
        text: body.text,
        // One id per outbox row: if a crash ever makes a message go out twice, mail systems see the same message.
        messageId: `<outbox-${mail.mail_id}.${Date.parse(mail.created_at)}@${fromDomain(this.settings.from)}>`,
        headers: { 'X-Butiku-Mail-Id': String(mail.mail_id), 'X-Butiku-Mail-Kind': mail.kind },
      });
      await q.markSent(db, id, token, new Date().toISOString());
      this.log?.info({ mailId: id, kind: mail.kind }, 'e-mail sent');
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const failed = mail.attempts >= this.settings.maxAttempts;
      const next = new Date(Date.now() + retryDelayMs(mail.attempts, this.settings.retryBaseMs)).toISOString();
      await q.markAttemptFailed(db, id, token, failed ? 'failed' : 'queued', next, error);
      this.log?.warn({ mailId: id, kind: mail.kind, attempts: mail.attempts, failed, error }, 'e-mail not sent');
    }
  }

  /**
   * The body that goes to SMTP: as stored, or with a freshly minted secret link in place of the placeholder
   * (decision 207). The link lives only in this copy. Null (and the message failed for good) when the secret may
   * no longer be sent: expired, used, or no module mints that kind.
   */
  private async bodyToSend(mail: MailRow): Promise<{ html: string; text: string } | null> {
    const stored = withShopUrl({ html: mail.html, text: mail.text_body }, linkBase(this.deps.config));
    if (!mail.secret_kind || mail.secret_ref === null) return stored;
    const mint = secretLinkMinter(mail.secret_kind);
    const link = mint ? await mint(this.deps, mail.secret_ref, new Date()) : null;
    if (link) return withSecretLink(stored, link);
    const reason = mint ? emailMessages.secretExpired : emailMessages.secretUnavailable;
    await q.markAttemptFailed(
      this.deps.db,
      mail.mail_id,
      mail.claim_token!,
      'failed',
      new Date().toISOString(),
      reason,
    );
    this.log?.warn(
      { mailId: mail.mail_id, kind: mail.kind },
      'e-mail not sent: its one-time link may no longer be sent',
    );
    return null;
  }

  /** Stops polling, waits for the message in flight, closes the SMTP connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }
}

/**
 * Without SMTP_URL nothing is sent: queued messages stay queued (a later start with SMTP_URL sends them) and are
 * labelled "not sent: no SMTP configured" so staff reading the outbox know why.
 */
export class NoSmtpHold {
  private readonly unsubscribe: () => void;
  private running: Promise<void> = Promise.resolve();
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'logger'>) {
    this.unsubscribe = onMailQueued(() => this.label());
  }
  label(): void {
    this.running = this.running
      .then(() => q.labelUnsent(this.deps.db, emailMessages.noSmtp))
      .catch((err: unknown) => this.deps.logger?.error({ err: describeError(err) }, 'mail outbox labelling failed'));
  }
  async stop(): Promise<void> {
    this.unsubscribe();
    await this.running;
  }
}

/** Starts the worker when SMTP_URL is set; without it messages stay queued, labelled (NoSmtpHold). */
export async function startMailWorker(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  opts: MailWorkerOptions = {},
): Promise<MailWorker | NoSmtpHold> {
  const settings = mailSettings(deps.config);
  if (!settings.smtpUrl) {
    deps.logger?.info('SMTP_URL is not set: e-mails stay in the outbox (not sent: no SMTP configured).');
    const hold = new NoSmtpHold(deps);
    hold.label();
    return hold;
  }
  return new MailWorker(deps, await smtpTransport(settings.smtpUrl), opts).start();
}
