// The tRPC door, derived from the declarations (decision 211): one procedure per declared operation (REST-only ones
// aside), checking what the declaration states in the REST door's order: access (UNAUTHORIZED/FORBIDDEN), rate
// limit (TOO_MANY_REQUESTS + Retry-After), input (BAD_REQUEST with field messages), then the service call. The
// step-up (decision 237) comes with the access (`stepUp: true`) or after the input (`stepUp: { when }`).
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import { consumeLimit } from '../http/rate-limit';
import { withRequestContext } from '../modules/audit';
import type { TrpcContext } from '../trpc/context';
import { publicProcedure } from '../trpc/init';
import {
  authorize,
  limitOf,
  stepUpBeforeInput,
  stepUpOnInput,
  type AnyOperation,
  type Caller,
  type Operation,
  type OperationGroup,
  type Sent,
} from './define';

/** The caller of a tRPC call. */
const trpcCaller = (ctx: TrpcContext): Caller => ({
  ...ctx,
  header: (name) => ctx.req.headers.get(name) ?? undefined,
  appendHeader: (name, value) => ctx.resHeaders.append(name, value),
});

type ProcedureOf<Op> =
  Op extends Operation<infer S, any, any, infer T, infer K>
    ? K extends 'query'
      ? TRPCQueryProcedure<{ input: Sent<S>; output: Awaited<T>; meta: object }>
      : TRPCMutationProcedure<{ input: Sent<S>; output: Awaited<T>; meta: object }>
    : never;

/** The procedures of one module's declarations (REST-only ones left out), as tRPC's client types see them. */
export type ProceduresOf<G extends OperationGroup> = {
  [K in keyof G as G[K] extends { trpc: false } ? never : K]: ProcedureOf<G[K]>;
};

function procedure(op: AnyOperation) {
  const limit = limitOf(op);
  let builder = publicProcedure.use(async ({ ctx, next }) => {
    const actor = authorize(op.access, ctx.actor);
    await stepUpBeforeInput(op, trpcCaller(ctx));
    if (limit && !limit.when) await consumeLimit(ctx, limit.name, ctx.clientIp);
    return next({ ctx: { ...ctx, actor } });
  });
  if (op.input) builder = builder.input(op.input) as unknown as typeof builder;
  if (limit?.when || (typeof op.stepUp === 'object' && 'when' in op.stepUp)) {
    const when = limit?.when;
    builder = builder.use(async ({ ctx, input, next }) => {
      if (limit && when?.(input)) await consumeLimit(ctx, limit.name, ctx.clientIp);
      await stepUpOnInput(op, trpcCaller(ctx), input);
      return next();
    });
  }
  const resolve = async ({ ctx, input }: { ctx: TrpcContext; input: unknown }) => {
    const caller = trpcCaller(ctx);
    // Who calls and from where, for the audit rows the operation's writes record (decision 228).
    const context = { actorId: caller.actor?.userId ?? null, ip: caller.clientIp };
    const out: unknown = await withRequestContext(context, () => op.run(caller, input));
    return typeof op.trpc === 'function' ? op.trpc(out) : out;
  };
  return op.kind === 'query' ? builder.query(resolve) : builder.mutation(resolve);
}

/** The procedures of one module's declarations, for its sub-router. */
export function proceduresOf<G extends OperationGroup>(group: G): ProceduresOf<G> {
  const out: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(group)) if (op.trpc !== false) out[name] = procedure(op);
  return out as ProceduresOf<G>;
}
