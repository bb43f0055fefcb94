// One declaration per operation (decision 211): input schema, access, rate limit, the service call, its output and,
// where the spec documents one, the REST route. The tRPC router (trpc-door.ts), the Hono routes (rest-door.ts), the
// catalogue fast lane and /api/openapi.json (openapi.ts) are all derived from these declarations.
import type { Context } from 'hono';
import type { z } from 'zod';
import { ADMIN_ROLES, STAFF_ROLES } from '#shared/roles';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import type { LimitName } from '../http/limits';
import { requireActor, requireFreshProof, requireRole } from '../modules/accounts';
import type { Actor } from '../modules/accounts';

/** The least role that may call an operation: 401 without a caller, 403 for a caller below it. */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin';

/** What a declared operation's service call gets on either door: the dependencies, the caller and the request. */
export interface Caller extends AppDeps {
  actor: Actor | null;
  clientIp: string;
  /** A request header (cookies, Idempotency-Key). */
  header(name: string): string | undefined;
  /** Appends a response header (Set-Cookie of the refresh token). */
  appendHeader(name: string, value: string): void;
}

/** The caller of an operation whose access level is A: signed in (actor set) for anything but public. */
export type CallerOf<A extends Access> = A extends 'public' ? Caller : Caller & { actor: Actor };

/** The caller refused below `access` (throws the 401/403 AppError); the actor, when there is one. */
export function authorize(access: Access, actor: Actor | null): Actor | null {
  if (access === 'public') return actor;
  if (access === 'signedIn') return requireActor(actor);
  return requireRole(actor, access === 'staff' ? STAFF_ROLES : ADMIN_ROLES);
}

/**
 * Changes that keep access to an account (decision 237) ask for a proof of the owner on the caller's login within
 * STEP_UP_SECONDS (a sign-in or a step-up; a refresh is none), else 403 with `details.reason` STEP_UP_REQUIRED:
 * - `true`: always, checked with the access, before the input is read;
 * - `{ when }`: only when it holds for the parsed input (and what the database holds), checked after parsing;
 * - `{ carried }`: the input's field carries the proof (the current password or a code), which the service checks
 *   behind the login throttle and records as the login's proof; the doors ask for nothing more.
 */
export type StepUpRuleOf<I> =
  true | { when: (input: I, caller: Caller) => Awaitable<boolean> } | { carried: keyof I & string };

/** The step-up a door checks before reading the input (`stepUp: true`). */
export async function stepUpBeforeInput(op: AnyOperation, caller: Caller): Promise<void> {
  if (op.stepUp === true) await requireFreshProof(caller, requireActor(caller.actor));
}

/** The step-up a door checks on the parsed input (`stepUp: { when }`). */
export async function stepUpOnInput(op: AnyOperation, caller: Caller, input: unknown): Promise<void> {
  const rule = op.stepUp;
  if (typeof rule === 'object' && 'when' in rule && (await rule.when(input, caller)))
    await requireFreshProof(caller, requireActor(caller.actor));
}

/** What a REST route's input hook may read: path parameters, the query, the JSON body, headers, the Hono context. */
export interface RestRequest {
  /** A path parameter as sent. */
  param(name: string): string | undefined;
  /** A positive integer path parameter; a 400 naming the parameter otherwise (the spec's REST error). */
  id(name: string): number;
  /** Query parameters (last value wins). */
  query(): Record<string, string>;
  /** The JSON body ({} when empty; a 400 when malformed or nested too deeply). */
  json(): Promise<unknown>;
  header(name: string): string | undefined;
  /** The Hono context, for multipart forms (not available in the fast lane, which then leaves the request alone). */
  readonly c: Context<AppEnv>;
}

type Awaitable<T> = T | Promise<T>;

/** Where the REST route's input comes from, for /api/openapi.json (default: query for GET/DELETE, JSON body else). */
export type RestInputIn = 'query' | 'json' | 'multipart' | 'none';

export interface RestRoute<I = unknown, O = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Hono path under /api: '/Product/:id'. */
  path: string;
  /** Success status (default 200); 204 sends no body. */
  status?: number | ((out: O) => number);
  /** The raw input the operation's schema parses (default: the query for GET/DELETE, the JSON body otherwise). */
  input?: (req: RestRequest) => Awaitable<unknown>;
  /** Parses the raw input instead of the operation's schema, for a REST payload the shared schema cannot express. */
  parse?: (raw: unknown) => I;
  /** REST-only reply shaping (paging headers, cached bytes, CSV streams, the spec's extra Message). */
  reply?: (c: Context<AppEnv>, out: O, input: I) => Awaitable<Response>;
  /** The documented request body or query, when it is not the operation's input schema. */
  body?: Schema;
  /** The answer's media type when it is not JSON (CSV downloads, images), for the OpenAPI document. */
  produces?: string;
  /**
   * The REST answer's schema when this route's `reply` answers another shape than the operation's `output` (the
   * spec's list arrays, replies wrapped with a Message), for the OpenAPI document.
   */
  output?: Schema;
  /** Where the input comes from, for the OpenAPI document. */
  inputIn?: RestInputIn;
  /** The fast lane (decision 156) may answer this route for anonymous GETs (the operation must be `fastLane`). */
  fastLane?: true;
  summary?: string;
}

type Schema = z.ZodType;
/** The parsed input of a schema (undefined without one). */
export type Parsed<S extends Schema | undefined> = S extends Schema ? z.output<S> : undefined;
/** The input a tRPC client sends (void without a schema). */
export type Sent<S extends Schema | undefined> = S extends Schema ? z.input<S> : void;

/** A rate limit from http/limits.ts, counted before parsing; with `when`, after parsing and only when it holds. */
export type LimitRuleOf<I> = LimitName | { name: LimitName; when: (input: I) => boolean };

export interface Operation<
  S extends Schema | undefined = Schema | undefined,
  O = unknown,
  A extends Access = Access,
  T = O,
  K extends 'query' | 'mutation' = 'query' | 'mutation',
> {
  kind: K;
  access: A;
  input?: S;
  limit?: LimitRuleOf<Parsed<S>>;
  /** A change that keeps access to an account: the owner's fresh proof first (decision 237). */
  stepUp?: StepUpRuleOf<Parsed<S>>;
  /**
   * The answer's shape for the OpenAPI document (response schema; documentation only, no door parses an answer with
   * it): typed against the tRPC answer, so it cannot describe another type than the operation returns.
   */
  output?: z.ZodType<NoInfer<T>>;
  /** The service call. */
  run: (caller: CallerOf<A>, input: Parsed<S>) => Awaitable<O>;
  /** The tRPC procedure's answer from the service's (default: the same); false: REST only. */
  trpc?: false | ((out: Awaited<O>) => T);
  /** The documented REST route(s), if any. */
  rest?: RestRoute<Parsed<S>, Awaited<O>> | Array<RestRoute<Parsed<S>, Awaited<O>>>;
  /** An anonymous cached read the fast lane may answer over tRPC (run returns a CachedRead, decision 156). */
  fastLane?: true;
  summary?: string;
}

/** Any declared operation, as the doors walk them. */
export type AnyOperation = Operation<any, any, Access, any, 'query' | 'mutation'>;

/** A module's declarations: tRPC procedure name (within the module's router) -> operation. */
export type OperationGroup = Record<string, AnyOperation>;

type Def<S extends Schema | undefined, O, A extends Access, T> = Omit<Operation<S, O, A, T>, 'kind'>;

/** A read (tRPC query). */
export const query = <
  S extends Schema | undefined = undefined,
  O = unknown,
  A extends Access = 'public',
  T = Awaited<O>,
>(
  def: Def<S, O, A, T> & { access: A },
): Operation<S, O, A, T, 'query'> => ({ ...def, kind: 'query' });

/** A write (tRPC mutation). */
export const mutation = <
  S extends Schema | undefined = undefined,
  O = unknown,
  A extends Access = 'public',
  T = Awaited<O>,
>(
  def: Def<S, O, A, T> & { access: A },
): Operation<S, O, A, T, 'mutation'> => ({ ...def, kind: 'mutation' });

/** The REST routes of an operation, as a list. */
export const restRoutes = (op: AnyOperation): RestRoute[] =>
  op.rest === undefined ? [] : Array.isArray(op.rest) ? op.rest : [op.rest];

/** The limit's name and, if conditional, its condition. */
export const limitOf = (op: AnyOperation): { name: LimitName; when?: (input: unknown) => boolean } | undefined =>
  op.limit === undefined ? undefined : typeof op.limit === 'string' ? { name: op.limit } : op.limit;
