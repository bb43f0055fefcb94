// Environment configuration, parsed with zod at start-up; a bad value stops the server with a clear message.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './log';
import { deriveKeys, type ServerKeys } from './keys';
import {
  DEFAULT_BODY_LIMITS,
  DEFAULT_LIMITS,
  limitEnvName,
  type BodyLimits,
  type LimitName,
  type LimitTable,
} from './http/limits';
import type { CacheBudget } from './lib/cache-budget';
import { parseTrustProxy, type TrustProxy } from './http/client-address';
import { messages } from '#shared/messages';
import { normalisePhone } from '#shared/schemas/person';
import { returnMessages } from '#shared/messages/returns';
import { DEFAULT_RETURN_WINDOW_DAYS } from '#shared/returns';
import { cartReminderEnv, cartRemindersFromEnv, type CartReminderConfig } from './cart-reminder-config';
import { parseS3Url, type S3Location } from './storage/storage-url';

/** "porosi@butiku.shop" or "Butiku <porosi@butiku.shop>". */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// RATE_LIMIT_<NAME>=points/seconds, e.g. RATE_LIMIT_CHECKOUT=60/60 (docs/decisions/121).
const limitRule = z
  .string()
  .regex(/^[1-9]\d{0,6}\/[1-9]\d{0,6}$/, 'use points/seconds, e.g. 60/60')
  .transform((v) => {
    const [points, seconds] = v.split('/').map(Number) as [number, number];
    return { points, windowSeconds: seconds };
  });
const limitNames = Object.keys(DEFAULT_LIMITS) as LimitName[];
const limitEnv = Object.fromEntries(limitNames.map((n) => [limitEnvName(n), limitRule.optional()])) as Record<
  string,
  z.ZodOptional<typeof limitRule>
>;

// BODY_LIMIT_JSON / BODY_LIMIT_UPLOAD: bytes (decision 133).
const bodyBytes = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a whole number of bytes, e.g. 1048576')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1024, 'must be at least 1024 bytes')
      .max(1024 * 1024 * 1024, 'must be at most 1 GiB'),
  );

// TRUST_PROXY: which proxies' X-Forwarded-For is believed (decision 204): false, loopback, addresses/CIDRs, a hop count.
const trustProxy = z.string().transform((v, ctx) => {
  const parsed = parseTrustProxy(v);
  if (parsed.ok) return { trust: parsed.trust, warning: parsed.warning };
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});

// CACHE_*_BYTES: byte bounds of the in-memory answer caches (decision 201; defaults in lib/cache-budget.ts).
const cacheBytes = z
  .string()
  .regex(/^[1-9]\d{0,10}$/, 'must be a whole number of bytes, e.g. 25165824')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1024 * 1024, 'must be at least 1 MiB (1048576)')
      .max(4 * 1024 * 1024 * 1024, 'must be at most 4 GiB'),
  );

// STORAGE_URL / BACKUP_STORAGE_URL: an S3-compatible bucket (decision 266), parsed into its location.
const s3Url = z.string().transform((v, ctx) => {
  const parsed = parseS3Url(v);
  if (parsed.ok) return parsed.location;
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});
const accessKey = z.string().trim().min(1, 'must not be blank');
// BACKUP_SCHEDULE, LOW_STOCK_DIGEST_SCHEDULE: a daily shop time or a cron expression (cron-pattern.ts).
const schedule = z
  .string()
  .regex(
    /^(?:[01]?\d|2[0-3]):[0-5]\d$|^\S+(?:\s+\S+){4,5}$/,
    'use a daily time such as 03:30 (shop time) or a five-field cron expression (six with seconds first)',
  );

/**
 * PostgreSQL connections per process when DATABASE_POOL_SIZE is not set: twice the machine's cores, from 4 to 10. On
 * the 2-core bench machine (issue 38) a pool of 10 let ten database processes compete with the shop for two cores: a
 * pool of 4 served the distinct-page mix faster and kept /healthz's p99 near 60 ms instead of 140-210 (decision 291).
 */
export function defaultPoolSize(cores: number): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

export const envSchema = z.object({
  ...limitEnv,
  ...cartReminderEnv,
  BODY_LIMIT_JSON: bodyBytes.optional(),
  BODY_LIMIT_UPLOAD: bodyBytes.optional(),
  CACHE_CATALOG_BYTES: cacheBytes.optional(),
  CACHE_FAST_LANE_BYTES: cacheBytes.optional(),
  CACHE_PAGES_BYTES: cacheBytes.optional(),
  CACHE_IDLE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(5, 'must be at least 5')
    .max(86_400, 'must be at most 86400 (a day)')
    .optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'use development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('data/shop.db'),
  // Set = PostgreSQL instead of the SQLite file (decision 140).
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/butiku')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(defaultPoolSize(os.availableParallelism())),
  DATABASE_CONNECT_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(3600, 'must be at most 3600')
    .default(30),
  UPLOADS_DIR: z.string().min(1).default('uploads'),
  // Set = product pictures in this bucket instead of UPLOADS_DIR (decision 266).
  STORAGE_URL: s3Url.optional(),
  STORAGE_ACCESS_KEY_ID: accessKey.optional(),
  STORAGE_SECRET_ACCESS_KEY: accessKey.optional(),
  // Set = picture URLs redirect to this public (CDN) base instead of being served by the shop.
  STORAGE_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?$/i, 'must be an http(s) URL such as https://cdn.butiku.shop/pictures')
    .optional(),
  // Set = every SQLite backup is also uploaded to this bucket, with the same BACKUP_KEEP there (decision 266).
  BACKUP_STORAGE_URL: s3Url.optional(),
  BACKUP_STORAGE_ACCESS_KEY_ID: accessKey.optional(),
  BACKUP_STORAGE_SECRET_ACCESS_KEY: accessKey.optional(),
  // The wait before the second of three upload attempts (doubled before the third); the schedule tries again later.
  BACKUP_UPLOAD_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600')
    .default(5),
  PUBLIC_URL: z
    .string()
    .url('must be a full URL such as https://butiku.shop')
    .regex(/^https?:\/\/[^/?#\s]+\/?$/i, 'must be an http(s) origin such as https://butiku.shop (no path)')
    .optional(),
  // The root of every signing and encryption key (decision 236); required in production. Elsewhere, unset = a
  // generated secret in SECRET_KEY_FILE (default: secret.key in the folder of DATABASE_PATH), never the database.
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  SECRET_KEY_FILE: z.string().min(1).optional(),
  SEED_DEMO: bool.default(true),
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  // Step-up (decision 237): how long a sign-in or a step-up counts as proof for account-keeping changes.
  STEP_UP_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(30, 'must be at least 30')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(300),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  MESSENGER_URL: z.string().url().default('https://m.me/butiku.shop'),
  TRUST_PROXY: trustProxy.prefault('false'),
  BACKUP_DIR: z.string().min(1).default('backups'),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(14),
  BACKUP_SCHEDULE: schedule.optional(),
  // E-mail (decision 170). Without SMTP_URL messages stay in the outbox, marked "not sent: no SMTP configured".
  SMTP_URL: z
    .string()
    .url('must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465')
    .regex(
      /^smtps?:\/\/[^/?#\s]+/i,
      'must start with smtp:// or smtps:// and name a host, e.g. smtp://user:pass@host:587',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(MAIL_FROM_PATTERN, 'must be an address or "Name <address>", e.g. Butiku <porosi@butiku.shop>')
    .default('Butiku <porosi@butiku.shop>'),
  SHOP_EMAIL: z.string().email('must be an e-mail address').default('info@butiku.shop'),
  // The daily low-stock digest to SHOP_EMAIL (decision 231): the hour (0-23, shop time) it is queued at.
  LOW_STOCK_DIGEST_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23')
    .default(8),
  // Set = the digest's run times instead (a daily time or a cron expression, e.g. every second in the two-server test).
  LOW_STOCK_DIGEST_SCHEDULE: schedule.optional(),
  MAIL_MAX_ATTEMPTS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(8),
  MAIL_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60 (the first retry comes within a minute)')
    .default(30),
  // How long the outbox keeps a sent message's body (decision 241); afterwards only its metadata stays.
  MAIL_KEEP_DAYS: z.coerce
    .number({ message: 'must be a number of days, e.g. 90' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days (ten years)')
    .default(90),
  // The sender block of delivery slips (decision 221); defaults are the contact page's details.
  SHOP_NAME: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(80, 'must be at most 80 characters')
    .default(messages.common.shopName),
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(200, 'must be at most 200 characters')
    .default(messages.shop.address),
  SHOP_PHONE: z
    .string()
    .trim()
    .refine((v) => normalisePhone(v) !== null, 'must be a phone number such as +383 44 123 456')
    .default(messages.shop.phone1),
  // Returns and exchanges (decision 235): the days from delivery a shopper may ask, and where and how to send.
  RETURN_WINDOW_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(DEFAULT_RETURN_WINDOW_DAYS),
  RETURN_ADDRESS: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(200, 'must be at most 200 characters')
    .default(messages.shop.address),
  RETURN_INSTRUCTIONS: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(1000, 'must be at most 1000 characters')
    .default(returnMessages.policy.defaultInstructions),
  // Set = /metrics answers Prometheus with this bearer token (decision 224); unset = no /metrics at all.
  METRICS_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters (e.g. openssl rand -hex 32)')
    .max(256, 'must be at most 256 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (e.g. openssl rand -hex 32)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `use one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

/** postgres:// or postgresql:// with a host and a database name. */
function isPostgresUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '' && u.pathname.length > 1;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

/** E-mail settings (SMTP_URL, MAIL_FROM, SHOP_EMAIL, MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS, MAIL_KEEP_DAYS); see modules/outbox. */
export interface MailConfig {
  /** Unset: the worker sends nothing and the outbox keeps every message ("not sent: no SMTP configured"). */
  smtpUrl?: string;
  from: string;
  /** Where staff notifications (new orders, contact-form copies) go. */
  shopEmail: string;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt, capped at one hour. */
  retryBaseMs: number;
  /** Days a sent message keeps its body (MAIL_KEEP_DAYS, default 90); absent in a test config = the default. */
  keepDays?: number;
}

/** The shop as a delivery slip's sender (SHOP_NAME, SHOP_ADDRESS, SHOP_PHONE). */
export interface ShopSenderConfig {
  name: string;
  address: string;
  phone: string;
}

/** The sender block when the configuration names none (tests): the contact page's details. */
export const DEFAULT_SHOP_SENDER: ShopSenderConfig = {
  name: messages.common.shopName,
  address: messages.shop.address,
  phone: messages.shop.phone1,
};

/** Returns and exchanges (RETURN_WINDOW_DAYS, RETURN_ADDRESS, RETURN_INSTRUCTIONS; decision 235). */
export interface ReturnsConfig {
  windowDays: number;
  address: string;
  instructions: string;
}

/** The returns settings when the configuration names none (tests): 14 days, the shop's address. */
export const DEFAULT_RETURNS: ReturnsConfig = {
  windowDays: DEFAULT_RETURN_WINDOW_DAYS,
  address: messages.shop.address,
  instructions: returnMessages.policy.defaultInstructions,
};

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL connection URL (DATABASE_URL); unset = the SQLite file at databasePath. */
  databaseUrl?: string;
  /** Connections per process (DATABASE_POOL_SIZE, PostgreSQL only). */
  databasePoolSize?: number;
  /** How long start-up waits for PostgreSQL to answer (DATABASE_CONNECT_SECONDS). */
  databaseConnectSeconds?: number;
  uploadsDir: string;
  /** STORAGE_URL: product pictures in this bucket instead of uploadsDir (decision 266). */
  storage?: S3Location;
  /** STORAGE_PUBLIC_URL without a trailing slash: picture URLs redirect to `<base>/<key>`. */
  storagePublicUrl?: string;
  /** BACKUP_STORAGE_URL: each SQLite backup is also uploaded here, keeping the newest backupKeep. */
  backupStorage?: S3Location;
  /** BACKUP_UPLOAD_RETRY_SECONDS: the first wait between upload attempts (absent = 5). */
  backupUploadRetrySeconds?: number;
  clientDistDir: string;
  /** The shop's public origin without a trailing slash (PUBLIC_URL; http://localhost:PORT outside production). */
  publicUrl?: string;
  /** One key per purpose, derived from JWT_SECRET (or the development key file); never stored (keys.ts, decision 236). */
  keys: ServerKeys;
  seedDemo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /** How long a login's proof (sign-in or step-up) counts for account-keeping changes (STEP_UP_SECONDS; absent = 300). */
  stepUpSeconds?: number;
  google?: { clientId: string; jwksUrl?: string; issuers?: string[] };
  facebook?: { appId: string; appSecret: string; graphUrl?: string };
  messengerUrl: string;
  /** Whose X-Forwarded-For is believed (TRUST_PROXY): false = nobody's, a hop count, or the proxies' addresses/ranges. */
  trustProxy: TrustProxy;
  /** Where `npm run db:backup` and the schedule write backups (BACKUP_DIR, default backups/), and how many are kept. */
  backupDir: string;
  backupKeep: number;
  /** BACKUP_SCHEDULE: "HH:MM" daily or a cron expression, in the shop's time zone; unset = no scheduled backups. */
  backupSchedule?: string;
  /** LOW_STOCK_DIGEST_HOUR: the hour (shop time) of the daily low-stock e-mail (default 8). */
  lowStockDigestHour?: number;
  /** LOW_STOCK_DIGEST_SCHEDULE: when set, the digest's schedule ("HH:MM" or cron) instead of the hour. */
  lowStockDigestSchedule?: string;
  /** Forgotten-cart reminders (CART_REMINDER_*, CART_RECOVERY_DAYS, CART_RESTORE_LINK_DAYS); absent = DEFAULT_CART_REMINDERS. */
  cartReminders?: CartReminderConfig;
  /** pino level of the server's log (LOG_LEVEL, default info). */
  logLevel?: LogLevel;
  /** Per-address limits (defaults in http/limits.ts, overridden by RATE_LIMIT_* variables). */
  rateLimits?: LimitTable;
  /** E-mail settings; absent = defaults without SMTP (mailSettings in modules/outbox/outbox.config.ts). */
  mail?: MailConfig;
  /** The sender block of delivery slips; absent = DEFAULT_SHOP_SENDER. */
  shop?: ShopSenderConfig;
  /** Returns and exchanges; absent = DEFAULT_RETURNS. */
  returns?: ReturnsConfig;
  /** Request body bounds (defaults in http/limits.ts, overridden by BODY_LIMIT_JSON / BODY_LIMIT_UPLOAD). */
  bodyLimits?: BodyLimits;
  /** Bounds of the answer caches (CACHE_CATALOG_BYTES, CACHE_FAST_LANE_BYTES, CACHE_PAGES_BYTES, CACHE_IDLE_SECONDS); unset = defaults in lib/cache-budget.ts. */
  cacheBudget?: Partial<CacheBudget>;
  /** The bearer token /metrics asks for (METRICS_TOKEN); unset = no /metrics (decision 224). */
  metricsToken?: string;
}

export class ConfigError extends Error {}

/** Parses process.env (or a given record); throws ConfigError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  - ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    // Canonical and Open Graph links are built from it, never from the request's Host header (decision 124).
    throw new ConfigError(
      "Invalid environment configuration:\n  - PUBLIC_URL must be set in production: the shop's public address, e.g. PUBLIC_URL=https://butiku.shop",
    );
  }
  if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  - FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together',
    );
  }
  checkStorage(env);
  return env;
}

/** The pairs and dependencies of the storage variables (decision 266). */
function checkStorage(env: Env): void {
  const problems: string[] = [];
  for (const p of ['STORAGE', 'BACKUP_STORAGE'] as const) {
    if (Boolean(env[`${p}_ACCESS_KEY_ID`]) !== Boolean(env[`${p}_SECRET_ACCESS_KEY`]))
      problems.push(`${p}_ACCESS_KEY_ID and ${p}_SECRET_ACCESS_KEY must be set together`);
    if (env[`${p}_ACCESS_KEY_ID`] && !env[`${p}_URL`]) problems.push(`${p}_ACCESS_KEY_ID needs ${p}_URL`);
  }
  if (env.STORAGE_PUBLIC_URL && !env.STORAGE_URL)
    problems.push('STORAGE_PUBLIC_URL needs STORAGE_URL (pictures in UPLOADS_DIR are served by the shop itself)');
  if (problems.length)
    throw new ConfigError(`Invalid environment configuration:\n${problems.map((l) => `  - ${l}`).join('\n')}`);
}

/** An S3 location with the explicit keys of its variables, if set. */
function withKeys(location: S3Location | undefined, id?: string, secret?: string): S3Location | undefined {
  if (!location) return undefined;
  return id && secret ? { ...location, credentials: { accessKeyId: id, secretAccessKey: secret } } : location;
}

/** Settings that start the server but deserve a line in its log (e.g. TRUST_PROXY=true read as loopback). */
export function configWarnings(env: Env): string[] {
  return env.TRUST_PROXY.warning ? [env.TRUST_PROXY.warning] : [];
}

/** The configuration with the keys derived from `rootSecret` (JWT_SECRET or the key file: see secret-file.ts). */
export function configFromEnv(env: Env, rootSecret: string, root = process.cwd()): AppConfig {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databasePath: path.resolve(root, env.DATABASE_PATH),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseConnectSeconds: env.DATABASE_CONNECT_SECONDS,
    uploadsDir: path.resolve(root, env.UPLOADS_DIR),
    storage: withKeys(env.STORAGE_URL, env.STORAGE_ACCESS_KEY_ID, env.STORAGE_SECRET_ACCESS_KEY),
    storagePublicUrl: env.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
    backupStorage: withKeys(
      env.BACKUP_STORAGE_URL,
      env.BACKUP_STORAGE_ACCESS_KEY_ID,
      env.BACKUP_STORAGE_SECRET_ACCESS_KEY,
    ),
    backupUploadRetrySeconds: env.BACKUP_UPLOAD_RETRY_SECONDS,
    clientDistDir: path.resolve(root, 'dist/client'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    keys: deriveKeys(rootSecret),
    seedDemo: env.SEED_DEMO,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    stepUpSeconds: env.STEP_UP_SECONDS,
    google: env.GOOGLE_CLIENT_ID ? { clientId: env.GOOGLE_CLIENT_ID } : undefined,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }
        : undefined,
    messengerUrl: env.MESSENGER_URL,
    trustProxy: env.TRUST_PROXY.trust,
    backupDir: path.resolve(root, env.BACKUP_DIR),
    backupKeep: env.BACKUP_KEEP,
    backupSchedule: env.BACKUP_SCHEDULE,
    lowStockDigestHour: env.LOW_STOCK_DIGEST_HOUR,
    lowStockDigestSchedule: env.LOW_STOCK_DIGEST_SCHEDULE,
    cartReminders: cartRemindersFromEnv(env),
    logLevel: env.LOG_LEVEL,
    rateLimits: rateLimitsFromEnv(env),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM.trim(),
      shopEmail: env.SHOP_EMAIL,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      retryBaseMs: env.MAIL_RETRY_SECONDS * 1000,
      keepDays: env.MAIL_KEEP_DAYS,
    },
    shop: { name: env.SHOP_NAME, address: env.SHOP_ADDRESS, phone: env.SHOP_PHONE },
    returns: {
      windowDays: env.RETURN_WINDOW_DAYS,
      address: env.RETURN_ADDRESS,
      instructions: env.RETURN_INSTRUCTIONS,
    },
    bodyLimits: {
      jsonBytes: env.BODY_LIMIT_JSON ?? DEFAULT_BODY_LIMITS.jsonBytes,
      uploadBytes: env.BODY_LIMIT_UPLOAD ?? DEFAULT_BODY_LIMITS.uploadBytes,
    },
    cacheBudget: {
      catalogBytes: env.CACHE_CATALOG_BYTES,
      fastLaneBytes: env.CACHE_FAST_LANE_BYTES,
      pageBytes: env.CACHE_PAGES_BYTES,
      idleMs: env.CACHE_IDLE_SECONDS === undefined ? undefined : env.CACHE_IDLE_SECONDS * 1000,
    },
    metricsToken: env.METRICS_TOKEN,
  };
}

function rateLimitsFromEnv(env: Env): LimitTable {
  const table = { ...DEFAULT_LIMITS } as LimitTable;
  for (const name of limitNames) {
    const override = (env as Record<string, unknown>)[limitEnvName(name)] as
      { points: number; windowSeconds: number } | undefined;
    if (override) table[name] = { ...table[name], ...override };
  }
  return table;
}
