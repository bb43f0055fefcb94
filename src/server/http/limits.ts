// Abuse limits in one place: the tRPC batch bound, request body sizes and JSON depth, and the per-address rate limits
// (docs/decisions/120, 121, 133, 206).
// Operations name them in their declarations (operations/define.ts, decision 211); both derived doors apply them
// through `consumeLimit`, so one call is counted once whichever door it came through.

import { PRODUCT_CSV_MAX_MB, TRPC_MAX_BATCH as MAX_BATCH } from '#shared/limits';

/** Most calls one tRPC batch request may carry; more is a 400 before any call runs (the client batches at most this many). */
export const TRPC_MAX_BATCH = MAX_BATCH;

/**
 * Most bytes one API request body may carry (decision 133). JSON bodies are small forms; multipart bodies carry the
 * product form's images, each checked against IMAGE_MAX_BYTES / IMAGE_MAX_FILES (shared/schemas/catalog-admin.ts,
 * shared because the browser checks them too) while it streams. A declared Content-Length over the bound is refused
 * from the header; an undeclared one while it is read. Each can be changed with BODY_LIMIT_JSON / BODY_LIMIT_UPLOAD
 * (bytes, config.ts).
 */
export const DEFAULT_BODY_LIMITS = {
  jsonBytes: 1024 * 1024,
  uploadBytes: 60 * 1024 * 1024,
} as const;

/**
 * Most levels of [ ] / { } a request's JSON may nest (decision 206): a REST body, a tRPC ?input= or body with its
 * batch and superjson wrappers. The shop's own requests nest fewer than 10; deeper is a 400 before anything parses it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Products CSV import (decisions 183, 262): the file's bytes (checked while the multipart body streams, inside the
 * upload bound above), the product rows one file may hold, how many refused cells the answer lists, and the rows
 * written per batch (one short transaction each). Sized so that the shop's own export of a large boutique imports
 * back: 10 000 products with 50 550 variants export as 50 550 rows and 11.5 MB; the bounds are twice the rows and
 * about three times the bytes (room for longer descriptions), and still bound the reading's memory. One import runs
 * at a time per process; others wait their turn.
 */
export const PRODUCT_CSV_LIMITS = {
  maxBytes: PRODUCT_CSV_MAX_MB * 1024 * 1024,
  maxRows: 100_000,
  maxErrors: 1000,
  batchRows: 150,
} as const;

export interface BodyLimits {
  jsonBytes: number;
  uploadBytes: number;
}

export type LimitKey = 'address';

export interface LimitRule {
  /** Calls allowed per window and address. */
  points: number;
  windowSeconds: number;
  key: LimitKey;
}

/**
 * Per-address limits for anonymous writes that create something or cost CPU. Chosen so a busy shop never
 * meets them in normal use even with many shoppers behind one carrier address (decision 121).
 * Each can be changed with RATE_LIMIT_<NAME>=points/seconds (config.ts).
 */
export const DEFAULT_LIMITS = {
  signup: { points: 30, windowSeconds: 60, key: 'address' },
  checkout: { points: 60, windowSeconds: 60, key: 'address' },
  contact: { points: 20, windowSeconds: 60, key: 'address' },
  promo: { points: 60, windowSeconds: 60, key: 'address' },
  socialLogin: { points: 30, windowSeconds: 60, key: 'address' },
  password: { points: 30, windowSeconds: 60, key: 'address' },
  // Password-reset requests and uses (issue 13): each request may send an e-mail, so fewer than logins.
  passwordReset: { points: 30, windowSeconds: 600, key: 'address' },
  /** Guest order look-ups (POST /api/orders/track, myOrders.track; decision 175): a shopper mistypes a few times, a guesser is slowed to a crawl. */
  track: { points: 10, windowSeconds: 60, key: 'address' },
  /**
   * Back-in-stock requests, confirmations and unsubscribes (decisions 233, 239): per client address only. Never per
   * e-mail: a stranger's bad requests naming an address must not lock that address out.
   */
  backInStock: { points: 20, windowSeconds: 60, key: 'address' },
  /** Forgotten carts (decision 275): a guest's saved cart at checkout, the reminder's restore and unsubscribe links. */
  cartReminders: { points: 30, windowSeconds: 60, key: 'address' },
  /** Reviews (decision 234): the review page's reads and writes per address; a buyer reviews a few products at a time. */
  review: { points: 30, windowSeconds: 600, key: 'address' },
  /**
   * Gift card code checks (decision 274): every check and every checkout that names a code, per address. A shopper
   * types one or two codes; a guesser of a 99-bit code gets 20 tries in 10 minutes.
   */
  giftCard: { points: 20, windowSeconds: 600, key: 'address' },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitTable = Record<LimitName, LimitRule>;

/**
 * Back in stock's double opt-in (decision 239): a request from an unconfirmed address waits `pendingHours` for its
 * confirmation (the link is valid as long) and then expires; an address gets at most one confirmation e-mail per
 * `mailEveryMinutes` (later requests in that window are covered by the link already sent, and are not refused).
 */
export const BACK_IN_STOCK_CONFIRMATION = { pendingHours: 48, mailEveryMinutes: 10 } as const;

/**
 * The self-service e-mail change (decision 259): its link works `validHours` from the request; one account may ask at
 * most `requestsPerHour` times an hour (each request e-mails the new address and the old one), then 429.
 */
export const EMAIL_CHANGE = { validHours: 24, requestsPerHour: 5 } as const;

/** Env variable name of each limit (RATE_LIMIT_SOCIAL_LOGIN for socialLogin). */
export const limitEnvName = (name: LimitName) => `RATE_LIMIT_${name.replace(/[A-Z]/g, (ch) => `_${ch}`).toUpperCase()}`;

/**
 * Login throttling (decision 122): failures per (e-mail, address) pace and then lock that pair only;
 * failures per address lock the address; failures per e-mail from anywhere only slow answers down.
 */
export const LOGIN_THROTTLE = {
  /** Failures of one e-mail from one address before attempts are spaced out (1, 2, 4 … s). */
  pairFreeFailures: 5,
  /** Failures of one e-mail from one address after which that pair is locked for pairLockSeconds. */
  pairLockAfter: 10,
  pairLockSeconds: 15 * 60,
  pairWindowSeconds: 15 * 60,
  maxPauseSeconds: 30,
  /** Failures from one address (any e-mails) before the address is locked for addressLockSeconds. */
  addressLockAfter: 50,
  addressLockSeconds: 15 * 60,
  addressWindowSeconds: 15 * 60,
  /** Failures of one e-mail from anywhere after which every attempt is slowed (never refused). */
  emailSlowAfter: 20,
  emailWindowSeconds: 15 * 60,
  emailMaxDelayMs: 2000,
} as const;

/**
 * Wrong second-factor codes one account may receive at sign-in, from any number of addresses (decision 238): past
 * `wrongCodes` in `windowSeconds` (counted from the first) every code for it, a right one too, is a 429 until the
 * window ends, and the owner is told once per window. The per-address and per-pair pacing above still applies.
 */
export const SECOND_FACTOR_CAP = {
  wrongCodes: 10,
  windowSeconds: 15 * 60,
} as const;
